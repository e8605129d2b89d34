/**
 * Step 2 of the server (app.ts): the view endpoint, `/_app/view`, where every page reports
 * its own view (docs/page-views.md), whatever served its HTML (the page cache, a CDN):
 * - `POST` from the page's beacon (navigator.sendBeacon, `text/plain`, so no CORS
 *   preflight; or a form-encoded body): `p` the page's path, `s`, `m`, `c` the landing's
 *   utm_source, utm_medium, utm_campaign, `r` the landing's document.referrer;
 * - `GET ?p=<path>` from the image in the page's `<noscript>`: the source is read from the
 *   Referer, the page's URL, when it is the site's;
 * - `HEAD` is answered and never counted.
 * The answer is `204` with no body, never stored nor indexed; a body not UTF-8, not
 * form-encoded, with a field twice or without a path is a short plain `400` that names
 * nothing of the request, and one over MAX_VIEW_BODY_BYTES a `413` of the same kind (the
 * site's one body reader, request-body.ts). Other methods get the guard's 405, and a
 * declared body over the site's bound its 413 (request-guard.ts). Whether the
 * view counts (a person's, not a crawler's or a prefetch's) and what it keeps is
 * app/views/view-record.server.ts's; the ledger writes it later, in batches
 * (app/views/ledger.server.ts). Like the outbound redirect, it reads the request as it
 * came, without a Fetch Request, and asks the current build's facade which page a path
 * shows (`viewedPage`) and which experiments run on it (`experimentsFor`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { isBlockedCountryCode } from "~/affiliate/country-gate.server";
import { sameSiteUrl, siteOriginsOf } from "~/affiliate/tracking-params";
import { visitorKeys } from "~/clicks/click-record.server";
import type { ClickScreen } from "~/clicks/click-screen.server";
import type { Env } from "~/config/env.server";
import type { ViewLedger } from "~/views/ledger.server";
import { buildViewRecord } from "~/views/view-record.server";
import { MAX_VIEW_BODY_BYTES, VIEW_FIELDS, VIEW_PATH } from "~/views/view-endpoint";

import { logAccess, type FastEndpoint, type FastEndpointOptions } from "./fast-endpoint";
import { headerReader } from "./outbound";
import { isSecure } from "./remix-handler";
import { BodyTooLarge, readBody } from "./request-body";
import { targetOf } from "./request-target";
import { unstoredHeaders } from "./site-headers";

/** The body's media types a page sends: sendBeacon's string, or a form. */
const BODY_TYPES = new Set(["text/plain", "application/x-www-form-urlencoded", ""]);

/**
 * The access log is written before a refusal only: a 204 is one line per page view that
 * tells an operator nothing, and cache hits write none either (docs/server.md).
 */
export type PageViewOptions = FastEndpointOptions<"viewedPage" | "experimentsFor"> & {
  env: Pick<Env, "COUNTRY_HEADER" | "BLOCKED_COUNTRIES" | "REPORT_TIME_ZONE">;
  /** Where views are recorded (null: answered, not recorded). */
  views: Pick<ViewLedger, "record"> | null;
  /** Told of each view, for the clicks' too-fast flag (app/clicks/click-screen.server.ts). */
  screen?: Pick<ClickScreen, "viewed">;
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

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
  app,
  views,
  siteHeaders,
  clientAddress,
  accessLog,
  screen,
}: PageViewOptions): FastEndpoint {
  const gate = { header: env.COUNTRY_HEADER, blocked: env.BLOCKED_COUNTRIES };
  const headers = unstoredHeaders(siteHeaders, "noindex").flat();
  const refusalHeaders = [
    ...headers,
    "Content-Type",
    "text/plain; charset=utf-8",
    "Content-Length",
  ];

  /** 204, the view counted or not. */
  function done(res: ServerResponse): void {
    res.writeHead(204, headers);
    res.end();
  }

  /**
   * 400 (or 413 for a body over the bound), the same short text for every reason: nothing
   * of the request is repeated. The one answer of the endpoint the access log keeps: a
   * client sending what no page sends.
   */
  function refuse(req: IncomingMessage, res: ServerResponse, status: 400 | 413 = 400): void {
    const body = status === 400 ? "400 Bad Request\n" : "413 Payload Too Large\n";
    res.writeHead(status, [...refusalHeaders, String(body.length)]);
    res.end(body);
    logAccess(accessLog, req, res);
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
    // The dashboard's paths, the studio's previews among them, are no page views of the site.
    if (/^\/admin(\/|$)/.test(fields.get(VIEW_FIELDS.page)!)) return;
    const facade = app();
    const header = headerReader(req.rawHeaders);
    const country = gate.header ? (header(gate.header) ?? undefined) : undefined;
    const viewed = facade.viewedPage(
      fields.get(VIEW_FIELDS.page)!,
      isBlockedCountryCode(country, gate),
    );
    const siteOrigins = siteOriginsOf(
      isSecure(req) ? "https:" : "http:",
      header("host"),
      viewed.siteOrigin,
    );
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
      experiments: facade.experimentsFor(viewed.page),
    });
    if (!view) return;
    ledger.record(view);
    screen?.viewed(view.visitor, view.page, view.at);
  }

  /**
   * Reads the POST body (request-body.ts: one over MAX_VIEW_BODY_BYTES is a 413) and counts
   * it. A body the endpoint refuses is read to its end first, within the site's bound, so
   * the client reads the answer rather than a reset connection.
   */
  async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const body = await readBody(req, res, MAX_VIEW_BODY_BYTES);
    if (body === null) return void res.destroy();
    if (body instanceof BodyTooLarge) return refuse(req, res, body.status);
    if (!BODY_TYPES.has(type)) return refuse(req, res);
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return refuse(req, res);
    }
    const fields = viewFields(text);
    if (!fields) return refuse(req, res);
    count(req, fields, false);
    done(res);
  }

  return (req, res) => {
    const { path, query } = targetOf(req);
    if (path !== VIEW_PATH) return false;
    const method = req.method;
    if (method === "POST") {
      void receive(req, res);
      return true;
    }
    if (method === "HEAD") {
      done(res);
      return true;
    }
    // GET, the no-JS fallback (the guard lets no other method through).
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
