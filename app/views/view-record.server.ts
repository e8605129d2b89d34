/**
 * What the ledger keeps of one page view (docs/page-views.md), built from the view
 * endpoint's request (server/page-view.ts) with the clicks' own rules
 * (app/clicks/click-record.server.ts): time, day, page (a content page or "404"), the
 * visit's source (the landing's utm_source, utm_medium and utm_campaign, length-limited
 * like every tracking parameter, or the external referrer's host when there is no
 * utm_source), country (only with the country gate's header), device class, browser
 * family and the daily visitor key, the same as the clicks', and the variants of the
 * experiments running on the page that the visitor was shown. Never stored: the IP
 * address, the User-Agent, the full referrer, anything else the client sends.
 *
 * A view that is not a person's is not a view at all (nothing is stored, unlike a bot's
 * click): a crawler or an empty User-Agent, a prefetch or prerender, a HEAD.
 */
import {
  pickTrackingParams,
  referrerHost,
  trackingValue,
  type HeaderReader,
} from "~/affiliate/tracking-params";
import {
  agentOf,
  countryOf,
  hostsOf,
  isAutomated,
  type VisitorKeys,
} from "~/clicks/click-record.server";
import type { ViewRecord } from "~/ledger/schema";
import type { ExperimentPlan } from "~/experiments/assign.server";
import { recordedVariants } from "~/experiments/recorded.server";

import { VIEW_FIELDS } from "./view-endpoint";
import { dayIn } from "~/reports/reporting-day";

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
  /** The experiments with a block on the page (the entry's experimentsFor); none by default. */
  experiments?: readonly ExperimentPlan[];
  now?: number;
};

/** The source a view keeps: the landing's UTM parameters, none of its other ones. */
type Source = { utm_source: string | null; utm_medium: string | null; utm_campaign: string | null };
const NO_SOURCE: Source = { utm_source: null, utm_medium: null, utm_campaign: null };

/** A value cleaned as the clicks' are (trackingValue), null when nothing is left. */
const cleaned = (raw: string | null) => (raw === null ? null : trackingValue(raw) || null);

/** The UTM parameters of the Referer's page, cleaned as the clicks' are (pickTrackingParams). */
function landingSource(query: URLSearchParams): Source {
  const { utm_source, utm_medium, utm_campaign } = Object.fromEntries(
    pickTrackingParams(query, ""),
  );
  return {
    utm_source: utm_source ?? null,
    utm_medium: utm_medium ?? null,
    utm_campaign: utm_campaign ?? null,
  };
}

/**
 * The landing's UTM parameters as the beacon names them (s, m, c), each given at most once
 * (viewFields), or null when the beacon carries none.
 */
function beaconSource(fields: URLSearchParams): Source | null {
  const source = {
    utm_source: cleaned(fields.get(VIEW_FIELDS.source)),
    utm_medium: cleaned(fields.get(VIEW_FIELDS.medium)),
    utm_campaign: cleaned(fields.get(VIEW_FIELDS.campaign)),
  };
  return source.utm_source || source.utm_medium || source.utm_campaign ? source : null;
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
  const visitor = input.visitorKeys.key(input.clientAddress, userAgent, day);
  const source =
    beaconSource(fields) ?? (input.landing ? landingSource(input.landing.searchParams) : NO_SOURCE);
  return {
    at,
    day,
    page: input.page,
    ...source,
    referrer: source.utm_source
      ? null
      : referrerHost(fields.get(VIEW_FIELDS.referrer), hostsOf(input.siteOrigins)),
    country: countryOf(header, input.countryHeader),
    device: agent.device,
    browser: agent.browser,
    visitor,
    variants: recordedVariants(input.experiments ?? [], visitor, at),
  };
}
