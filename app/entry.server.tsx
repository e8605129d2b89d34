/**
 * Server entry: renders each document whole, as a string (the site has no Suspense, and a
 * finished document is what its headers need), then answers with the headers only a
 * finished document can have: a Content-Security-Policy with the hashes of its inline
 * scripts, a strong ETag and Cache-Control by status. The server keeps finished pages in
 * its one cache and answers HEAD, 304 and content negotiation for every document
 * (server/page-cache.ts), so nothing here is cached or compared.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";

import { appConfig } from "~/config/app-config.server";
import {
  configuredOrigins,
  contentSecurityPolicy,
  documentCacheControl,
  inlineScriptHashes,
  inlineStyleHashes,
  strongEtag,
} from "~/document/headers.server";
import { DocumentInlines } from "~/document/document-inlines";
import { buildModulesImportMap } from "~/document/module-integrity.server";
import { stylesheetText } from "~/document/stylesheet.server";
import { i18nFor, localeDetector } from "~/i18n/i18n.server";

const policyOrigins = configuredOrigins(appConfig.cdnUrl);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const i18n = await i18nFor(await localeDetector.getLocale(request));
  const body = `<!DOCTYPE html>${loadScriptsAfterFirstPaint(
    renderToString(
      <I18nextProvider i18n={i18n}>
        <DocumentInlines.Provider
          value={{
            stylesheet: stylesheetText,
            // `remix dev` rewrites the modules while the server runs (rebuilds, HMR):
            // integrity would go stale there, so development pages list none.
            importMap:
              process.env.NODE_ENV === "development"
                ? "{}"
                : buildModulesImportMap(appConfig.assetsPath),
          }}
        >
          <RemixServer context={entryContext} url={request.url} />
        </DocumentInlines.Provider>
      </I18nextProvider>,
    ),
  )}`;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(inlineScriptHashes(body), policyOrigins, inlineStyleHashes(body)),
  );
  responseHeaders.set("ETag", strongEtag(body));
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(responseStatusCode));
  }
  return new Response(body, { status: responseStatusCode, headers: responseHeaders });
}

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import "([^"]+)";$/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__remixRouteModules = (\{[^;]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

/**
 * The page's JavaScript (about 110 KB) loads after the first paint, not with it. Remix's
 * <Scripts> preloads every module at high priority and imports them at once; on a slow
 * connection they compete with the document and delay its first paint (measured with
 * Lighthouse's mobile simulation: FCP and LCP 1.8 s before, see the README). This
 * rewrites Remix's bootstrap module into the same imports, started on the frame after
 * the first paint, and turns the preload links off. The page renders and
 * works without JavaScript meanwhile. If Remix's bootstrap ever looks different, the
 * document is left as Remix wrote it.
 */
export function loadScriptsAfterFirstPaint(html: string): string {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) return html;
  const statements = match[1]!
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const first: string[] = [];
  const routes: [string, string][] = [];
  let modules: string | undefined;
  let entry: string | undefined;
  for (const statement of statements) {
    const staticImport = STATIC_IMPORT.exec(statement);
    const routeImport = ROUTE_IMPORT.exec(statement);
    const routeModules = ROUTE_MODULES.exec(statement);
    const entryImport = ENTRY_IMPORT.exec(statement);
    if (staticImport) first.push(staticImport[1]!);
    else if (routeImport) routes.push([routeImport[1]!, routeImport[2]!]);
    else if (routeModules) modules = routeModules[1];
    else if (entryImport) entry = entryImport[1];
    else return html;
  }
  if (!modules || !entry) return html;
  // Everything but the entry downloads in parallel; the entry, which hydrates, runs last.
  const names = [...first.map((_, index) => `_${index}`), ...routes.map(([name]) => name)];
  const urls = [...first, ...routes.map(([, url]) => url)];
  const loader = [
    "const load = async () => {",
    `  const [${names.join(", ")}] = await Promise.all([${urls
      .map((url) => `import(${JSON.stringify(url)})`)
      .join(", ")}]);`,
    `  window.__remixRouteModules = ${modules};`,
    `  await import(${JSON.stringify(entry)});`,
    "};",
    "requestAnimationFrame(() => setTimeout(load));",
  ].join("\n");
  // The elements stay (hydration compares elements, not these attributes or the script's
  // text): the preload links lose their rel, so they fetch nothing.
  return html
    .replace(MODULE_SCRIPT, () => `<script type="module" async="">${loader}</script>`)
    .replaceAll('<link rel="modulepreload" ', '<link data-preload-after-paint="" ');
}

/** True for the 4xx answers Remix raises itself (405 without an action, 404 no route). */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * Logs real server errors once. Requests the client aborted and 4xx answers are not
 * errors of ours, so they do not fill the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isClientError(error)) return;
  console.error(error);
};
