/**
 * Step 2 of the server (app.ts): the view endpoint, `/_app/view`, where every page reports
 * its own view (docs/page-views.md), whatever served its HTML (the page cache, a CDN):
 * - `POST` from the page's beacon (navigator.sendBeacon, `text/plain`, so no CORS
 *   preflight; or a form-encoded body): `p` the page's path, `s`, `m`, `c` the landing's
 *   utm_source, utm_medium, utm_campaign, `r` the landing's document.referrer;
 * - `GET ?p=<path>` from the image in the page's `<noscript>`: the source is read from the
 *   Referer, the page's URL, when it is the site's;
 * - `HEAD` is answered and never counted.
 * The answer is `204` with no body, never stored nor indexed; a body over
 * MAX_VIEW_BODY_BYTES, not UTF-8, not form-encoded, with a field twice or without a path
 * is a short plain `400` that names nothing of the request. Other methods get the guard's
 * 405, and a declared body over the site's bound its 413 (request-guard.ts). Whether the
 * view counts (a person's, not a crawler's or a prefetch's) and what it keeps is
 * app/views/view-record.server.ts's; the ledger writes it later, in batches
 * (app/views/ledger.server.ts). Like the outbound redirect, it reads the request as it
 * came, without a Fetch Request, and asks the current build's entry which page a path
 * shows (`viewedPage`) and which experiments run on it (`experimentsFor`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ServerBuild } from "@remix-run/node";

import { isBlockedCountryCode } from "~/affiliate/country-gate.server";
import { sameSiteUrl, siteOriginsOf } from "~/affiliate/tracking-params";
import { visitorKeys } from "~/clicks/click-record.server";
import type { Env } from "~/config/env.server";
import { experimentLookupOf } from "~/experiments/recorded.server";
import type { ViewLedger } from "~/views/ledger.server";
import { buildViewRecord } from "~/views/view-record.server";
import { MAX_VIEW_BODY_BYTES, VIEW_FIELDS, VIEW_PATH } from "~/views/view-endpoint";
import type { ViewedPage } from "~/views/viewed-page.server";

import { headerReader } from "./outbound";
import { isSecure } from "./remix-handler";
import { MAX_BODY_BYTES } from "./request-guard";
import { unstoredHeaders, type HeaderList } from "./site-headers";

/** The body's media types a page sends: sendBeacon's string, or a form. */
const BODY_TYPES = new Set(["text/plain", "application/x-www-form-urlencoded", ""]);

export type PageViewOptions = {
  env: Pick<Env, "COUNTRY_HEADER" | "BLOCKED_COUNTRIES" | "REPORT_TIME_ZONE">;
  /** The current Remix build, whose entry knows the content's pages. */
  build: () => ServerBuild;
  /** Where views are recorded (null: answered, not recorded). */
  views: Pick<ViewLedger, "record"> | null;
  /** The site's headers for the app's answers (site-headers.ts). */
  siteHeaders: HeaderList;
  /** The client's address, for the daily visitor key only. */
  clientAddress: (req: IncomingMessage) => string;
  /**
   * The shared access log (app.ts), called before a 400 only: a 204 is one line per page
   * view that tells an operator nothing, and cache hits write none either (docs/server.md).
   */
  accessLog: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null;
};

type ViewedPageOf = (pathname: string, blocked: boolean) => ViewedPage;

