/**
 * The outbound affiliate routes (SPEC §2): /login/ and /sing-up/ (and the forms without
 * the trailing slash) answer 302 to the affiliate URL configured in content, with the
 * visitor's tracking parameters appended. Nothing in the request can change the host or
 * the configured partner and banner parameters.
 */
import type { Site } from "~/content/schema";

import { env } from "~/config/env.server";
import { pickTrackingParams, withTrackingParams } from "./tracking-params";

/** The configured destination for an outbound path, or null when the path is not one. */
export function outboundDestination(pathname: string, site: Site): string | null {
  const { login_link, signup_link, login_redirect_link, signup_redirect_link } = site.header;
  const routes: [string, string][] = [
    [login_link, login_redirect_link],
    [signup_link, signup_redirect_link],
  ];
  for (const [path, destination] of routes) {
    if (pathname === path || pathname === path.replace(/\/$/, "")) return destination;
  }
  return null;
}

/** Where the visitor goes: the destination plus the allowed tracking parameters. */
export function outboundLocation(destination: string, search: URLSearchParams, site: Site): string {
  return withTrackingParams(destination, pickTrackingParams(search, site.affiliate.subid_param));
}

/** Outbound answers are never cached or indexed. */
export function outboundHeaders(): Record<string, string> {
  // On staging the server already sends X-Robots-Tag on every response; once is enough.
  return {
    "Cache-Control": "no-store",
    ...(env.SITE_INDEXABLE ? { "X-Robots-Tag": "noindex, nofollow" } : {}),
  };
}
