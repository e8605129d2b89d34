/**
 * The page route's loader (app/routes/page.tsx), shared with the dashboard's route, which
 * answers exactly like an unknown path while it is switched off: the country gate, the
 * outbound routes (recording the click), then the content's page, a 301, or the /404 page.
 */
import type { LoaderFunctionArgs, TypedResponse } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";

import { countryVary, isBlockedCountry } from "~/affiliate/country-gate.server";
import { outboundHeaders, outboundLink, outboundLocation } from "~/affiliate/outbound.server";
import { recordClick } from "~/clicks/record-click.server";
import { env } from "~/config/env.server";
import { technicalMessage } from "~/i18n/i18n.server";
import { adviceFor, links, pages, perContent, site } from "~/content/content.server";
import { FORBIDDEN_SLUG, MISSING_404_TEXT, resolvePage } from "~/content/resolve-page";
import type { Page } from "~/content/schema";
import { seoOf } from "~/seo/page-seo.server";
import { siteOrigin } from "~/seo/seo.server";

import type { PageLoaderData } from "./page-data";

/** Pages with an affiliate link: they promote the brand (advertising notice). */
const promotionalSlugs = perContent(() => new Set([...links.values()].map((link) => link.page)));

export function pageData(
  page: Page | null,
  notice: string | null = null,
  restricted = false,
): PageLoaderData {
  return {
    page,
    fallbackText: page ? null : MISSING_404_TEXT,
    seo: page ? seoOf(page.slug) : null,
    notice,
    advice: env.NODE_ENV === "development" && page ? adviceFor(page.slug) : null,
    promotional: page ? promotionalSlugs().has(page.slug) : false,
    restricted,
  };
}

export function pageLoader({
  request,
  context,
}: LoaderFunctionArgs): TypedResponse<PageLoaderData> {
  const url = new URL(request.url);
  const headers = countryVary();
  // The country gate (README "Country gate"): a blocked visitor gets the 403 page on the
  // outbound routes and on pages that promote the brand; informational pages stay open
  // (and indexable), with a notice and without the calls to action.
  const blocked = url.pathname !== FORBIDDEN_SLUG && isBlockedCountry(request);
  const forbidden = () =>
    json(pageData(pages.find((page) => page.slug === FORBIDDEN_SLUG) ?? null), {
      status: 403,
      headers,
    });
  const link = outboundLink(url.pathname, site, links);
  if (link && blocked) return forbidden();
  if (link) {
    const origin = siteOrigin(site);
    recordClick(context, request, link, {
      subIdParam: site.affiliate.subid_param,
      siteOrigin: origin,
    });
    throw redirect(outboundLocation(link.destination, request, site, origin), {
      status: 302,
      headers: { ...outboundHeaders(), ...headers },
    });
  }
  const result = resolvePage(pages, url.pathname);
  switch (result.kind) {
    case "redirect":
      // url.search is already percent-encoded by the URL parser.
      throw redirect(`${result.location}${url.search}`, { status: 301, headers });
    case "invalid":
      // The check-page notice is a technical message of the interface layer (English).
      return json(
        pageData(result.page, technicalMessage("pageNotFound", { path: result.path }), blocked),
        { status: 404, headers },
      );
    case "not-found":
      return json(pageData(result.page, null, blocked), { status: 404, headers });
    case "page":
      if (blocked && promotionalSlugs().has(result.page.slug)) return forbidden();
      return json(pageData(result.page, null, blocked), { status: result.status, headers });
  }
}
