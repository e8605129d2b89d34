/**
 * The site's server, in the order a request meets it:
 * 1. the guard (request-guard.ts): refuses what the site does not answer, cross-site form
 *    posts included, and parses the target once (request-target.ts); every refusal is
 *    rendered by one route, the site's error page (`refuse` below); connections are
 *    bounded per client (connection-limits.ts);
 * 2. fast endpoints: answers that need neither Express nor Remix, one handler each, all of
 *    one contract (fast-endpoint.ts): the outbound redirect (outbound.ts), the page views'
 *    beacon (page-view.ts), the postback receiver (postback.ts);
 * 3. the page cache: a hit is one writeHead and one write; a page under an experiment is
 *    keyed by the variants assigned to the request (experiment-assignment.ts);
 * 4. Express: static files, the development pages, the access log, then Remix.
 * Each sender writes the site's headers once, from site-headers.ts. The app is reached only
 * through the current build (app-build.ts). Why a server of our own and not remix-serve:
 * docs/decisions/005-request-path.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";

import compression from "compression";
import express from "express";

import type { PeopleStore } from "~/admin/people.server";
import { clickScreen } from "~/clicks/click-screen.server";
import { dataCentres } from "~/clicks/data-centres.server";
import type { SavedViews } from "~/admin/saved-views.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import type { ConversionLedger } from "~/conversions/ledger.server";
import type { Env } from "~/config/env.server";
import type { Refusal as RefusalContext, StudioAccess } from "~/load-context";
import type { ReportQueries } from "~/reports/clicks.server";
import type { LinkMonitor } from "~/link-health/monitor.server";
import type { ViewLedger } from "~/views/ledger.server";

import { accessLog as accessLogOf, type AccessLog } from "./access-log";
import type { LoadedBuild } from "./app-build";
import { cacheKey } from "./cache-key";
import { clientAddress, type ClientAddress } from "./client-address";
import { limitConnections } from "./connection-limits";
import { DEV_EVENTS_PATH, DEV_SCRIPT_PATH, type DevContent } from "./dev-content";
import { experimentAssignment } from "./experiment-assignment";
import type { FastEndpoint } from "./fast-endpoint";
import { outboundRedirect } from "./outbound";
import type { PageCache } from "./page-cache";
import { pageViewEndpoint } from "./page-view";
import { postbackReceiver } from "./postback";
import { remixHandler } from "./remix-handler";
import { BodyTooLarge, bodyLimit } from "./request-body";
import { inspectRequest, refusalLogLine, type Refusal } from "./request-guard";
import { parseTarget, setTarget, targetOf } from "./request-target";
import { sendDocument } from "./send-document";
import { setHeaders, siteHeaders, type SiteHeaders } from "./site-headers";
import { mediaFiles } from "./media-files";
import { staticFiles } from "./static-files";

export type SiteServerOptions = {
  env: Env;
  /**
   * The current build, checked (app-build.ts `CurrentBuild`): in development it changes on
   * every rebuild. Every handler reads it through this accessor, on every request.
   */
  build: () => LoadedBuild;
  /** Where the build's browser assets are: URL path (or CDN origin) and folder. */
  assets: { publicPath: string; directory: string };
  /** Directory of public/ (static files; the build's assets are inside it). */
  publicDirectory: string;
  /** Keep finished pages (off in development, so every edit shows). */
  cache: PageCache | null;
  /** Access log lines (access-log.ts); off when null. */
  log: ((line: string) => void) | null;
  /** The click ledger the outbound routes record into (null: clicks are not recorded). */
  clicks: ClickLedger | null;
  /** The conversion ledger postbacks and imports write to (null with the click ledger off). */
  conversions: ConversionLedger | null;
  /** The page views' ledger the view endpoint records into (null with the click ledger off). */
  views: ViewLedger | null;
  /** The ledger's reports, for the dashboard and its exports (null with the ledger off). */
  reports: ReportQueries | null;
  /** The dashboard's accounts, sessions and audit log. */
  people: PeopleStore;
  /** The dashboard's saved views, in the accounts' database. */
  savedViews?: SavedViews | null;
  /** The content studio's storage (null with the ledger off: content from the files only). */
  studio?: StudioAccess | null;
  /** Development only: the content's state, its event stream and problems page. */
  devContent?: DevContent | null;
  /**
   * The destination monitor (null with the ledger off): the outbound redirect asks it
   * which destinations are broken, the Enlaces page runs and reads its checks.
   */
  linkMonitor?: LinkMonitor | null;
};

