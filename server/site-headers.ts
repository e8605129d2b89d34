/**
 * The headers every answer of the site carries (security headers, and X-Robots-Tag on a
 * deployment that must not be indexed), by kind of answer: pages and everything the app
 * answers, or the build's assets (which a CDN on another origin may need to read). This
 * module says which; each sender writes them once, together with its own headers:
 * documents (send-document.ts, baked into the prepared entry), the app's other answers
 * (remix-handler.ts), static files (static-files.ts), and the server's own short answers
 * (app.ts: `OPTIONS *`, the last-resort 500, the development pages).
 */
import type { ServerResponse } from "node:http";

import { securityHeaders } from "~/document/headers.server";

/** Header name and value pairs, in the order they are sent. */
export type HeaderList = [string, string][];

export type SiteHeaders = {
  /** Pages and every answer of the app or the server. */
  page: HeaderList;
  /** Files of the build's assets directory. */
  asset: HeaderList;
};

export function siteHeaders({
  indexable,
  crossOriginAssets,
}: {
  indexable: boolean;
  crossOriginAssets: boolean;
}): SiteHeaders {
  return {
    page: securityHeaders(indexable),
    asset: securityHeaders(indexable, { crossOriginResources: crossOriginAssets }),
  };
}

/**
 * The site's headers and those of an answer never stored nor indexed (the fast endpoints':
 * server/outbound.ts, server/postback.ts), each once: X-Robots-Tag only where the site's
 * headers do not carry it already (a deployment that must not be indexed).
 */
export function unstoredHeaders(site: HeaderList, robots: string): HeaderList {
  const indexed = !site.some(([name]) => name.toLowerCase() === "x-robots-tag");
  return [
    ...site,
    ["Cache-Control", "no-store"],
    ...(indexed ? [["X-Robots-Tag", robots] as [string, string]] : []),
  ];
}

/** Sets a list on a response that is written with Node's progressive API. */
export function setHeaders(res: ServerResponse, list: HeaderList): void {
  for (const [name, value] of list) res.setHeader(name, value);
}
