/**
 * Which page a view counts (docs/page-views.md): the content page the router shows for a
 * path, or "404" for every other path, so a flood of random paths adds one value, not one
 * row per path. The view endpoint answers before Remix (server/page-view.ts) and asks the
 * current content through the build's entry (`viewedPage`, app/entry.server.tsx).
 */
import { outboundLink } from "~/affiliate/outbound.server";
import { siteOrigin } from "~/config/site-origin.server";
import { links, pages, perContent, promotionalSlugs, site } from "~/content/content.server";
import { FORBIDDEN_SLUG, NOT_FOUND_SLUG, resolvePage } from "~/content/resolve-page";

/** The page value of every path that shows the not-found page (the /404 page's own too). */
export const NOT_FOUND_PAGE = "404";

/** What the view endpoint needs to know about a path, from the current content. */
export type ViewedPage = {
  /** A content page's slug, or NOT_FOUND_PAGE. */
  page: string;
  /** The site's public origin: a Referer from it is a same-site page, not a referrer. */
  siteOrigin: string;
};

const currentOrigin = perContent(() => siteOrigin(site));

/**
 * The page a path shows in the content as it is now (it reloads in development), and the
 * site's origin: exported by app/entry.server.tsx for server/page-view.ts.
 */
export function viewedPage(path: string, blocked = false): ViewedPage {
  return { page: pageShown(path, blocked), siteOrigin: currentOrigin() };
}

/**
 * The page a path shows, resolved as app/routes/page.tsx resolves it: "/terms/" and
 * "/Terms" redirect to "/terms", which is the page seen; a visitor from a blocked country
 * (`blocked`, the country gate's verdict) sees the /403 page on a promotional page.
 */
export function pageShown(path: string, blocked = false): string {
  // A page's path, as location.pathname gives it; a query or fragment sent along is not
  // part of it (the router never sees them in the path either).
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (blocked && outboundLink(pathname, site, links)) return FORBIDDEN_SLUG;
  const result = resolvePage(pages, pathname);
  const slug =
    result.kind === "page"
      ? result.page.slug
      : result.kind === "redirect"
        ? result.location
        : NOT_FOUND_SLUG;
  if (slug === NOT_FOUND_SLUG) return NOT_FOUND_PAGE;
  return blocked && promotionalSlugs().has(slug) ? FORBIDDEN_SLUG : slug;
}
