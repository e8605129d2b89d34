/**
 * What the ledger keeps of one outbound click, built from the request and nothing it
 * cannot trust more than a label. Stored: time, link id, configured destination, the page
 * the click came from, the visit's tracking parameters (length-limited), the country
 * header's value when the country gate is configured, device class and browser family,
 * a bot flag, and a daily visitor key. Never stored: the IP address, the User-Agent, any
 * cookie, the Referer beyond its same-site path.
 */
import { createHash, randomBytes } from "node:crypto";

import Bowser from "bowser";
import { isbot } from "isbot";

import { sameSitePath, type HeaderReader, type TrackingParams } from "~/affiliate/tracking-params";

import { newClickId } from "./click-id";
import type { ClickRecord } from "./types";

/** Request headers of link previews, prefetches and prerenders: not a person's click. */
function isAutomated(header: HeaderReader): boolean {
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-purpose") ?? ""}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

const DEVICE_MEMO_LIMIT = 1_000;
const devices = new Map<string, { device: string; browser: string }>();

/**
 * "mobile", "tablet", "desktop" or "other", and the browser's family. Visitors share few
 * distinct User-Agents, so answers are remembered in a small bounded table.
 */
export function deviceOf(userAgent: string): { device: string; browser: string } {
  if (!userAgent) return { device: "other", browser: "other" };
  let known = devices.get(userAgent);
  if (!known) {
    const parsed = Bowser.parse(userAgent);
    const type = parsed.platform.type;
    known = {
      device: type === "mobile" || type === "tablet" || type === "desktop" ? type : "other",
      browser: (parsed.browser.name ?? "other").slice(0, 40) || "other",
    };
    if (devices.size >= DEVICE_MEMO_LIMIT) devices.clear();
    devices.set(userAgent, known);
  }
  return known;
}

/**
 * The daily visitor key: sha256 of a salt, the IP and the User-Agent. The salt is random,
 * kept in memory only and replaced each day, so yesterday's keys cannot be linked to
 * today's, and no key can be turned back into an address (as Plausible and Umami do).
 */
export class VisitorKeys {
  private day = "";
  private salt = Buffer.alloc(0);

  key(ip: string, userAgent: string, day: string): string {
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(32);
    }
    return createHash("sha256")
      .update(this.salt)
      .update(ip)
      .update("\u0000")
      .update(userAgent)
      .digest("base64url")
      .slice(0, 22);
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a time zone (formatters are costly to make: one per zone). */
export function dayIn(timeZone: string, at: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

export type ClickInput = {
  /** The request's headers. */
  header: HeaderReader;
  /** The request's query. */
  query: URLSearchParams;
  /** The visit's tracking parameters (visitTrackingParams): those the destination receives. */
  params: TrackingParams;
  /** The client sent HEAD. */
  head: boolean;
  /** The client's address (for the visitor key only; never stored). */
  clientAddress: string;
  linkId: string;
  destination: string;
  subIdParam: string;
  /** Name of the country header when the country gate is configured. */
  countryHeader?: string;
  /** Origins whose Referer counts as this site (the request's own and SITE_URL). */
  siteOrigins: ReadonlySet<string>;
  timeZone: string;
  visitorKeys: VisitorKeys;
  now?: number;
};

/** The record of one click, with a new click id. */
export function buildClickRecord(input: ClickInput): ClickRecord {
  const { header } = input;
  const at = input.now ?? Date.now();
  const day = dayIn(input.timeZone, at);
  const page =
    sameSitePath(input.query.get("from"), input.siteOrigins) ??
    sameSitePath(header("referer"), input.siteOrigins) ??
    "";
  const tracking = Object.fromEntries(input.params);
  const userAgent = header("user-agent") ?? "";
  const countryValue = input.countryHeader
    ? header(input.countryHeader)?.trim().toUpperCase()
    : undefined;
  const bot = input.head || !userAgent || isbot(userAgent) || isAutomated(header);
  return {
    at,
    day,
    link_id: input.linkId,
    destination: input.destination,
    page,
    utm_source: tracking.utm_source ?? null,
    utm_medium: tracking.utm_medium ?? null,
    utm_campaign: tracking.utm_campaign ?? null,
    utm_content: tracking.utm_content ?? null,
    utm_term: tracking.utm_term ?? null,
    gclid: tracking.gclid ?? null,
    fbclid: tracking.fbclid ?? null,
    subid: tracking[input.subIdParam] ?? null,
    country: countryValue && /^[A-Z]{2}$/.test(countryValue) ? countryValue : null,
    ...deviceOf(userAgent),
    is_bot: bot ? 1 : 0,
    visitor: input.visitorKeys.key(input.clientAddress, userAgent, day),
    click_id: newClickId(),
  };
}
