/**
 * The outbound affiliate routes (docs/decisions/001-product-rules.md): /login/ and /sing-up/ (and the forms without
 * the trailing slash) answer 302 to the affiliate URL configured in content, with the
 * visitor's tracking parameters appended. Nothing in the request can change the host or
 * the configured partner and banner parameters.
 */
import { env } from "~/config/env.server";
import type { AffiliateLink } from "~/content/affiliate-routes";
import { outboundDestinationOf } from "~/content/affiliate-routes";
import type { Site } from "~/content/schema";

import { siteOriginsOf, visitTrackingParams, withTrackingParams } from "./tracking-params";

/** Link ids of the header's outbound routes in the click reports. */
export const HEADER_LINK_IDS = { login: "header-login", signup: "header-signup" } as const;

/** Path of the outbound route of a content link: /go/<link id>. */
export const GO_PREFIX = "/go/";

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

/** The configured destination for an outbound path, or null when the path is not one. */
export function outboundDestination(pathname: string, site: Site): string | null {
  return outboundDestinationOf(pathname, site);
}

/** Where the visitor goes: the destination plus the visit's allowed tracking parameters. */
export function outboundLocation(
  destination: string,
  request: Request,
  site: Site,
  configuredOrigin: string,
): string {
  const origins = siteOriginsOf(request, configuredOrigin);
  return withTrackingParams(
    destination,
    visitTrackingParams(request, site.affiliate.subid_param, origins),
  );
}

/** Outbound answers are never cached or indexed. */
export function outboundHeaders(): Record<string, string> {
  // On staging the server already sends X-Robots-Tag on every response; once is enough.
  return {
    "Cache-Control": "no-store",
    ...(env.SITE_INDEXABLE ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  };
}
