/**
 * Client entry: exposes the page's public configuration as window.__APP_CONFIG__, loads
 * the interface messages, then hydrates the server-rendered document.
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";

import { DEFAULT_LOCALE } from "~/i18n/config";
import { initClientI18n } from "~/i18n/i18n.client";
import { readAppConfig } from "~/config/app-config";
import { routablePath } from "~/runtime/routable-path";
import { DocumentInlines, inlinedTexts } from "~/document/document-inlines";

async function hydrate() {
  // The server answered this URL as the route of its escaped form: match the same route.
  const path = routablePath(window.location.pathname);
  if (path !== window.location.pathname) {
    window.history.replaceState(
      window.history.state,
      "",
      `${path}${window.location.search}${window.location.hash}`,
    );
  }
  window.__APP_CONFIG__ = readAppConfig();
  const inlines = inlinedTexts();
  const i18n = await initClientI18n(document.documentElement.dataset.uiLocale ?? DEFAULT_LOCALE);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <DocumentInlines.Provider value={inlines}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </DocumentInlines.Provider>
      </I18nextProvider>,
    );
  });
}

void hydrate();
