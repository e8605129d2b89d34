/**
 * What the ledger keeps of one outbound click, built from the request and nothing it
 * cannot trust more than a label. Stored: time, link id, configured destination, the page
 * the click came from, the visit's tracking parameters (length-limited), the external
 * host the visit came from when it had no utm_source (`ref`, a label), the country
 * header's value when the country gate is configured, device class and browser family,
 * a bot flag, and a daily visitor key. Never stored: the IP address, the User-Agent, any
 * cookie, the Referer beyond its same-site path.
 */
import { hash, randomBytes } from "node:crypto";

import Bowser from "bowser";
import { isbot } from "isbot";

import {
  pathOf,
  REFERRER_PARAM,
  referrerHost,
  sameSitePath,
  type HeaderReader,
  type TrackingParams,
} from "~/affiliate/tracking-params";

import { dayIn } from "~/reports/reporting-day";

import { newClickId } from "./click-id";
import type { ClickRecord } from "~/ledger/schema";

/**
 * Request headers of link previews, prefetches and prerenders: not a person's click, nor a
 * person's page view (app/views/view-record.server.ts).
 */
export function isAutomated(header: HeaderReader): boolean {
  const purpose = `${header("sec-purpose") ?? ""} ${header("purpose") ?? ""} ${header("x-purpose") ?? ""}`;
  return /\b(prefetch|prerender|preview)\b/i.test(purpose);
}

const AGENT_MEMO_LIMIT = 1_000;
export type Agent = { device: string; browser: string; crawler: boolean };
const agents = new Map<string, Agent>();

/**
 * What a User-Agent says: device class, browser family and whether it is a crawler.
 * Visitors share few distinct User-Agents, and parsing one costs more than the rest of a
 * click, so answers are remembered in a small bounded table.
 */
export function agentOf(userAgent: string): Agent {
  let known = agents.get(userAgent);
  if (!known) {
    const parsed = Bowser.parse(userAgent);
    const type = parsed.platform.type;
    known = {
      device: type === "mobile" || type === "tablet" || type === "desktop" ? type : "other",
      browser: (parsed.browser.name ?? "other").slice(0, 40) || "other",
      crawler: isbot(userAgent),
    };
    if (agents.size >= AGENT_MEMO_LIMIT) agents.clear();
    agents.set(userAgent, known);
  }
  return known;
}

/** "mobile", "tablet", "desktop" or "other", and the browser's family. */
export function deviceOf(userAgent: string): { device: string; browser: string } {
  if (!userAgent) return { device: "other", browser: "other" };
  const { device, browser } = agentOf(userAgent);
  return { device, browser };
}

/**
 * The daily visitor key: sha256 of the day's salt, the IP and the User-Agent. The salt is
 * random and replaced each day, so yesterday's keys cannot be linked to today's, and no key
 * can be turned back into an address without it (as Plausible and Umami do). The salts
 * are never stored beside the keys (visitor-salts.server.ts, decision 017): on SQLite they
 * live in this process only; on PostgreSQL every instance loads the same one from a table
 * that backups leave out. Either way a day's salt is forgotten and deleted when the day
 * ends. Without a ledger, or while the day's shared salt has not loaded, the process makes
 * its own (see `onLocalSalt`). `key` never waits: it runs on every page and click.
 */
export class VisitorKeys {
  private readonly salts = new Map<string, Buffer>();
  /** The days whose salt this process made itself. */
  private readonly local = new Set<string>();
  /**
   * Told when a day's salt had to be made here although salts are shared (the database was
   * unreachable when the day began): that day, a visitor may count once per instance and
   * once more when the shared salt loads.
   */
  onLocalSalt: ((day: string) => void) | null = null;

  key(ip: string, userAgent: string, day: string): string {
    return this.keyed(day, `${ip}\u0000${userAgent}`);
  }

  /**
   * A keyed hash of `text` for another purpose than the visitor key (the login limiter's
   * client): the day's salt keeps it from being reversed by trying every address.
   */
  digest(purpose: string, text: string, day: string): string {
    return this.keyed(day, `${purpose}\u0000${text}`);
  }

  private keyed(day: string, text: string): string {
    // One-shot hash of the same bytes: a third cheaper than a Hash object, once per record.
    const input = Buffer.concat([this.saltOf(day), Buffer.from(text)]);
    return hash("sha256", input, "base64url").slice(0, 22);
  }

