/**
 * Static files: Remix's /build/ assets (content-hashed names, cached for a year) and the
 * rest of public/ (an hour). Text files are compressed at build time
 * (scripts/precompress.ts writes .br and .gz beside them) and served as they are by
 * express-static-gzip, so GET and HEAD agree on encoding and length, and a Range applies
 * to the bytes actually sent. Nothing is compressed per request here.
 *
 * What a static file server must never do on this site:
 * - redirect a directory (`/\evil.example/..` would become an off-site Location);
 * - send an error with the file's caching headers (a 412 or 416 cached for a year);
 * - log a stack trace for a client's mistake.
 * A missing file falls through to the site's own 404 page.
 */
import type { ServerResponse } from "node:http";

import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import expressStaticGzip from "express-static-gzip";

import { setHeaders, type HeaderList, type SiteHeaders } from "./site-headers";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Headers a static answer may have set before it failed. */
const FILE_HEADERS = [
  "cache-control",
  "etag",
  "last-modified",
  "accept-ranges",
  "content-encoding",
  "content-type",
  "content-range",
  "vary",
  "access-control-allow-origin",
];

function clearFileHeaders(res: Response) {
  for (const name of FILE_HEADERS) res.removeHeader(name);
}

function serve(
  root: string,
  maxAgeSeconds: number,
  immutable: boolean,
  headers: (res: ServerResponse) => void,
): RequestHandler {
  const middleware = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      fallthrough: false,
      immutable,
      maxAge: maxAgeSeconds * 1000,
      // Called once a file is found, before its own headers and any 412 or 416.
      setHeaders: headers,
    },
  });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    middleware(req, res, next);
  };
}

/**
 * The static-file handlers: `assets` for Remix's build directory (mount it at the assets
 * path), `files` for public/, and `errors` for both. `crossOriginAssets` (a CDN serves
 * /build/ and pulls it from here) lets other origins read the assets.
 */
export function staticFiles({
  assetsDirectory,
  publicDirectory,
  crossOriginAssets,
  siteHeaders,
}: {
  assetsDirectory: string;
  publicDirectory: string;
  crossOriginAssets: boolean;
  siteHeaders: SiteHeaders;
}): { assets: RequestHandler; files: RequestHandler; errors: ErrorRequestHandler } {
  const assetHeaders: HeaderList = crossOriginAssets
    ? [...siteHeaders.asset, ["Access-Control-Allow-Origin", "*"]]
    : siteHeaders.asset;
  return {
    assets: serve(assetsDirectory, YEAR_SECONDS, true, (res) => setHeaders(res, assetHeaders)),
    files: serve(publicDirectory, 60 * 60, false, (res) => setHeaders(res, siteHeaders.page)),
    errors: staticErrors(siteHeaders.page),
  };
}

/**
 * Errors of the static handlers: a missing (or forbidden) file goes on to the site's 404
 * page; any other client error (412 If-Match, 416 Range, 400) is answered here,
 * uncacheable, with the site's headers, without the file's and without a stack trace in
 * the log.
 */
const staticErrors =
  (site: HeaderList): ErrorRequestHandler =>
  (error, _req, res, next) => {
    const status =
      (error as { status?: unknown; statusCode?: unknown }).statusCode ??
      (error as { status?: unknown }).status;
    if (typeof status !== "number" || status >= 500) return next(error);
    const contentRange = res.getHeader("content-range");
    clearFileHeaders(res);
    // 403 is send's answer to a path that climbs out of its directory: for a visitor that
    // file simply does not exist.
    if (status === 404 || status === 403) return next();
    res.status(status);
    // Already there when the file was found (its 412 or 416); not for a refused path.
    setHeaders(res, site);
    res.setHeader("Cache-Control", "no-store");
    if (status === 416 && contentRange) res.setHeader("Content-Range", String(contentRange));
    res.type("text/plain").send(`${status} ${res.statusMessage || ""}`.trim());
  };
