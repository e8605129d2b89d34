/**
 * Tracking parameters carried from the landing URL to the affiliate (issue: sub-id
 * pass-through). Only these names pass, values are length-limited and re-encoded, and a
 * parameter the configured affiliate URL already has (partner, banner, …) is never
 * replaced. Used by the outbound routes on the server and by the link rewriter in the
 * browser, so both apply the same rules.
 */
export const TRACKING_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "gclid",
  "fbclid",
] as const;

export const MAX_TRACKING_VALUE_LENGTH = 100;

export type TrackingParams = [string, string][];

/** A tracking parameter's value as it is kept: no control characters, trimmed, bounded. */
export function trackingValue(raw: string): string {
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, MAX_TRACKING_VALUE_LENGTH);
}

/** The allowed tracking parameters of a query string, cleaned; unknown ones are dropped. */
export function pickTrackingParams(search: URLSearchParams, subIdParam: string): TrackingParams {
  const allowed = new Set<string>([...TRACKING_PARAMS, subIdParam]);
  const picked = new Map<string, string>();
  for (const [name, raw] of search) {
    if (!allowed.has(name) || picked.has(name)) continue;
    const value = trackingValue(raw);
    if (value) picked.set(name, value);
  }
  return [...picked];
}

/** `destination` with the tracking parameters added, keeping every parameter it has. */
export function withTrackingParams(destination: string, params: TrackingParams): string {
  const url = new URL(destination);
  for (const [name, value] of params) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return url.href;
}

/** Longest page label kept from a visitor's URL. */
const MAX_PATH_LENGTH = 256;

/**
 * The same-site URL in a value a visitor controls (`?from=` or the Referer), or null. Parsed
 * once per request: the click's page and the landing page's parameters both read it.
 */
export function sameSiteUrl(value: string | null, siteOrigins: ReadonlySet<string>): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, "http://localhost");
    const sameSite = value.startsWith("/") ? !/^\/[/\\]/.test(value) : siteOrigins.has(url.origin);
    return sameSite ? url : null;
  } catch {
    return null;
  }
}

/** The path of a same-site URL, as a page label (length-limited). */
export function pathOf(url: URL): string {
  return url.pathname.slice(0, MAX_PATH_LENGTH);
}

/** A same-site path from a value a visitor controls, or null. */
export function sameSitePath(
  value: string | null,
  siteOrigins: ReadonlySet<string>,
): string | null {
  const url = sameSiteUrl(value, siteOrigins);
  return url && pathOf(url);
}

/**
 * Reads a request header by its lower-case name, as a Fetch `Headers.get` would (repeated
 * headers joined by ", "), or null when absent. Callers hand a reader, not a Request, so
 * the server can answer without building one (server/outbound.ts).
 */
export type HeaderReader = (name: string) => string | null;

/**
 * The tracking parameters of the visit behind an outbound request: those on the link
 * (the browser runtime adds the landing page's), or, when there are none (no
 * JavaScript), those of the landing page itself, its same-site Referer (`sameSiteUrl`).
 */
export function visitTrackingParams(
  query: URLSearchParams,
  landing: URL | null,
  subIdParam: string,
): TrackingParams {
  const own = pickTrackingParams(query, subIdParam);
  if (own.length > 0 || !landing) return own;
  return pickTrackingParams(landing.searchParams, subIdParam);
}

let last: { protocol: string; host: string | null; configured: string; origins: Set<string> } = {
  protocol: "",
  host: null,
  configured: "",
  origins: new Set(),
};

/**
 * The origins a Referer may have to count as this site: the configured one and the host
 * asked for (`protocol` "http:" or "https:", as the request came). The set is remembered
 * for the last request's: clients send the same Host again and again, and the same set
 * lets the click and view records remember its hosts (hostsOf).
 */
export function siteOriginsOf(
  protocol: string,
  host: string | null,
  configuredOrigin: string,
): ReadonlySet<string> {
  if (protocol !== last.protocol || host !== last.host || configuredOrigin !== last.configured) {
    const origins = new Set(host ? [configuredOrigin, `${protocol}//${host}`] : [configuredOrigin]);
    last = { protocol, host, configured: configuredOrigin, origins };
  }
  return last.origins;
}

/** The query parameter the browser sends an outbound link the visit's referrer host in. */
export const REFERRER_PARAM = "ref";

const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The host a visit came from, as a source label: from a URL (document.referrer) or a bare
 * host (`ref=`), lower-cased without "www."; null for anything else, for an IP address and
 * for one of the site's own hosts (internal navigation is not a source).
 */
export function referrerHost(
  value: string | null | undefined,
  siteHosts: ReadonlySet<string>,
): string | null {
  if (!value || value.length > 2048) return null;
  let host: string;
  try {
    host = /^https?:\/\//i.test(value) ? new URL(value).hostname : value;
  } catch {
    return null;
  }
  host = host.toLowerCase().replace(/^www\./, "");
  if (!HOST.test(host) || /^[\d.]+$/.test(host)) return null;
  for (const own of siteHosts) if (own.toLowerCase().replace(/^www\./, "") === host) return null;
  return host;
}
