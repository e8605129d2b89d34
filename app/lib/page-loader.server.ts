/**
 * What a page route's loader does: resolve the path, then answer with the page, a 301
 * to the canonical path, or a 404 carrying the /404 page for the error boundary.
 */
import { json, redirect } from "@remix-run/node";

import { getPage, pages, site } from "~/content/content.server";
import type { Page } from "~/content/schema";
import { MISSING_404_TEXT } from "~/content/resolve-page";

import type { NotFoundErrorData, PageLoaderData } from "./page-data";
import { buildSeo } from "./seo.server";

function pageData(page: Page | null): PageLoaderData {
  return {
    page,
    fallbackText: page ? null : MISSING_404_TEXT,
    seo: page ? buildSeo(page, site, pages) : null,
  };
}

export function loadPage(request: Request) {
  const url = new URL(request.url);
  const result = getPage(url.pathname);
  switch (result.kind) {
    case "redirect":
      // url.search is already percent-encoded by the URL parser.
      throw redirect(`${result.location}${url.search}`, 301);
    case "invalid":
      throw json<NotFoundErrorData>(
        { message: result.message, page: result.page, fallbackText: MISSING_404_TEXT },
        { status: 404 },
      );
    case "not-found":
      return json(pageData(result.page), { status: 404 });
    case "page":
      return json(pageData(result.page), { status: result.status });
  }
}

/** Methods every page answers. */
export const ALLOWED_METHODS = "GET, HEAD";

export function refuseMethod(): never {
  throw json(null, { status: 405, headers: { Allow: ALLOWED_METHODS } });
}
