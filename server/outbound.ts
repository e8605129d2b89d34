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
 * so every request asks the current build's facade (`outboundTarget`) rather than keeping
 * a copy (fast-endpoint.ts). The request is read as it came (its raw headers, its target
 * as the guard parsed it), without building a Fetch Request: this answer is meant to run at
 * Node's speed (docs/performance.md).
 */

import { countryVary, isBlockedCountryCode } from "~/affiliate/country-gate.server";
import { outboundLocation } from "~/affiliate/outbound-location";
import {
  sameSiteUrl,
  siteOriginsOf,
  visitTrackingParams,
  type HeaderReader,
} from "~/affiliate/tracking-params";
import { NO_SCREEN, type ClickScreen } from "~/clicks/click-screen.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import { recordClick } from "~/clicks/record-click.server";
import type { Env } from "~/config/env.server";
import { fallbackLookup, isSitePage } from "~/link-health/fallbacks";

import { logAccess, type FastEndpoint, type FastEndpointOptions } from "./fast-endpoint";
import { isSecure } from "./remix-handler";
import { targetOf } from "./request-target";
import { unstoredHeaders } from "./site-headers";

export type OutboundOptions = FastEndpointOptions<
  "outboundTarget" | "experimentsFor" | "splitFor"
> & {
  env: Pick<Env, "COUNTRY_HEADER" | "BLOCKED_COUNTRIES" | "REPORT_TIME_ZONE">;
  /** Where clicks are recorded (null: not recorded, and no click id is sent). */
  clicks: ClickLedger | null;
  /** Development: true while the content is invalid (every path shows its problems). */
  paused?: () => boolean;
  /**
   * Whether the destination monitor's last check of a destination found it broken
   * (app/link-health/monitor.server.ts); absent: none is.
   */
  isBroken?: (url: string) => boolean;
  /** Flags the clicks that are likely not a person's (app/clicks/click-screen.server.ts). */
  screen?: ClickScreen;
};

/**
 * Paths the URL parser (which gives Remix its pathname) would change: percent-escapes,
 * backslashes, dot segments, tabs and line breaks. Any other path is matched as written,
 * without a parser.
 */
const PARSED_PATHS = /[%\\\t\n\r]|\/\./;

/** The pathname Remix's router would see for the guard's path. */
function pathnameOf(path: string): string {
  // Concatenated, as Remix's URL is (remix-handler.ts): "//x" stays a path.
  return PARSED_PATHS.test(path) ? new URL(`http://localhost${path}`).pathname : path;
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

/**
 * The handler of step 2: answers an outbound request and returns true, or returns false
 * and leaves the request to the next step.
 */
export function outboundRedirect({
  env,
  app,
  clicks,
  siteHeaders,
  clientAddress,
  accessLog,
  paused = () => false,
  isBroken = () => false,
  screen = NO_SCREEN,
}: OutboundOptions): FastEndpoint {
  const gate = { header: env.COUNTRY_HEADER, blocked: env.BLOCKED_COUNTRIES };
  /** The headers of every redirect, each once: never cached, never indexed. */
  const headers = [
    ...unstoredHeaders(siteHeaders, "noindex, nofollow"),
    ...Object.entries(countryVary(gate)),
  ].flat();

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (paused()) return false;
    const facade = app();
    const { path, query: queryText } = targetOf(req);
    const target = facade.outboundTarget(pathnameOf(path));
    if (!target) return false;
    const header = headerReader(req.rawHeaders);
    if (gate.header && isBlockedCountryCode(header(gate.header) ?? undefined, gate)) return false;

    const { link, affiliate } = target;
    const query = new URLSearchParams(queryText);
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
      facade,
      fallbackLookup(affiliate.fallbacks, isBroken),
      screen,
    );
    // A fallback that is a page of this site gets neither the visit's parameters nor an id.
    const location = isSitePage(destination)
      ? destination
      : outboundLocation(destination, params, {
          param: affiliate.click_id_param,
          id: affiliate.send_click_id ? (click?.click_id ?? null) : null,
        });
    res.writeHead(302, [...headers, "Location", location]);
    res.end();
    logAccess(accessLog, req, res);
    return true;
  };
}
