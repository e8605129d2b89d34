/**
 * The loader of every page (app/routes/page.tsx): the country gate (the server answers the
 * outbound routes before Remix, server/outbound.ts, and leaves only a blocked visitor's
 * 403 page to this loader), then the path resolved against the content: the page with the
 * blocks of the variants the server assigned the request (docs/experiments.md), a 301 for
 * a trailing slash, or the /404 page with status 404 (with the check-page notice when the
 * path failed validation: one 404 page, one head). A module of its own so the browser's
 * bundle of the page route carries none of it.
 */
import type { LoaderFunctionArgs, MetaDescriptor, TypedResponse } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";

import { countryVary, isBlockedCountry } from "~/affiliate/country-gate.server";
import { outboundLink } from "~/affiliate/outbound.server";
import { env } from "~/config/env.server";
import {
  adviceFor,
  links,
  pages,
  perContent,
  promotionalSlugs,
  redirects,
  site,
  variants,
} from "~/content/content.server";
import { applyVariants, parseAssignment } from "~/content/experiment-variants";
import { offersChangeIn, pageAt, type ServedPage } from "~/content/offers";
import { bylineOf, type PageByline } from "~/content/record-pages";
import { FORBIDDEN_SLUG, MISSING_404_TEXT, resolvePage } from "~/content/resolve-page";
import type { Page } from "~/content/schema";
import { documentCacheControl } from "~/document/headers.server";
import { runningOn } from "~/experiments/page-experiments.server";
import { technicalMessage } from "~/i18n/i18n.server";
import { redirectFor } from "~/redirects/redirects";
import { headOf } from "~/seo/page-seo.server";
import { isPreviewPath, previewData } from "~/studio/preview.server";

/** What the loader sends to the browser. */
export type PageLoaderData = {
  /**
   * The resolved page, or null when neither the slug nor /404 exists: as served now, with
   * the blocks of offers not valid now replaced or left out (app/content/offers.ts).
   */
  page: ServedPage | null;
  /** Plain text shown when `page` is null. */
  fallbackText: string | null;
  /** Who wrote and reviewed the page and when it last changed; null on status and legal pages. */
  byline: PageByline | null;
  /** Head tags and structured data of the page, as Remix meta descriptors (made here). */
  head: MetaDescriptor[] | null;
  /**
   * The check-page notice of a path that failed validation ("Page Not Found: {path}"),
   * shown under the 404 page's content; null otherwise.
   */
  notice: string | null;
  /**
   * `npm run dev` only: the content advice about this page (SEO lengths, links, alt
   * text, headings), shown in a panel at the foot of the page; null in production.
   */
  advice: string[] | null;
  /**
   * The page promotes the brand (it has an affiliate link): it carries the advertising
   * notice, 18+ and the safe-play message under its first call to action.
   */
  promotional: boolean;
  /**
   * The visitor's country is blocked and this informational page stays open to them: it
   * shows the restriction notice (the header hides its calls to action).
   */
  restricted: boolean;
  /**
   * Set only on the studio's previews of a draft (app/studio/preview.server.ts): the line
   * above the page, the page's title, and whether the editor frames it (the one page the
   * site lets be framed, by itself: app/entry.server.tsx).
   */
  preview?: { bar: string; title: string; framed: boolean };
};

function pageData(
  promotional: ReadonlySet<string>,
  now: number,
  page: ServedPage | null,
  notice: string | null = null,
  restricted = false,
): PageLoaderData {
  return {
    page,
    fallbackText: page ? null : MISSING_404_TEXT,
    head: page ? headOf(page.slug, now) : null,
    byline: page ? (bylines().get(page.slug) ?? null) : null,
    notice,
    advice: env.NODE_ENV === "development" && page ? adviceFor(page.slug) : null,
    promotional: page ? promotional.has(page.slug) : false,
    restricted,
  };
}

/** Every page's byline, made once per content. */
const bylines = perContent(
  () => new Map(pages.map((page) => [page.slug, bylineOf(page, site)] as const)),
);

/**
 * The page with the blocks of the variants the server assigned this request, and of the
 * offers valid at `now`.
 */
function pageFor(page: Page, assigned: string | undefined, now: number): ServedPage {
  return pageAt(
    applyVariants(page, variants.get(page.slug), parseAssignment(assigned ?? "")),
    site,
    now,
  );
}

export async function loader({
  request,
  context,
}: LoaderFunctionArgs): Promise<TypedResponse<PageLoaderData>> {
  const url = new URL(request.url);
  // The request's clock: the offers valid now (app/content/offers.ts).
  const now = context.now ?? Date.now();
  if (isPreviewPath(url.pathname)) {
    return previewData(request, context, (text) => ({
      ...pageData(new Set(), now, null),
      fallbackText: text,
    }));
  }
  const headers = countryVary();
  const promotional = promotionalSlugs();
  // The country gate (docs/affiliate-links.md): a blocked visitor gets the 403 page on the
  // outbound routes and on pages that promote the brand; informational pages stay open
  // (and indexable), with a notice and without the calls to action.
  const blocked = url.pathname !== FORBIDDEN_SLUG && isBlockedCountry(request);
  const forbidden = () =>
    json(pageData(promotional, now, pages.find((page) => page.slug === FORBIDDEN_SLUG) ?? null), {
      status: 403,
      headers,
    });
  if (blocked && outboundLink(url.pathname, site, links)) return forbidden();
  const result = resolvePage(pages, url.pathname);
  // A path no page answers may be one a page has left, or one an admin redirected: 301 to
  // the page (one hop). A page's own path never is, so a page pays no lookup.
  const moved =
    result.kind === "invalid" || result.kind === "not-found"
      ? redirectFor(redirects(), url.pathname)
      : null;
  if (moved) throw redirect(`${moved.to}${url.search}`, { status: 301, headers });
  switch (result.kind) {
    case "redirect":
      // url.search is already percent-encoded by the URL parser.
      throw redirect(`${result.location}${url.search}`, { status: 301, headers });
    case "invalid":
      // The check-page notice is a technical message of the interface layer (English).
      return json(
        pageData(
          promotional,
          now,
          result.page,
          technicalMessage("pageNotFound", { path: result.path }),
          blocked,
        ),
        { status: 404, headers },
      );
    case "not-found":
      return json(pageData(promotional, now, result.page, null, blocked), { status: 404, headers });
    case "page":
      if (blocked && promotional.has(result.page.slug)) return forbidden();
      return json(
        pageData(promotional, now, pageFor(result.page, context.variants, now), null, blocked),
        {
          status: result.status,
          headers: runningOn(result.page, Date.now())
            ? {
                ...headers,
                "Cache-Control": documentCacheControl(result.status, {
                  perVisitor: true,
                  changesIn: offersChangeIn(site, now),
                }),
              }
            : headers,
        },
      );
  }
}
