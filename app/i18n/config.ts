/**
 * Interface-message configuration shared by server and browser (docs/decisions/001-product-rules.md): one locale,
 * "en" (language en-US), one namespace, messages in public/locales/en/common.json.
 */
export const SUPPORTED_LOCALES = ["en"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const DEFAULT_NAMESPACE = "common";

export function isSupportedLocale(value: unknown): value is Locale {
  return (SUPPORTED_LOCALES as readonly unknown[]).includes(value);
}

/** Where browsers load the messages from: a static file in public/locales. */
export function localeFilePath(locale: string, namespace: string = DEFAULT_NAMESPACE): string {
  return `/locales/${encodeURIComponent(locale)}/${encodeURIComponent(namespace)}.json`;
}
