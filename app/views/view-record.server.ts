/**
 * What the ledger keeps of one page view (docs/page-views.md), built from the view
 * endpoint's request (server/page-view.ts) with the clicks' own rules
 * (app/clicks/click-record.server.ts): time, day, page (a content page or "404"), the
 * visit's source (the landing's utm_source, utm_medium and utm_campaign, length-limited
 * like every tracking parameter, or the external referrer's host when there is no
 * utm_source), country (only with the country gate's header), device class, browser
 * family and the daily visitor key, the same as the clicks'. Never stored: the IP
 * address, the User-Agent, the full referrer, anything else the client sends.
 *
 * A view that is not a person's is not a view at all (nothing is stored, unlike a bot's
 * click): a crawler or an empty User-Agent, a prefetch or prerender, a HEAD.
 */
import {
  pickTrackingParams,
  referrerHost,
  type HeaderReader,
  type TrackingParams,
} from "~/affiliate/tracking-params";
import {
  agentOf,
  countryOf,
  dayIn,
  hostsOf,
  isAutomated,
  type VisitorKeys,
} from "~/clicks/click-record.server";
import type { ViewRecord } from "~/clicks/types";

import { VIEW_FIELDS } from "./view-endpoint";

export type ViewInput = {
  /** The request's headers. */
  header: HeaderReader;
  /** The view's fields: the POST body's, or the no-JS fallback's query. */
  fields: URLSearchParams;
  /**
   * The same-site page in the Referer (sameSiteUrl), read only when the fields carry no
   * source: the no-JS fallback's image is requested by the page, whose URL holds the
   * landing's UTM parameters.
   */
  landing: URL | null;
  /** The client sent HEAD. */
  head: boolean;
  /** The page the path shows (viewedPage of app/views/viewed-page.server.ts). */
  page: string;
  /** The client's address (for the visitor key only; never stored). */
  clientAddress: string;
  /** Name of the country header when the country gate is configured. */
  countryHeader?: string;
  /** Origins whose hosts are the site's own (internal navigation is not a referrer). */
  siteOrigins: ReadonlySet<string>;
  timeZone: string;
  visitorKeys: VisitorKeys;
  now?: number;
};

/** The source a view keeps: the landing's UTM parameters, none of its other ones. */
const SOURCE_PARAMS: ReadonlySet<string> = new Set(["utm_source", "utm_medium", "utm_campaign"]);

/** The UTM parameters of a query, cleaned as the clicks' are (pickTrackingParams). */
function sourceOf(query: URLSearchParams): TrackingParams {
  return pickTrackingParams(query, "").filter(([name]) => SOURCE_PARAMS.has(name));
}

/** The landing's UTM parameters as the beacon names them (s, m, c). */
function beaconSource(fields: URLSearchParams): TrackingParams {
  const named = new URLSearchParams();
  for (const [field, param] of [
    [VIEW_FIELDS.source, "utm_source"],
    [VIEW_FIELDS.medium, "utm_medium"],
    [VIEW_FIELDS.campaign, "utm_campaign"],
  ] as const) {
    const value = fields.get(field);
    if (value !== null) named.set(param, value);
  }
  return sourceOf(named);
}

/** True when the request is a person's view: a browser's, not a crawler's, not ahead of time. */
export function isPersonView(header: HeaderReader, head: boolean): boolean {
  if (head || isAutomated(header)) return false;
  const userAgent = header("user-agent");
  return Boolean(userAgent) && !agentOf(userAgent!).crawler;
}

/** The record of one view, or null when it is not counted (see isPersonView). */
export function buildViewRecord(input: ViewInput): ViewRecord | null {
  const { header, fields } = input;
  if (!isPersonView(header, input.head)) return null;
  const userAgent = header("user-agent")!;
  const agent = agentOf(userAgent);
  const at = input.now ?? Date.now();
  const day = dayIn(input.timeZone, at);
  let params = beaconSource(fields);
  if (params.length === 0 && input.landing) params = sourceOf(input.landing.searchParams);
  const source = Object.fromEntries(params);
  return {
    at,
    day,
    page: input.page,
    utm_source: source.utm_source ?? null,
    utm_medium: source.utm_medium ?? null,
    utm_campaign: source.utm_campaign ?? null,
    referrer: source.utm_source
      ? null
      : referrerHost(fields.get(VIEW_FIELDS.referrer), hostsOf(input.siteOrigins)),
    country: countryOf(header, input.countryHeader),
    device: agent.device,
    browser: agent.browser,
    visitor: input.visitorKeys.key(input.clientAddress, userAgent, day),
  };
}
