/**
 * What a page route's loader does: apply the country gate, send the outbound routes to
 * the affiliate, resolve the path, then answer with the page, a 301 to the canonical
 * path, or a 404 carrying the /404 page for the error boundary.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";

import { recordClick } from "~/clicks/record-click.server";
import { getPage, links, pages, site } from "~/content/content.server";
import type { Page } from "~/content/schema";
import { FORBIDDEN_SLUG, MISSING_404_TEXT } from "~/content/resolve-page";

import { countryVary, isBlockedCountry } from "~/affiliate/country-gate.server";
import { outboundLink, outboundHeaders, outboundLocation } from "~/affiliate/outbound.server";
import type { NotFoundErrorData, PageLoaderData } from "./page-data";
import { buildSeo, siteOrigin } from "~/seo/seo.server";

function pageData(page: Page | null): PageLoaderData {
  return {
    page,
    fallbackText: page ? null : MISSING_404_TEXT,
    seo: page ? buildSeo(page, site, pages) : null,
  };
}

export function loadPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const vary = countryVary();
  if (url.pathname !== FORBIDDEN_SLUG && isBlockedCountry(request)) {
    const forbidden = pages.find((page) => page.slug === FORBIDDEN_SLUG) ?? null;
    return json(pageData(forbidden), { status: 403, headers: vary });
  }
  const link = outboundLink(url.pathname, site, links);
  if (link) {
    recordClick(context, request, link, {
      subIdParam: site.affiliate.subid_param,
      siteOrigin: siteOrigin(site),
    });
    throw redirect(outboundLocation(link.destination, request, site, siteOrigin(site)), {
      status: 302,
      headers: { ...outboundHeaders(), ...vary },
    });
  }
  const result = getPage(url.pathname);
  switch (result.kind) {
    case "redirect":
      // url.search is already percent-encoded by the URL parser.
      throw redirect(`${result.location}${url.search}`, { status: 301, headers: vary });
    case "invalid":
      throw json<NotFoundErrorData>(
        { message: result.message, page: result.page, fallbackText: MISSING_404_TEXT },
        { status: 404, headers: vary },
      );
    case "not-found":
      return json(pageData(result.page), { status: 404, headers: vary });
    case "page":
      return json(pageData(result.page), { status: result.status, headers: vary });
  }
}

/** Methods every page answers. */
export const ALLOWED_METHODS = "GET, HEAD";

export function refuseMethod(): never {
  throw json(null, { status: 405, headers: { Allow: ALLOWED_METHODS } });
}
