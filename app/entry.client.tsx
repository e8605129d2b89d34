/**
 * Client entry: exposes the page's public configuration as window.__APP_CONFIG__, then
 * hydrates the server-rendered document. Nothing is awaited first: the interface messages
 * load from the root route once the page is interactive (app/i18n/interface-messages.client.ts).
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { readAppConfig } from "~/config/app-config";
import { routablePath } from "~/browser/routable-path";
import { DocumentInlines, inlinedTexts } from "~/document/document-inlines";

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
startTransition(() => {
  hydrateRoot(
    document,
    <DocumentInlines.Provider value={inlines}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </DocumentInlines.Provider>,
  );
});
