/**
 * Server entry: renders each document whole, as a string (the site has no Suspense, and a
 * finished document is what its headers need), then answers with the headers only a
 * finished document can have: a Content-Security-Policy with the hashes of its inline
 * scripts, a strong ETag and Cache-Control by status. The server keeps finished pages in
 * its one cache (server/page-cache.ts) and answers HEAD, 304 and content negotiation for
 * every document (server/send-document.ts), so nothing here is cached or compared.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

import { appConfig } from "~/config/app-config.server";
import { site } from "~/content/content.server";
import { offersChangeIn } from "~/content/offers";
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
import { loadScriptsAfterFirstPaint } from "~/document/scripts-after-paint.server";
import { stylesheetText } from "~/document/stylesheet.server";

/** What the server (server/) asks of the app: its one facade (app/server-app.server.ts). */
export { serverApp } from "~/server-app.server";
import type { PageLoaderData } from "~/routes/page.loader.server";

const policyOrigins = configuredOrigins(appConfig.cdnUrl);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const body = `<!DOCTYPE html>${loadScriptsAfterFirstPaint(
    renderToString(
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
      </DocumentInlines.Provider>,
    ),
  )}`;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(
      inlineScriptHashes(body),
      {
        ...policyOrigins,
        frameAncestors: framedPreviewIn(entryContext) ? "'self'" : "'none'",
        frameSrc: framing(entryContext, "frames") ? "'self'" : null,
      },
      inlineStyleHashes(body),
    ),
  );
  responseHeaders.set("ETag", strongEtag(body));
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set(
      "Cache-Control",
      documentCacheControl(responseStatusCode, {
        changesIn: offersChangeIn(site, loadContext.now ?? Date.now()),
      }),
    );
  }
  return new Response(body, { status: responseStatusCode, headers: responseHeaders });
}

/** A route of the page frames the site's own pages (`handle.frames`: the studio's editor). */
function framing({ staticHandlerContext, routeModules }: EntryContext, key: "frames"): boolean {
  return staticHandlerContext.matches.some(
    (match) =>
      (routeModules[match.route.id]?.handle as Record<string, unknown> | undefined)?.[key] ===
      "self",
  );
}

/** The page is the studio's preview as the editor frames it: the site may frame it. */
function framedPreviewIn({ staticHandlerContext }: EntryContext): boolean {
  return staticHandlerContext.matches.some(
    (match) =>
      (staticHandlerContext.loaderData?.[match.route.id] as Partial<PageLoaderData> | undefined)
        ?.preview?.framed === true,
  );
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
