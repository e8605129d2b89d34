/**
 * Browser side of the interface locale: loads the messages from the static locale file
 * with the app's HTTP client before hydration. If the file cannot be loaded the error is
 * logged once and the page goes on working (labels fall back to their keys).
 */
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";

import { http } from "~/runtime/http";

import { LOCALE_FILE_PATH, i18nConfig } from "./config";

const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const url = LOCALE_FILE_PATH.replace("{{lng}}", language).replace("{{ns}}", namespace);
    http<Record<string, string>>(url)
      .then((messages) => callback(null, messages))
      .catch((error: unknown) => {
        console.error(`Interface messages could not be loaded from ${url}:`, error);
        callback(null, {});
      });
  },
};

export async function initClientI18n(locale: string) {
  await i18next
    .use(initReactI18next)
    .use(localeFileBackend)
    .init({ ...i18nConfig, lng: locale, ns: getInitialNamespaces() });
  return i18next;
}
