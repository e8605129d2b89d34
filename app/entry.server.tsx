/**
 * Server entry: renders each document once into a string (kept in a bounded cache while
 * its data is unchanged), then answers with the headers only a finished document can
 * have: a Content-Security-Policy with the hashes of its inline scripts, a strong ETag
 * (304 on a matching If-None-Match) and Cache-Control by status.
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { I18nextProvider } from "react-i18next";

import { i18nFor, localeDetector } from "~/i18n/i18n.server";
import { appConfig } from "~/config/app-config.server";
import { DocumentCache, type CachedDocument } from "~/document/document-cache.server";
import {
  configuredOrigins,
  contentSecurityPolicy,
  documentCacheControl,
  inlineScriptHashes,
  matchesIfNoneMatch,
  securityHeaders,
  strongEtag,
} from "~/document/headers.server";
import { ALLOWED_METHODS } from "~/pages/loader.server";
import { renderDocument } from "~/document/render.server";
import { isRouterLevelError, withRootData } from "~/document/router-error.server";

/**
 * Headers for every response of the site, documents, resource routes and static files
 * alike. server.mjs applies them in one middleware (this module is the build's entry, so
 * the server reads them from the build), which keeps each header in exactly one place.
 */
export function commonHeaders(): [string, string][] {
  return securityHeaders();
}

export const streamTimeout = 5_000;
const ABORT_DELAY = streamTimeout + 1_000;

const documents = new DocumentCache(128, 16 * 1024 * 1024);
const policyOrigins = configuredOrigins(appConfig.cdnUrl);

async function render(
  request: Request,
  status: number,
  remixContext: EntryContext,
): Promise<{ body: string; status: number }> {
  const i18n = await i18nFor(await localeDetector.getLocale(request));
  const response = await renderDocument(
    <I18nextProvider i18n={i18n}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </I18nextProvider>,
    {
      status,
      headers: new Headers(),
      waitForAll: isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode,
      abortDelay: ABORT_DELAY,
    },
  );
  return { body: await response.text(), status: response.status };
}

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

  const url = new URL(request.url);
  const handoff = remixContext.serverHandoffString ?? "";
  const key = `${responseStatusCode}|${url.pathname}${url.search}|${handoff.length}`;
  let document: CachedDocument | undefined = documents.get(key, handoff);
  let status = responseStatusCode;
  if (!document) {
    const rendered = await render(request, responseStatusCode, remixContext);
    status = rendered.status;
    document = {
      handoff,
      body: rendered.body,
      etag: strongEtag(rendered.body),
      csp: contentSecurityPolicy(inlineScriptHashes(rendered.body), policyOrigins),
    };
    // A render that failed half-way (status changed to 500) is never reused.
    if (status === responseStatusCode) documents.set(key, document);
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", document.csp);
  responseHeaders.set("ETag", document.etag);
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(status));
  }
  if (status === 200 && matchesIfNoneMatch(request.headers.get("If-None-Match"), document.etag)) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(document.body, { status, headers: responseHeaders });
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