  /** Sets a day's salt (the shared one); only the three latest days are kept. */
  use(day: string, salt: Buffer): void {
    if (this.salts.get(day)?.equals(salt)) return;
    this.salts.set(day, salt);
    this.local.delete(day);
    if (this.salts.size > 3) {
      for (const old of [...this.salts.keys()].sort().slice(0, -3)) this.salts.delete(old);
    }
  }

  /**
   * Makes the day's salt here when it has none (salts held in this process only), or keeps
   * the one it made already: a SQLite ledger's salts never leave the process.
   */
  keep(day: string): void {
    if (!this.salts.has(day)) this.use(day, randomBytes(32));
    this.local.delete(day);
  }

  /**
   * Forgets the salts of the days before `day`, their bytes overwritten: once its day is
   * over, no key of that day can be computed again, here or from a copy of this memory.
   */
  forgetBefore(day: string): void {
    for (const [old, salt] of this.salts) {
      if (old >= day) continue;
      salt.fill(0);
      this.salts.delete(old);
      this.local.delete(old);
    }
  }

  /** Whether the day's salt is the shared one (false when made here, or not made yet). */
  isShared(day: string): boolean {
    return this.salts.has(day) && !this.local.has(day);
  }

  private saltOf(day: string): Buffer {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomBytes(32);
      this.use(day, salt);
      this.local.add(day);
      this.onLocalSalt?.(day);
    }
    return salt;
  }
}

/**
 * The process's one set of keys (one salt a day), shared by the clicks
 * (record-click.server.ts) and the page views (app/views), so a visitor's views and clicks
 * of a day carry the same key and join.
 */
export const visitorKeys = new VisitorKeys();

export type ClickInput = {
  /** The request's headers. */
  header: HeaderReader;
  /** The request's query. */
  query: URLSearchParams;
  /** The visit's tracking parameters (visitTrackingParams): those the destination receives. */
  params: TrackingParams;
  /** The same-site page in the Referer (sameSiteUrl), or null. */
  landing: URL | null;
  /** The client sent HEAD. */
  head: boolean;
  /** The client's address (for the visitor key only; never stored). */
  clientAddress: string;
  linkId: string;
  destination: string;
  /** The offer the link promotes (its block's or card's), if any. */
  offer?: string;
  subIdParam: string;
  /** Name of the country header when the country gate is configured. */
  countryHeader?: string;
  /** Origins whose Referer counts as this site (the request's own and SITE_URL). */
  siteOrigins: ReadonlySet<string>;
  timeZone: string;
  visitorKeys: VisitorKeys;
  now?: number;
};

const siteHosts = new WeakMap<ReadonlySet<string>, Set<string>>();

/** The hosts of the site's origins (remembered per set: a request's set is reused). */
export function hostsOf(origins: ReadonlySet<string>): Set<string> {
  let hosts = siteHosts.get(origins);
  if (!hosts) {
    hosts = new Set([...origins].map((origin) => new URL(origin).hostname));
    siteHosts.set(origins, hosts);
  }
  return hosts;
}

/**
 * The visitor's country: the country header's value when the gate is configured and the
 * value is an ISO 3166-1 alpha-2 code, else null.
 */
export function countryOf(header: HeaderReader, countryHeader: string | undefined): string | null {
  const value = countryHeader ? header(countryHeader)?.trim().toUpperCase() : undefined;
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

/** The record of one click, with a new click id. */
export function buildClickRecord(input: ClickInput): ClickRecord {
  const { header } = input;
  const at = input.now ?? Date.now();
  const day = dayIn(input.timeZone, at);
  const page =
    sameSitePath(input.query.get("from"), input.siteOrigins) ??
    (input.landing && pathOf(input.landing)) ??
    "";
  const tracking = Object.fromEntries(input.params);
  const userAgent = header("user-agent") ?? "";
  const agent = userAgent ? agentOf(userAgent) : null;
  const bot = input.head || !agent || agent.crawler || isAutomated(header);
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
    referrer: tracking.utm_source
      ? null
      : referrerHost(input.query.get(REFERRER_PARAM), hostsOf(input.siteOrigins)),
    gclid: tracking.gclid ?? null,
    fbclid: tracking.fbclid ?? null,
    subid: tracking[input.subIdParam] ?? null,
    country: countryOf(header, input.countryHeader),
    device: agent?.device ?? "other",
    browser: agent?.browser ?? "other",
    is_bot: bot ? 1 : 0,
    visitor: input.visitorKeys.key(input.clientAddress, userAgent, day),
    click_id: newClickId(at),
    offer: input.offer ?? null,
    fallback: 0,
  };
}
