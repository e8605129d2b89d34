/**
 * Server side of the interface locale (remix-i18next 6, the Remix v2 line): detects the
 * locale (saved cookie first, then Accept-Language) and renders with the same messages
 * the browser loads from /locales, so hydration never flickers.
 */
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";

import common from "../../public/locales/en/common.json";

import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, SUPPORTED_LOCALES, i18nConfig } from "./config";

/** The saved preference: 365 days, whole site, SameSite=Lax; Secure is added on HTTPS. */
export const localeCookie = createCookie("ui_locale", {
  maxAge: 365 * 24 * 60 * 60,
  path: "/",
  sameSite: "lax",
  httpOnly: true,
});

const resources = { en: { [DEFAULT_NAMESPACE]: common } };

const technical = createInstance();
void technical.init({ ...i18nConfig, lng: DEFAULT_LOCALE, resources, initImmediate: false });

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
    i18next: { ...i18nConfig, resources },
  });
}

export const localeDetector = createLocaleDetector();

const instances = new Map<string, Promise<i18n>>();

/**
 * An i18next instance for a locale, created once and reused: the messages are static, so
 * there is no per-request initialisation on the render path.
 */
export function i18nFor(locale: string): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: locale, resources })
      .then(() => created);
    instances.set(locale, instance);
  }
  return instance;
}
