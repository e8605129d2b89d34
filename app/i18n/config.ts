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

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
};

/** Where browsers load the messages from (a static file in public/). */
export const LOCALE_FILE_PATH = "/locales/{{lng}}/{{ns}}.json";
