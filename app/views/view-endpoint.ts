/**
 * The view endpoint's contract (docs/page-views.md), one leaf module for both sides: the
 * server that answers it (server/page-view.ts, and the guard's methods for its path) and the
 * page's beacon that calls it (app/browser). No server code: the browser bundle may import it.
 */

/** Where a page reports its view: POST from the beacon, GET from the `<noscript>` image. */
export const VIEW_PATH = "/_app/view";

/** What the endpoint answers (the guard's `Allow` for its path). */
export const VIEW_METHODS = "GET, HEAD, POST";

/** Largest body (or query) a view may have: a beacon sends well under 300 bytes. */
export const MAX_VIEW_BODY_BYTES = 1024;

/** The beacon's fields, form-encoded: short names keep the body small. */
export const VIEW_FIELDS = {
  /** The page's path (location.pathname); required. */
  page: "p",
  /** The landing's utm_source, utm_medium and utm_campaign. */
  source: "s",
  medium: "m",
  campaign: "c",
  /** The landing's external referrer host (a URL is accepted too; only its host is kept). */
  referrer: "r",
} as const;
