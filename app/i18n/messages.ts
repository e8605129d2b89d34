/**
 * Interface messages (English, locale "en", SPEC §1): labels that are not page content.
 * The same JSON is served to browsers from /locales/en/common.json.
 */
import common from "../../public/locales/en/common.json";

export type MessageKey = keyof typeof common;

/** Looks up a message and fills `{{name}}` placeholders. */
export function t(key: MessageKey, values: Record<string, string> = {}): string {
  return common[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
