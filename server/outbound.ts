/**
 * Step 2 of the server (app.ts): the outbound redirect, the site's money path. A GET or
 * HEAD on /go/<link id>, /login/ or /sing-up/ (with or without the final slash) is
 * answered here, before Express and Remix: the click is recorded with a new click id
 * (app/clicks/record-click.server.ts), and the visitor gets a 302 to the destination with
 * the visit's tracking parameters and the id (app/affiliate/outbound-location.ts); a link
 * with a destination split (docs/experiments.md) sends each visitor to their variant's destination
 * (the entry's `splitFor`), and the click records the variants it was shown. A
 * visitor from a blocked country goes on to Remix, which renders the site's 403 page
 * (app/routes/page.tsx): one page for the gate, and this the one place that redirects.
 *
 * The links live in the content, which the Remix build holds and reloads in development,
 * so every request asks the current build's entry (`outboundTarget`) rather than keeping
 * a copy. The request is read as it came (its raw headers, its query), without building
 * a Fetch Request: this answer is meant to run at Node's speed (docs/performance.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ServerBuild } from "@remix-run/node";

import { countryVary, isBlockedCountryCode } from "~/affiliate/country-gate.server";
import { outboundLocation } from "~/affiliate/outbound-location";
import type { OutboundTarget } from "~/affiliate/outbound.server";
import {
  sameSiteUrl,
  siteOriginsOf,
  visitTrackingParams,
  type HeaderReader,
} from "~/affiliate/tracking-params";
import type { ClickLedger } from "~/clicks/ledger.server";
import { recordClick } from "~/clicks/record-click.server";
import type { Env } from "~/config/env.server";
import { experimentLookupOf } from "~/experiments/recorded.server";

import { isSecure } from "./remix-handler";
import { unstoredHeaders, type HeaderList } from "./site-headers";

export type OutboundOptions = {
  env: Pick<Env, "COUNTRY_HEADER" | "BLOCKED_COUNTRIES" | "REPORT_TIME_ZONE">;
  /** The current Remix build, whose entry knows the content's links. */
  build: () => ServerBuild;
  /** Where clicks are recorded (null: not recorded, and no click id is sent). */
  clicks: ClickLedger | null;
  /** The site's headers for the app's answers (site-headers.ts). */
  siteHeaders: HeaderList;
  /** The client's address, for the daily visitor key only. */
  clientAddress: (req: IncomingMessage) => string;
  /** The shared access log (app.ts), called once before the answer. */
  accessLog: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | null;
  /** Development: true while the content is invalid (every path shows its problems). */
  paused?: () => boolean;
};

type OutboundTargetOf = (pathname: string) => OutboundTarget | null;

/** The entry's `outboundTarget` (app/entry.server.tsx). */
function targetResolver(build: ServerBuild): OutboundTargetOf {
  const resolve = (build.entry.module as { outboundTarget?: unknown }).outboundTarget;
  if (typeof resolve !== "function") {
    throw new Error("the server build's entry (app/entry.server.tsx) exports no outboundTarget");
  }
  return resolve as OutboundTargetOf;
}

/**
 * Paths the URL parser (which gives Remix its pathname) would change: percent-escapes,
 * backslashes, dot segments, a fragment, tabs and line breaks. Any other path is matched
 * as written, without a parser.
 */
const PARSED_PATHS = /[%\\#\t\n\r]|\/\./;

function pathnameOf(target: string): string {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  // Concatenated, as Remix's URL is (remix-handler.ts): "//x" stays a path.
  return PARSED_PATHS.test(path) ? new URL(`http://localhost${target}`).pathname : path;
}

function queryOf(target: string): URLSearchParams {
  const hashAt = target.indexOf("#");
  const request = hashAt === -1 ? target : target.slice(0, hashAt);
  const queryAt = request.indexOf("?");
  return new URLSearchParams(queryAt === -1 ? "" : request.slice(queryAt + 1));
}

/**
 * The request's headers as a Fetch Request would read them (repeated ones joined); also
 * the view endpoint's (page-view.ts).
 */
export function headerReader(raw: readonly string[]): HeaderReader {
  return (name) => {
    let value: string | null = null;
    for (let index = 0; index < raw.length; index += 2) {
      const key = raw[index]!;
      if (key.length !== name.length || key.toLowerCase() !== name) continue;
      value = value === null ? raw[index + 1]! : `${value}, ${raw[index + 1]}`;
    }
    return value;
  };
}

const noop = () => {};

/**
 * The handler of step 2: answers an outbound request and returns true, or returns false
 * and leaves the request to the next step.
 */
export function outboundRedirect({
  env,
  build,
  clicks,
  siteHeaders,
  clientAddress,
  accessLog,
  paused = () => false,
}: OutboundOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const gate = { header: env.COUNTRY_HEADER, blocked: env.BLOCKED_COUNTRIES };
  /** The headers of every redirect, each once: never cached, never indexed. */
  const headers = [
    ...unstoredHeaders(siteHeaders, "noindex, nofollow"),
    ...Object.entries(countryVary(gate)),
  ].flat();
  let current = build();
  let targetOf = targetResolver(current);
  let experiments = experimentLookupOf(current.entry.module);

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (paused()) return false;
    if (build() !== current) {
      current = build();
      targetOf = targetResolver(current);
      experiments = experimentLookupOf(current.entry.module);
    }
    const url = req.url ?? "/";
    const target = targetOf(pathnameOf(url));
    if (!target) return false;
    const header = headerReader(req.rawHeaders);
    if (gate.header && isBlockedCountryCode(header(gate.header) ?? undefined, gate)) return false;

    const { link, affiliate } = target;
    const query = queryOf(url);
    const siteOrigins = siteOriginsOf(
      isSecure(req) ? "https:" : "http:",
      header("host"),
      target.siteOrigin,
    );
    const landing = sameSiteUrl(header("referer"), siteOrigins);
    const params = visitTrackingParams(query, landing, affiliate.subid_param);
    const { click, destination } = recordClick(
      clicks,
      link,
      {
        header,
        query,
        params,
        landing,
        head: req.method === "HEAD",
        clientAddress: clientAddress(req),
        subIdParam: affiliate.subid_param,
        countryHeader: env.COUNTRY_HEADER,
        siteOrigins,
        timeZone: env.REPORT_TIME_ZONE,
      },
      experiments,
    );
    const location = outboundLocation(destination, params, {
      param: affiliate.click_id_param,
      id: affiliate.send_click_id ? (click?.click_id ?? null) : null,
    });
    accessLog?.(req, res, noop);
    res.writeHead(302, [...headers, "Location", location]);
    res.end();
    return true;
  };
}
