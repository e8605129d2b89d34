/**
 * Server entry: renders the document for every page request (see render-document) and
 * logs real server errors once.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";

import { i18nFor, localeDetector } from "~/i18n/i18n.server";
import { env } from "~/lib/env.server";
import { ALLOWED_METHODS } from "~/lib/page-loader.server";
import { renderDocument } from "~/lib/render-document.server";
import { isRouterLevelError, withRootData } from "~/lib/router-error.server";

/**
 * Headers for every response of the site, documents, resource routes and static files
 * alike. server.mjs applies them in one middleware (this module is the build's entry, so
 * the server reads them from the build), which keeps each header in exactly one place.
 */
export function commonHeaders(): [string, string][] {
  return env.SITE_INDEXABLE ? [] : [["X-Robots-Tag", "noindex, nofollow"]];
}

export const streamTimeout = 5_000;
const ABORT_DELAY = streamTimeout + 1_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  let remixContext = entryContext;
  if (isRouterLevelError(remixContext)) {
    remixContext = await withRootData(remixContext, responseStatusCode, request);
    if (responseStatusCode === 405) responseHeaders.set("Allow", ALLOWED_METHODS);
  }
  const i18n = await i18nFor(await localeDetector.getLocale(request));
  return renderDocument(
    <I18nextProvider i18n={i18n}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </I18nextProvider>,
    {
      status: responseStatusCode,
      headers: responseHeaders,
      waitForAll: isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode,
      abortDelay: ABORT_DELAY,
    },
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