/** The entry's `viewedPage` (app/entry.server.tsx). */
function pageResolver(build: ServerBuild): ViewedPageOf {
  const resolve = (build.entry.module as { viewedPage?: unknown }).viewedPage;
  if (typeof resolve !== "function") {
    throw new Error("the server build's entry (app/entry.server.tsx) exports no viewedPage");
  }
  return resolve as ViewedPageOf;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const noop = () => {};

/**
 * The view's fields from a form-encoded text, or null when they are malformed: a field
 * the beacon sends given twice or percent-encoding bytes that are not UTF-8 (U+FFFD once
 * decoded), or no page path (one starting with a single "/"). Unknown fields are ignored:
 * nothing but the listed ones is read.
 */
export function viewFields(text: string): URLSearchParams | null {
  const fields = new URLSearchParams(text);
  for (const name of Object.values(VIEW_FIELDS)) {
    const values = fields.getAll(name);
    if (values.length > 1 || values[0]?.includes("\uFFFD")) return null;
  }
  const page = fields.get(VIEW_FIELDS.page);
  if (!page || !page.startsWith("/") || page.startsWith("//")) return null;
  return fields;
}

/**
 * The handler of step 2: answers a request for the view endpoint and returns true, or
 * returns false and leaves the request to the next step.
 */
export function pageViewEndpoint({
  env,
  build,
  views,
  siteHeaders,
  clientAddress,
  accessLog,
}: PageViewOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const gate = { header: env.COUNTRY_HEADER, blocked: env.BLOCKED_COUNTRIES };
  const headers = unstoredHeaders(siteHeaders, "noindex").flat();
  const refusalHeaders = [
    ...headers,
    "Content-Type",
    "text/plain; charset=utf-8",
    "Content-Length",
  ];
  let current = build();
  let pageOf = pageResolver(current);
  let experiments = experimentLookupOf(current.entry.module);

  /** 204, the view counted or not. */
  function done(res: ServerResponse): void {
    res.writeHead(204, headers);
    res.end();
  }

  /**
   * 400, the same short text for every reason: nothing of the request is repeated. The one
   * answer of the endpoint the access log keeps: a client sending what no page sends.
   */
  function refuse(req: IncomingMessage, res: ServerResponse): void {
    accessLog?.(req, res, noop);
    const body = "400 Bad Request\n";
    res.writeHead(400, [...refusalHeaders, String(body.length)]);
    res.end(body);
  }

  let origins = { key: "", set: new Set<string>() };
  /**
   * The site's origins for a request (siteOriginsOf), remembered for the last Host: the
   * same set each time lets click-record.server.ts remember its hosts too.
   */
  function originsOf(protocol: string, host: string | null, viewed: ViewedPage): Set<string> {
    const key = `${protocol}//${host ?? ""} ${viewed.siteOrigin}`;
    if (key !== origins.key) {
      origins = { key, set: siteOriginsOf(protocol, host, viewed.siteOrigin) };
    }
    return origins.set;
  }

  /** Records the view if it counts; never throws (a view is counted on a best-effort basis). */
  function count(req: IncomingMessage, fields: URLSearchParams, fallback: boolean): void {
    if (!views) return;
    try {
      record(views, req, fields, fallback);
    } catch (error) {
      console.error(`[views] could not record a view: ${(error as Error).message}`);
    }
  }

  function record(
    ledger: NonNullable<PageViewOptions["views"]>,
    req: IncomingMessage,
    fields: URLSearchParams,
    fallback: boolean,
  ): void {
    if (build() !== current) {
      current = build();
      pageOf = pageResolver(current);
      experiments = experimentLookupOf(current.entry.module);
    }
    const header = headerReader(req.rawHeaders);
    const country = gate.header ? (header(gate.header) ?? undefined) : undefined;
    const viewed = pageOf(fields.get(VIEW_FIELDS.page)!, isBlockedCountryCode(country, gate));
    const siteOrigins = originsOf(isSecure(req) ? "https:" : "http:", header("host"), viewed);
    const view = buildViewRecord({
      header,
      fields,
      landing: fallback ? sameSiteUrl(header("referer"), siteOrigins) : null,
      head: req.method === "HEAD",
      page: viewed.page,
      clientAddress: clientAddress(req),
      countryHeader: env.COUNTRY_HEADER,
      siteOrigins,
      timeZone: env.REPORT_TIME_ZONE,
      visitorKeys,
      experiments: experiments.experimentsFor(viewed.page),
    });
    if (view) ledger.record(view);
  }

  /**
   * Reads the POST body and counts it. A body the endpoint refuses (over
   * MAX_VIEW_BODY_BYTES, of another media type) is still read to its end, so the client
   * reads the 400 rather than a reset connection; the guard refuses a declared body over
   * its own bound (MAX_BODY_BYTES, 413), and one sent in chunks past it ends the
   * connection.
   */
  function receive(req: IncomingMessage, res: ServerResponse): void {
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    req.on("data", (chunk: Buffer) => {
      if (answered) return;
      size += chunk.length;
      if (size <= MAX_VIEW_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_BODY_BYTES) {
        answered = true;
        res.shouldKeepAlive = false;
        refuse(req, res);
      }
    });
    req.on("end", () => {
      if (answered) return;
      if (!BODY_TYPES.has(type) || size > MAX_VIEW_BODY_BYTES) return refuse(req, res);
      let text: string;
      try {
        text = utf8.decode(Buffer.concat(chunks));
      } catch {
        return refuse(req, res);
      }
      const fields = viewFields(text);
      if (!fields) return refuse(req, res);
      count(req, fields, false);
      done(res);
    });
    req.on("error", () => res.destroy());
  }

  return (req, res) => {
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    if ((queryAt === -1 ? url : url.slice(0, queryAt)) !== VIEW_PATH) return false;
    const method = req.method;
    if (method === "POST") {
      receive(req, res);
      return true;
    }
    if (method === "HEAD") {
      done(res);
      return true;
    }
    // GET, the no-JS fallback (the guard lets no other method through).
    const query = queryAt === -1 ? "" : url.slice(queryAt + 1);
    // Percent-encoded bytes that are not UTF-8 become U+FFFD: a path with one is no page's.
    const fields = query.length > MAX_VIEW_BODY_BYTES ? null : viewFields(query);
    if (!fields) {
      refuse(req, res);
      return true;
    }
    count(req, fields, true);
    done(res);
    return true;
  };
}
