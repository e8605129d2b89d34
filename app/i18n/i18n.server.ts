/**
 * Server side of the interface locale (remix-i18next 6, the Remix v2 line): detects the
 * locale (saved cookie first, then Accept-Language) and formats the interface layer's
 * technical messages from the same file the browser loads from /locales.
 */
import { createCookie } from "@remix-run/node";
import { createInstance } from "i18next";
import { RemixI18Next } from "remix-i18next/server";

import common from "../../public/locales/en/common.json";

import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, SUPPORTED_LOCALES } from "./config";

/** The saved preference: 365 days, whole site, SameSite=Lax; Secure is added on HTTPS. */
export const localeCookie = createCookie("ui_locale", {
  maxAge: 365 * 24 * 60 * 60,
  path: "/",
  sameSite: "lax",
  httpOnly: true,
});

const resources = { en: { [DEFAULT_NAMESPACE]: common } };

const i18nConfig = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false }, // React escapes what it renders
  resources,
};

const technical = createInstance();
void technical.init({ ...i18nConfig, lng: DEFAULT_LOCALE, initImmediate: false });

/**
 * A technical message of the interface layer (public/locales/en/common.json), in its one
 * locale: the check-page notice "Page Not Found: {path}" (fixed in English by the
 * specification). Everything a visitor reads otherwise is Spanish content.
 */
export function technicalMessage(key: keyof typeof common, values: Record<string, string>) {
  return technical.t(key, values);
}

export function createLocaleDetector(supportedLanguages: string[] = [...SUPPORTED_LOCALES]) {
  return new RemixI18Next({
    detection: { supportedLanguages, fallbackLanguage: DEFAULT_LOCALE, cookie: localeCookie },
    i18next: i18nConfig,
  });
}

export const localeDetector = createLocaleDetector();
