/**
 * Synthetic clicks for measuring and testing the dashboard: `count` clicks spread over
 * the `days` days up to `lastDay`, from a seeded random generator (the same seed gives the
 * same clicks), on the content's real pages and link ids, and the conversions an affiliate
 * program would report for them (seedConversions). Written in batches inside
 * transactions, through the ledgers' own rollup code, so a million rows take seconds on
 * SQLite and on PostgreSQL.
 */
import type { LedgerDatabase } from "~/clicks/database.server";
import { addToRollups } from "~/clicks/rollup.server";
import type { ClickRecord, ConversionEvent, ConversionsTable } from "~/clicks/types";
import { chunked } from "~/clicks/chunked";
import { addConversionsToRollups } from "~/conversions/rollup.server";

import { addDays } from "./query";

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, weighted: readonly (readonly [T, number])[]): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let at = next() * total;
  for (const [value, weight] of weighted) {
    at -= weight;
    if (at < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

export type SeedOptions = {
  count: number;
  days: number;
  /** The last day (YYYY-MM-DD), usually today in the report time zone. */
  lastDay: string;
  /** Placements (link id → page) to spread the clicks over. */
  links: readonly { id: string; page: string; destination: string }[];
  seed?: number;
  /**
   * The share of people's clicks whose player registers (default 0.08, as a casino
   * program converts); 0 writes no conversions. See seedConversions for the rest.
   */
  registrationRate?: number;
  batchSize?: number;
  onProgress?: (written: number) => void;
};

export function* seedClicks({
  count,
  days,
  lastDay,
  links,
  seed = 1,
}: SeedOptions): Generator<ClickRecord> {
  const next = random(seed);
  const first = addDays(lastDay, -(days - 1));
  const placements = links.map((link, index) => [link, 1 / (index + 1)] as const);
  const campaigns = [
    ["verano", 5],
    ["black-friday", 3],
    ["navidad", 2],
    [null, 8],
  ] as const;
  const sources = [
    ["google", 6],
    ["facebook", 3],
    ["newsletter", 2],
    [null, 5],
  ] as const;
  const countries = [
    ["ES", 85],
    ["PT", 4],
    ["MX", 3],
    [null, 8],
  ] as const;
  const devices = [
    ["mobile", 65],
    ["desktop", 30],
    ["tablet", 5],
  ] as const;
  const browsers = [
    ["Chrome", 55],
    ["Safari", 30],
    ["Firefox", 8],
    ["other", 7],
  ] as const;
  // Later days get more clicks (a site that grows); written in time order, as a real
  // ledger is, so a day's clicks sit together on disk.
  const dayIndexes = Uint16Array.from({ length: count }, () =>
    Math.min(days - 1, Math.floor(Math.sqrt(next()) * days)),
  ).sort();
  let index = 0;
  for (const dayIndex of dayIndexes) {
    const day = addDays(first, dayIndex);
    const at = Date.parse(`${day}T12:00:00Z`) + Math.floor((next() - 0.5) * 20 * 3_600_000);
    const link = pick(next, placements);
    const isBot = next() < 0.08 ? 1 : 0;
    yield {
      at,
      day,
      link_id: link.id,
      destination: link.destination,
      page: link.page,
      utm_source: pick(next, sources),
      utm_medium: null,
      utm_campaign: pick(next, campaigns),
      utm_content: null,
      utm_term: null,
      referrer: null,
      gclid: null,
      fbclid: null,
      subid: next() < 0.3 ? `sub${Math.floor(next() * 20)}` : null,
      country: pick(next, countries),
      device: pick(next, devices),
      browser: pick(next, browsers),
      is_bot: isBot,
      visitor: `v${Math.floor(next() * 4000).toString(36)}`,
      // Deterministic, so seeded conversions can name their clicks (seedClickId).
      click_id: seedClickId(seed, index++),
    };
  }
}

/** The click id of a seed's n-th click (0-based), 16 characters like a real one. */
export function seedClickId(seed: number, n: number): string {
  return `s${(seed % 1296).toString(36).padStart(2, "0")}${n.toString(36).padStart(13, "0")}`;
}

export type SeededConversion = Omit<ConversionsTable, "id">;

/** Events per registration on average (seedConversions), to aim at a number of conversions. */
export const EVENTS_PER_REGISTRATION = 1 + (3 / 8) * (1 + 0.6 + 1) + 0.2 + 0.01;

/**
 * What a program would report for a batch of seeded clicks, from its own generator: of
 * people's clicks, `registrationRate` register (8 % by default); 3 in 8 of those make a
 * first deposit (so ~3 % of clicks), which earns a CPA commission, and some deposit again;
 * a fifth of registered players bring a revenue-share commission, 1 in 10 of them negative
 * (an adjustment); 5 % of amounts are in US dollars; and about 1 registration in 100 comes
 * with an orphan (a click id no click has). Conversions follow their click by minutes and
 * carry its attribution, as the ledger copies it.
 */
export function seedConversions(
  clicks: readonly ClickRecord[],
  next: () => number,
  registrationRate: number,
): SeededConversion[] {
  const conversions: SeededConversion[] = [];
  const currency = () => (next() < 0.05 ? "USD" : "EUR");
  const cents = (min: number, max: number) => Math.round((min + next() * (max - min)) * 100);
  for (const click of clicks) {
    if (click.is_bot === 1 || next() >= registrationRate) continue;
    const clickId = click.click_id!;
    let at = click.at;
    const add = (event: ConversionEvent, amount_cents: number, orphan = false) => {
      at += Math.floor(next() * 3_600_000);
      const n = conversions.length;
      conversions.push({
        at,
        day: click.day,
        event,
        amount_cents,
        currency: event === "registration" ? "EUR" : currency(),
        txid: event === "registration" ? null : `tx-${clickId}-${n}`,
        dedup_key: `seed:${orphan ? "orphan-" : ""}${clickId}:${event}:${n}`,
        click_id: orphan ? `orphan-${clickId}` : clickId,
        orphan: orphan ? 1 : 0,
        origin: "postback",
        click_at: orphan ? null : click.at,
        link_id: orphan ? "" : click.link_id,
        page: orphan ? "" : click.page,
        utm_source: orphan ? null : click.utm_source,
        utm_campaign: orphan ? null : click.utm_campaign,
        referrer: orphan ? null : click.referrer,
        subid: orphan ? null : click.subid,
        country: orphan ? null : click.country,
        device: orphan ? "" : click.device,
      });
    };
    add("registration", 0);
    if (next() < 3 / 8) {
      add("ftd", cents(20, 300));
      add("commission", cents(50, 150));
      if (next() < 0.6) add("deposit", cents(20, 500));
    }
    if (next() < 0.2) add("commission", next() < 0.1 ? -cents(5, 60) : cents(2, 80));
    if (next() < 0.01) {
      if (next() < 0.5) add("registration", 0, true);
      else add("commission", cents(10, 90), true);
    }
  }
  return conversions;
}

/** What writeSeed wrote. */
export type Seeded = { clicks: number; conversions: number };

/** Writes the synthetic clicks and their conversions. */
export async function writeSeed(database: LedgerDatabase, options: SeedOptions): Promise<Seeded> {
  // 1,000 rows × 18 columns stay under SQLite's 32,766 bound parameters.
  const batchSize = options.batchSize ?? 1_000;
  const registrationRate = options.registrationRate ?? 0.08;
  const nextConversion = random((options.seed ?? 1) + 0x9e3779b9);
  let batch: ClickRecord[] = [];
  let written = 0;
  let converted = 0;
  const flush = async () => {
    const conversions =
      registrationRate > 0 ? seedConversions(batch, nextConversion, registrationRate) : [];
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("clicks").values(batch).execute();
      await addToRollups(trx, batch);
      // 1,000 rows × 19 columns: under the same bound.
      for (const part of chunked(conversions, 1_000)) {
        await trx.insertInto("conversions").values(part).execute();
      }
      if (conversions.length > 0) await addConversionsToRollups(trx, conversions);
    });
    written += batch.length;
    converted += conversions.length;
    batch = [];
    options.onProgress?.(written);
  };
  for (const click of seedClicks(options)) {
    batch.push(click);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return { clicks: written, conversions: converted };
}