/** Route that renders the site's page for a refused request (app/routes/status.tsx). */
export const REFUSAL_PAGE_PATH = "/_app/status/";

/** Server limits an origin on the open internet needs (see docs/decisions/005-request-path.md). */
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
  /** A socket's first request must arrive within this time (connection-limits.ts). */
  preRequestTimeoutMs: 5_000,
  /** Open sockets one client address may hold (trusted proxies exempt). */
  connectionsPerAddress: 64,
} as const;

export function createSiteServer(options: SiteServerOptions): Server {
  const { env, cache } = options;
  const crossOriginAssets = /^https?:\/\//.test(options.assets.publicPath);
  const headers = siteHeaders({ indexable: env.SITE_INDEXABLE, crossOriginAssets });
  const client = clientAddress({
    header: env.CLIENT_IP_HEADER,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  /** The app's facade in the current build. */
  const facade = () => options.build().app;
  const assignment = experimentAssignment({
    app: facade,
    clientAddress: client.of,
    timeZone: env.REPORT_TIME_ZONE,
  });
  const keyOf = (req: IncomingMessage) => cacheKey(req, env.COUNTRY_HEADER, assignment.of(req));
  /** Why the server renders the error page in place of a request (read by the load context). */
  const refusals = new WeakMap<IncomingMessage, RefusalContext>();
  const accessLog = options.log ? accessLogOf(options.log) : null;
  const app = expressApp(options, {
    headers,
    keyOf,
    variantsOf: assignment.of,
    refusals,
    refuse,
    countNotFound,
    client,
    accessLog,
  });
  // One memory of views and clicks for the flags of clicks that are likely not people's.
  const screen = clickScreen(
    env.CLICK_FLAGS,
    dataCentres(path.resolve(env.DATACENTRE_RANGES_FILE)),
  );
  // What every fast endpoint is given (fast-endpoint.ts).
  const endpoint = {
    app: facade,
    siteHeaders: headers.page,
    clientAddress: client.of,
    accessLog: accessLog?.answered ?? null,
  };
  const postback = postbackReceiver({
    ...endpoint,
    token: env.POSTBACK_TOKEN,
    conversions: options.conversions,
    ratePerSecond: env.POSTBACK_RATE_LIMIT,
  });
  const fastEndpoints: FastEndpoint[] = [
    outboundRedirect({
      ...endpoint,
      env,
      clicks: options.clicks,
      paused: () => Boolean(options.devContent?.problems),
      isBroken: options.linkMonitor ? (url) => options.linkMonitor!.isBroken(url) : undefined,
      screen,
    }),
    pageViewEndpoint({ ...endpoint, env, views: options.views, screen }),
    ...(postback ? [postback.answer] : []),
  ];
  const guard = {
    admin: Boolean(env.ADMIN_PASSWORD),
    isAdminForm: (route: string) => options.build().isAdminForm(route),
    isPostbackPath: postback?.isReceiverPath,
    siteOrigin: env.SITE_URL,
  };

  const server = createServer(
    { connectionsCheckingInterval: LIMITS.connectionsCheckingIntervalMs },
    (req, res) => {
      // 1. The guard.
      const verdict = inspectRequest(req, guard);
      if (!verdict.ok) {
        const line = refusalLogLine(req, verdict);
        if (line) console.warn(line);
        return refuse(req, res, verdict);
      }

      // 2. Fast endpoints, each a handler that answers and returns true, before the cache
      //    and Express (fast-endpoint.ts); each logs what an operator needs with
      //    `logAccess` once it has answered (the view endpoint: its refusals only).
      for (const answered of fastEndpoints) if (answered(req, res)) return;

      // 3. The page cache.
      if (cache) {
        const key = keyOf(req);
        const hit = key === null ? undefined : cache.get(key);
        if (hit) {
          if (hit.status === 404) countNotFound(req);
          return sendDocument(req, res, hit);
        }
      }

      // 4. Express and Remix.
      app(req, res);
    },
  );

  /**
   * A page answered 404: its path (never its query) counts in the record of paths not
   * found, so a broken inbound link gets a redirect. A refusal of the guard is no such page.
   */
  function countNotFound(req: IncomingMessage) {
    if (!options.studio || refusals.has(req)) return;
    const { path } = targetOf(req);
    if (!path.startsWith("/admin")) options.studio.notFound.record(path);
  }

  /**
   * Answers a refused request: `OPTIONS *` here; every other refusal with the site's page
   * for its status, rendered by one route in place of the request. A request whose body
   * is not wanted (too large, or of unknown length) or that is malformed ends its
   * connection; a 405 with a small declared body keeps it (Node discards the body).
   */
  function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal) {
    if (refusal.status === 204) {
      res.writeHead(204, [...headers.page, ["Allow", refusal.allow]].flat());
      res.end();
      return;
    }
    if (refusal.status !== 405 || req.headers["transfer-encoding"]) res.shouldKeepAlive = false;
    refusals.set(req, {
      status: refusal.status,
      ...(refusal.status === 405 ? { allow: refusal.allow } : {}),
    });
    req.method = req.method === "HEAD" ? "HEAD" : "GET";
    req.url = `${REFUSAL_PAGE_PATH}${refusal.status}`;
    setTarget(req, parseTarget(req.url));
    delete req.headers["content-length"];
    delete req.headers["transfer-encoding"];
    app(req, res);
  }

  server.requestTimeout = LIMITS.requestTimeoutMs;
  server.headersTimeout = LIMITS.headersTimeoutMs;
  server.keepAliveTimeout = LIMITS.keepAliveTimeoutMs;
  server.maxHeadersCount = LIMITS.maxHeadersCount;
  server.maxConnections = LIMITS.maxConnections;
  limitConnections(server, { ...LIMITS, isExempt: client.isTrustedProxy });
  return server;
}

/** Step 4: what a request meets when the cache did not answer it, in that order. */
function expressApp(
  {
    env,
    build,
    assets: assetsLocation,
    publicDirectory,
    cache,
    clicks,
    conversions,
    reports,
    people,
    savedViews = null,
    studio = null,
    devContent = null,
    linkMonitor = null,
  }: SiteServerOptions,
  {
    headers,
    keyOf,
    variantsOf,
    refusals,
    refuse,
    countNotFound,
    client,
    accessLog,
  }: {
    headers: SiteHeaders;
    variantsOf: (req: IncomingMessage) => string;
    accessLog: AccessLog | null;
    client: ClientAddress;
    keyOf: (req: IncomingMessage) => string | null;
    refusals: WeakMap<IncomingMessage, RefusalContext>;
    refuse: (req: IncomingMessage, res: ServerResponse, refusal: Refusal) => void;
    countNotFound: (req: IncomingMessage) => void;
  },
) {
  const assetsPath = new URL(assetsLocation.publicPath, "http://localhost").pathname.replace(
    /\/$/,
    "",
  );
  const statics = staticFiles({
    assetsDirectory: assetsLocation.directory,
    publicDirectory,
    crossOriginAssets: /^https?:\/\//.test(assetsLocation.publicPath),
    siteHeaders: headers,
  });

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  app.use(assetsPath, statics.assets);
  app.use(statics.files);
  app.use(statics.errors);
  app.use(mediaFiles(studio, headers.page));
  if (devContent) {
    app.use((req, res, next) => {
      // The development pages and, while the content is invalid, every page.
      const { path } = targetOf(req);
      if (path === DEV_EVENTS_PATH || path === DEV_SCRIPT_PATH || devContent.problems) {
        setHeaders(res, headers.page);
      }
      devContent.handle(req, res, next);
    });
  }
  if (accessLog) app.use(accessLog.middleware);
  app.use(
    remixHandler({
      build,
      cache,
      keyOf,
      keyedByVariant: (req) => variantsOf(req) !== "",
      siteHeaders: headers.page,
      // Every text response is compressed, however small (the default skips those under 1 KB).
      compress: compression({ threshold: 0 }),
      // The guard's own rule: only the import's POST, while the dashboard is on, may be larger.
      bodyLimit: (req) =>
        bodyLimit(req.method ?? "", targetOf(req).path, { admin: Boolean(env.ADMIN_PASSWORD) }),
      onNotFound: countNotFound,
      renderErrorPage: (req, res, status) =>
        refuse(req, res, { ok: false, status, reason: "empty answer of a resource route" }),
      getLoadContext: (req) => ({
        clicks,
        conversions,
        reports,
        people,
        savedViews,
        studio,
        linkMonitor,
        clientAddress: client.of(req),
        head: req.method === "HEAD",
        variants: variantsOf(req),
        refusal: refusals.get(req) ?? null,
      }),
    }),
  );
  app.use(
    (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (error instanceof BodyTooLarge) {
        return refuse(req, res, { ok: false, status: error.status, reason: error.message });
      }
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
      // What the failed sender had set does not describe this answer.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.writeHead(
        500,
        [
          ...headers.page,
          ["Cache-Control", "no-store"],
          ["Content-Type", "text/plain; charset=utf-8"],
        ].flat(),
      );
      res.end("500 Internal Server Error");
    },
  );
  return app;
}
