/**
 * Browser side of the interface locale: loads the locale's messages from the static file
 * in public/locales with the app's HTTP client. Nothing waits for them (the page is
 * server-rendered and hydrates without them); a file that cannot be loaded is logged once
 * and the page goes on working.
 */
import { http } from "~/browser/http";

import { DEFAULT_NAMESPACE, localeFilePath } from "./config";

export type InterfaceMessages = Record<string, string>;

const loaded = new Map<string, Promise<InterfaceMessages>>();

/** The messages of `locale`, fetched once per page; `{}` when the file failed to load. */
export function loadInterfaceMessages(
  locale: string,
  namespace: string = DEFAULT_NAMESPACE,
  fetchMessages: (url: string) => Promise<InterfaceMessages> = (url) => http(url),
): Promise<InterfaceMessages> {
  const url = localeFilePath(locale, namespace);
  let messages = loaded.get(url);
  if (!messages) {
    messages = fetchMessages(url).catch((error: unknown) => {
      console.error(`Interface messages could not be loaded from ${url}:`, error);
      return {};
    });
    loaded.set(url, messages);
  }
  return messages;
}

/** For tests: forget what was loaded. */
export function resetInterfaceMessages() {
  loaded.clear();
}
