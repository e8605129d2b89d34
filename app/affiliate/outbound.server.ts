/**
 * The outbound affiliate routes (docs/decisions/001-product-rules.md): /login/ and
 * /sing-up/ (and the forms without the trailing slash) and /go/<link id> answer 302 to the
 * affiliate URL configured in content, with the visitor's tracking parameters and the
 * click's id appended (outbound-location.ts). Nothing in the request can change the host
 * or the configured partner and banner parameters. The server answers them before Remix
 * (server/outbound.ts) and asks this module, through the build's entry, which link a path
 * names in the current content (`outboundTarget`; a link of an offer leads where the offer
 * does at the time of the click); the router only renders the 403 page of
 * a blocked country for them (app/routes/page.tsx).
 */
import type { AffiliateLink } from "~/content/affiliate-routes";
import { GO_PREFIX, HEADER_LINK_IDS, outboundDestinationOf } from "~/content/affiliate-routes";
import { links, perContent, site } from "~/content/content.server";
import { offerDestination } from "~/content/offers";
import type { Site } from "~/content/schema";
import { siteOrigin } from "~/config/site-origin.server";

/**
 * The outbound link a path names: /login/ or /sing-up/ (with or without the trailing
 * slash, the header's buttons), or /go/<id> (every other affiliate placement), else null.
 */
export function outboundLink(
  pathname: string,
  site: Site,
  links: ReadonlyMap<string, AffiliateLink>,
): AffiliateLink | null {
  if (pathname.startsWith(GO_PREFIX)) return links.get(pathname.slice(GO_PREFIX.length)) ?? null;
  const destination = outboundDestinationOf(pathname, site);
  if (!destination) return null;
  const login = destination === site.header.login_redirect_link;
  return { id: login ? HEADER_LINK_IDS.login : HEADER_LINK_IDS.signup, page: "", destination };
}

/** What the outbound redirect needs to know about a path, from the current content. */
export type OutboundTarget = {
  link: AffiliateLink;
  /** How clicks carry their parameters and id to the program (site.json `affiliate`). */
  affiliate: Site["affiliate"];
  /** The site's public origin: a Referer from it is a same-site page. */
  siteOrigin: string;
};

/**
 * The outbound link a path names in the content as it is now (it reloads in development),
 * or null: exported by app/entry.server.tsx for server/outbound.ts.
 */
export function outboundTarget(pathname: string, now = Date.now()): OutboundTarget | null {
  const found = outboundLink(pathname, site, links);
  // A link of an offer leads where the offer does at this very moment (app/content/offers.ts).
  const destination = found?.offer ? offerDestination(site, found.offer, now) : null;
  const link = found && destination ? { ...found, destination } : found;
  return link && { link, affiliate: site.affiliate, siteOrigin: currentOrigin() };
}

const currentOrigin = perContent(() => siteOrigin(site));
