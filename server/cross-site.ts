/**
 * Tells a cross-site form post (CSRF) apart, for the guard (request-guard.ts) to refuse
 * before it reaches Remix, whose own guard would throw on it (a 500 and a stack trace). A browser names the page that sends a form in
 * Origin; a post is the site's own when that is
 * - the site's public origin (SITE_URL), or
 * - the host the browser sent the post to (Host): a page elsewhere cannot choose the Host
 *   a browser sends. Host is only compared here, never used to build a URL
 *   (docs/decisions/005-request-path.md).
 * A post without Origin passes (clients that are not browsers; the dashboard's cookie is
 * SameSite). "Origin: null" (a sandboxed or opaque page) is cross-site.
 */
import type { IncomingMessage } from "node:http";

/** The methods Remix's action guard checks. */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The last Origin and Host found same-site: a site's pages post (their forms, every page's
 * view beacon) with the same pair again and again, so the URL is parsed once for it.
 */
let sameSitePair = "";

/** Why the request is a cross-site post, or null when it is not one. */
export function crossSiteReason(
  req: IncomingMessage,
  siteOrigin: string | undefined,
): string | null {
  if (!UNSAFE_METHODS.has(req.method ?? "")) return null;
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  const host = req.headers.host?.trim().toLowerCase();
  // A line break is in no header value: the three cannot run into one another.
  const pair = `${siteOrigin ?? ""}\n${host ?? ""}\n${origin}`;
  if (pair === sameSitePair) return null;
  const named = () => `cross-site Origin ${JSON.stringify(origin.slice(0, 200))}`;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return named();
  }
  if (url.origin === "null") return named();
  if ((siteOrigin !== undefined && url.origin === siteOrigin) || (host && url.host === host)) {
    sameSitePair = pair;
    return null;
  }
  return named();
}
