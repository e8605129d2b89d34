/**
 * The request path, end to end: guard → page cache → (on a miss) Express: static files,
 * access log, Remix. A cache hit runs none of Express's middleware, no Remix and no
 * compression. Why a server of our own and not remix-serve: docs/decisions/010-request-path.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

import type { ClickLedger } from "~/clicks/ledger.server";
import type { Env } from "~/config/env.server";
import { securityHeaders } from "~/document/headers.server";

import { cacheKey } from "./cache-key";
import { clientAddress } from "./client-address";
import { limitConnections } from "./connection-limits";
import { crossSiteCheck } from "./cross-site";
import type { DevContent } from "./dev-content";
import { PageCache, sendDocument } from "./page-cache";
import { inspectRequest } from "./request-guard";
import { remixHandler, PayloadTooLargeError } from "./remix-handler";
import { staticErrors, staticFiles } from "./static-files";

/** Route that renders the site's page for a request the guard refused (400, 403, 413). */
export const STATUS_PAGE_PATH = "/_app/status/";

export type SiteServerOptions = {
  env: Env;
  /** The current Remix build (in development it changes on every rebuild and content save). */
  build: () => ServerBuild;
  /** Where the build's browser assets are: URL path (or CDN origin) and folder. */
  assets: { publicPath: string; directory: string };
  /** Directory of public/ (static files; the build's assets are inside it). */
  publicDirectory: string;
  /** Keep finished pages (off in development, so every edit shows). */
  cache: PageCache | null;
  /** Access log lines (morgan "tiny"); off when null. */
  log: ((line: string) => void) | null;
  /** The click ledger the outbound routes record into (null: clicks are not recorded). */
  clicks: ClickLedger | null;
  /** Development only: the content's state, its event stream and problems page. */
  devContent?: DevContent | null;
};

/** Server limits an origin on the open internet needs (see docs/decisions/010-request-path.md). */
export const LIMITS = {
  /** The whole request, body included, must arrive within this time. */
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above. */
  connectionsCheckingIntervalMs: 1_000,
  maxHeadersCount: 100,
  /** Below the process's usual 1,024 open files, with room for files and the database. */
  maxConnections: 900,
  /** A socket's first request must arrive within this time (server/connection-limits.ts). */
  preRequestTimeoutMs: 5_000,
  /** Open sockets one client address may hold (trusted proxies exempt). */
  connectionsPerAddress: 64,
} as const;

export function createSiteServer({
  env,
  build,
  assets: assetsLocation,
  publicDirectory,
  cache,
  log,
  clicks,
  devContent = null,
}: SiteServerOptions): Server {
  const crossOriginAssets = /^https?:\/\//.test(assetsLocation.publicPath);
  const common = securityHeaders();
  const assetCommon = securityHeaders(env.SITE_INDEXABLE, {
    crossOriginResources: crossOriginAssets,
  });
  const keyOf = (req: IncomingMessage) => cacheKey(req, env.COUNTRY_HEADER);
  const client = clientAddress({
    header: env.CLIENT_IP_HEADER,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  const isCrossSite = crossSiteCheck(env.SITE_URL);
  const assetsPath = new URL(assetsLocation.publicPath, "http://localhost").pathname.replace(
    /\/$/,
    "",
  );
  const { assets, files } = staticFiles({
    assetsDirectory: assetsLocation.directory,
    publicDirectory,
    crossOriginAssets,
  });

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.use((req, res, next) => {
    const headers = req.path.startsWith(`${assetsPath}/`) ? assetCommon : common;
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
  app.use(assetsPath, assets);
  app.use(files);
  app.use(staticErrors);
  if (devContent) app.use((req, res, next) => devContent.handle(req, res, next));
  // While the dashboard is off (no ADMIN_PASSWORD) its exports do not exist: the
  // catch-all answers them with the site's 404 page, like any unknown path.
  if (!env.ADMIN_PASSWORD) {
    app.use("/admin/", (req, _res, next) => {
      req.url = "/-";
      next();
    });
  }
  if (log) app.use(morgan("tiny", { stream: { write: (line) => log(line.trimEnd()) } }));
  app.use(
    remixHandler({
      build,
      mode: env.NODE_ENV,
      cache,
      keyOf,
      commonHeaders: common,
      // Every text response is compressed, however small (the default skips those under 1 KB).
      compress: compression({ threshold: 0 }),
      getLoadContext: (req) => ({
        clicks,
        clientAddress: client.of(req),
      }),
    }),
  );
  app.use(
    (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (error instanceof PayloadTooLargeError) return refuse(req, res, 413);
      next(error);
    },
  );
  // The last resort, when the app itself failed: the error is logged once, with the
  // request it came from; the visitor gets a short answer and never a stack trace.
  app.use(
    (error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      console.error(
        `[server] ${req.method} ${req.originalUrl}: ${(error as Error)?.stack ?? error}`,
      );
      if (res.headersSent) return res.destroy();
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      for (const [name, value] of common) res.setHeader(name, value);
      res.status(500).setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("500 Internal Server Error");
    },
  );

  /** Answers a refused request with the site's own page for its status. */
  function refuse(req: IncomingMessage, res: ServerResponse, status: 400 | 403 | 413) {
    res.shouldKeepAlive = false;
    req.method = "GET";
    req.url = `${STATUS_PAGE_PATH}${status}`;
    delete req.headers["content-length"];
    delete req.headers["transfer-encoding"];
    app(req, res);
  }

  const server = createServer(
    { connectionsCheckingInterval: LIMITS.connectionsCheckingIntervalMs },
    (req, res) => {
      const verdict = inspectRequest(req);
      if (!verdict.ok) {
        if (verdict.status === 204) {
          for (const [name, value] of common) res.setHeader(name, value);
          res.writeHead(204, { Allow: verdict.allow });
          res.end();
          return;
        }
        return refuse(req, res, verdict.status);
      }
      if (isCrossSite(req)) return refuse(req, res, 403);
      if (cache) {
        const key = keyOf(req);
        const hit = key === null ? undefined : cache.get(key);
        if (hit) return sendDocument(req, res, hit);
      }
      app(req, res);
    },
  );
  server.requestTimeout = LIMITS.requestTimeoutMs;
  server.headersTimeout = LIMITS.headersTimeoutMs;
  server.keepAliveTimeout = LIMITS.keepAliveTimeoutMs;
  server.maxHeadersCount = LIMITS.maxHeadersCount;
  server.maxConnections = LIMITS.maxConnections;
  limitConnections(server, { ...LIMITS, isExempt: client.isTrustedProxy });
  return server;
}
