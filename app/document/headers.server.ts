/**
 * Headers of HTML documents: the Content-Security-Policy (inline scripts allowed by their
 * SHA-256 hashes, so a cached copy keeps working, unlike a nonce), a strong ETag, and the
 * Cache-Control a CDN can use. entry.server is the only place that sets them.
 */
import { createHash } from "node:crypto";

import { env } from "~/config/env.server";

/** Inline <script> elements the browser executes (not src=, not JSON data blocks). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\stype=["']?application\/(?:ld\+)?json/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (DATA_BLOCK.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/gi;

/** Hashes of the inline <style> elements of a document (the inlined stylesheet). */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_STYLE)) {
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

type PolicyOrigins = {
  /**
   * Who may show the page in a frame: nobody ('none'), except the studio's previews, which
   * the studio itself frames at phone and desktop width ('self').
   */
  frameAncestors?: "'none'" | "'self'";
  /** What the page may frame: nothing, except the studio's editor, its own previews. */
  frameSrc?: "'self'" | null;
  analyticsHost?: string | null;
  cdnOrigin?: string | null;
  /** The live-reload socket of `npm run dev` (development only). */
  devSocket?: string | null;
};

/**
 * The policy of every document: nothing is allowed by default (`default-src 'none'`), and
 * each kind of resource the site really loads is listed with the origins it comes from.
 * No fonts, frames, workers or manifests are used, so none is allowed; no page may be
 * framed, but the studio's previews by the studio.
 */
export function contentSecurityPolicy(
  scriptHashes: string[],
  {
    analyticsHost = null,
    cdnOrigin = null,
    devSocket = null,
    frameAncestors = "'none'",
    frameSrc = null,
  }: PolicyOrigins = {},
  styleHashes: string[] = [],
): string {
  const cdn = cdnOrigin ? [cdnOrigin] : [];
  const analytics = analyticsHost ? [analyticsHost] : [];
  const dev = devSocket ? [devSocket] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", ...cdn, ...analytics, ...scriptHashes]],
    ["style-src", ["'self'", ...cdn, ...styleHashes]],
    ["img-src", ["'self'", "data:", ...cdn]],
    ["connect-src", ["'self'", ...analytics, ...dev]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ...(frameSrc ? [["frame-src", [frameSrc]] as [string, string[]]] : []),
    ["frame-ancestors", [frameAncestors]],
    ["form-action", ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** The origins this deployment's pages really use. */
export function configuredOrigins(cdnOrigin: string | null): PolicyOrigins {
  const devOrigin = env.NODE_ENV === "development" ? process.env.REMIX_DEV_ORIGIN : undefined;
  return {
    analyticsHost: env.ANALYTICS_ENABLED ? (env.ANALYTICS_HOST ?? null) : null,
    cdnOrigin,
    devSocket: devOrigin ? new URL(devOrigin).origin.replace(/^http/, "ws") : null,
  };
}

/** Methods every page answers (server/request-guard.ts refuses others with this `Allow`). */
export const ALLOWED_METHODS = "GET, HEAD";

/** A strong validator of the exact bytes sent. */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** True when If-None-Match names this ETag (or "*"); weak comparison, as RFC 9110 asks. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}

/** How long a CDN keeps a page (s-maxage), and serves it stale while it asks again. */
const SHARED_SECONDS = 300;
const STALE_SECONDS = 86_400;

/**
 * Seconds a shared cache may keep a page when an offer starts or ends in `changesIn` ms:
 * half the time left (at most SHARED_SECONDS), so no cache shows a page after its offer
 * changed; the server's own cache keeps it for the rest (ServerApp.pageCacheFor).
 */
export function sharedCacheSeconds(changesIn: number | undefined): number {
  if (changesIn === undefined) return SHARED_SECONDS;
  return Math.min(SHARED_SECONDS, Math.floor(changesIn / 2_000));
}

/**
 * Cache policy by status: pages briefly in browsers and longer at the CDN; 403/404 briefly.
 * When an offer starts or ends within what a cache would keep (`changesIn`, ms), no cache
 * keeps the page past it, stale or not: its terms and claims change then (app/content/offers.ts).
 * Under `npm run dev` nothing is kept: every save shows at once, `/` (under an experiment,
 * kept a minute per visitor) included.
 */
export function documentCacheControl(
  status: number,
  {
    perVisitor = false,
    development = env.NODE_ENV === "development",
    changesIn,
  }: { perVisitor?: boolean; development?: boolean; changesIn?: number } = {},
): string {
  if (development) return "no-store";
  const shared = sharedCacheSeconds(changesIn);
  const browser = Math.min(60, shared);
  // A page under a running experiment differs per visitor: a CDN must not share it
  // (docs/experiments.md); the browser and the server's own cache, keyed by variant, may.
  if (perVisitor && status === 200) return `private, max-age=${browser}`;
  if (status === 200 || status === 304) {
    const soon = changesIn !== undefined && changesIn < (SHARED_SECONDS + STALE_SECONDS) * 1_000;
    return soon
      ? `public, max-age=${browser}, s-maxage=${shared}`
      : `public, max-age=60, s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;
  }
  if (status === 403 || status === 404) return "public, max-age=60, s-maxage=60";
  return "no-store";
}

/**
 * Headers every response of the site carries, set once per response by the server.
 * Cross-Origin-Resource-Policy keeps other sites from embedding what this one serves,
 * except the build's assets when a CDN serves them from another origin.
 */
export function securityHeaders(
  indexable = env.SITE_INDEXABLE,
  { crossOriginResources = false }: { crossOriginResources?: boolean } = {},
): [string, string][] {
  return [
    ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", crossOriginResources ? "cross-origin" : "same-origin"],
    ...(indexable ? [] : [["X-Robots-Tag", "noindex, nofollow"] as [string, string]]),
  ];
}
