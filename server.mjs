/**
 * The production server: the same pieces as `remix-serve` (Express, compression, the
 * Remix request handler, long-lived /build assets, public/ files), plus what remix-serve
 * cannot be told to do:
 * - Remix is mounted with app.use, not app.all("*"), so Express never decodes the path
 *   as a route parameter; malformed percent-encoding (/%zz) reaches the site and gets
 *   its styled 404 page instead of Express's bare 400 and a logged stack trace.
 * - TRACE and TRACK, which the Fetch API cannot represent, are answered by the site's
 *   own 405 page instead of a 500.
 * - A path whose percent-encoding cannot be decoded has its "%" signs escaped, so the
 *   router does not warn three times per request; the site still answers its 404 page
 *   naming the path as it arrived.
 * - The app's common headers (security headers, X-Robots-Tag on staging) are set once,
 *   here, for every response, static files included.
 * - Finished pages are kept in memory (server/page-cache.mjs), so a repeat request skips
 *   the Remix pipeline.
 * Start it with `npm start` (PORT, default 3000; HOST optional).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

import { createPageCache } from "./server/page-cache.mjs";

installGlobals();

const root = path.dirname(fileURLToPath(import.meta.url));
const mode = process.env.NODE_ENV ?? "production";
process.env.NODE_ENV = mode;
const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);

/** Escapes every "%" of a path that does not decode, keeping the query as it is. */
function decodablePath(url) {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replaceAll("%", "%25") + (queryAt === -1 ? "" : url.slice(queryAt));
  }
}

/** Methods the Fetch API refuses to construct a Request with. */
const UNREPRESENTABLE_METHODS = new Set(["TRACE", "TRACK"]);

/** Headers the app wants on every response, static files included (see entry.server). */
const commonHeaders = build.entry.module.commonHeaders?.() ?? [];

const app = express();
app.disable("x-powered-by");
app.use((_req, res, next) => {
  for (const [name, value] of commonHeaders) res.setHeader(name, value);
  next();
});
// Every text response is compressed, however small (the default skips those under 1 KB).
app.use(compression({ threshold: 0 }));
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", index: false }),
);
app.use(express.static(path.join(root, "public"), { maxAge: "1h", index: false }));
app.use(morgan("tiny"));
app.use((req, _res, next) => {
  // Remix answers methods it does not handle (OPTIONS, PROPFIND, …) with the site's 405
  // page; route these there too rather than let the Request constructor throw.
  if (UNREPRESENTABLE_METHODS.has(req.method)) req.method = "OPTIONS";
  // @remix-run/express builds the Request from originalUrl.
  req.originalUrl = decodablePath(req.originalUrl);
  next();
});
if (mode === "production") app.use(createPageCache());
app.use(createRequestHandler({ build, mode }));

const port = Number(process.env.PORT ?? 3000);
const onListen = () => {
  console.log(`[server] http://${process.env.HOST ?? "localhost"}:${port} (${mode})`);
  if (mode === "development") broadcastDevReady(build);
};
if (process.env.HOST) app.listen(port, process.env.HOST, onListen);
else app.listen(port, onListen);
