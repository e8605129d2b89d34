/**
 * Synthetic clicks for measuring and testing the dashboard: `count` clicks spread over
 * the `days` days up to `lastDay`, from a seeded random generator (the same seed gives the
 * same clicks), on the content's real pages and link ids, the conversions an affiliate
 * program would report for them (seedConversions), and the page views that led to them
 * (seedViews: same pages, sources and daily visitor keys). Clicks and conversions are
 * written in batches inside transactions, through the ledgers' own rollup code (or, for
 * clicks, their daily counts rebuilt by SQL at the end: `clickRollups`); views in plain
 * batches, their daily counts then rebuilt by SQL (app/ledger/rollups/rebuild.server.ts),
 * so millions of rows take seconds to minutes on SQLite and on PostgreSQL.
 */
import { hash } from "node:crypto";

import type { LedgerDatabase } from "~/ledger/database.server";
import { BOT, FLAGS, PERSON } from "~/ledger/click-kinds";
import { CLICKS, CONVERSIONS, VIEWS } from "~/ledger/rollups/families";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";
import { addToDailyCounts } from "~/ledger/rollups/rollup.server";
import type { ClickRecord, ConversionEvent, ConversionsTable, ViewRecord } from "~/ledger/schema";
import { chunked } from "~/ledger/chunked";

import { addDays } from "~/reports/query";

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

/**
 * Where the seeded visits come from, the same for clicks and views so they join: a
 * utm_source (with its medium), or, without one, an external referrer host or nothing
 * (typed in, a bookmark).
 */
const SOURCES = [
  ["google", 6],
  ["facebook", 3],
  ["newsletter", 2],
  [null, 5],
] as const;
const MEDIUM_OF: Record<string, string> = {
  google: "cpc",
  facebook: "social",
  newsletter: "email",
};
const REFERRERS = [
  ["google.com", 5],
  ["bing.com", 1],
  ["t.co", 1],
  ["www.reddit.com", 1],
  [null, 4],
] as const;
const CAMPAIGNS = [
  ["verano", 5],
  ["black-friday", 3],
  ["navidad", 2],
  [null, 8],
] as const;
const COUNTRIES = [
  ["ES", 85],
  ["PT", 4],
  ["MX", 3],
  [null, 8],
] as const;
const DEVICES = [
  ["mobile", 65],
  ["desktop", 30],
  ["tablet", 5],
] as const;
const BROWSERS = [
  ["Chrome", 55],
  ["Safari", 30],
  ["Firefox", 8],
  ["other", 7],
] as const;
/**
 * The daily visitor keys a seed draws from: a view's visitor also clicks that day. Shaped
 * as the server's (22 base64url characters of a hash) and new every day, as the salt makes
 * them, so their prints and samples are spread as a live ledger's
 * (app/ledger/visitor-prints.ts).
 */
const VISITOR_KEYS = 4000;
const visitorKey = (next: () => number, day: string) =>
  hash("sha256", `seed visitor ${day} ${Math.floor(next() * VISITOR_KEYS)}`, "base64url").slice(
    0,
    22,
  );

/**
 * Days of a seed's rows, ascending: later days get more (a site that grows), written in
 * time order, as a real ledger is, so a day's rows sit together on disk.
 */
function seedDays(next: () => number, count: number, days: number): Uint16Array {
  return Uint16Array.from({ length: count }, () =>
    Math.min(days - 1, Math.floor(Math.sqrt(next()) * days)),
  ).sort();
}

const NO_VARIANTS = () => null;

/** A time on `day` around noon UTC (±10 h), as epoch ms. */
const timeOn = (next: () => number, day: string) =>
  Date.parse(`${day}T12:00:00Z`) + Math.floor((next() - 0.5) * 20 * 3_600_000);

export type SeedOptions = {
  count: number;
  days: number;
  /** The last day (YYYY-MM-DD), usually today in the report time zone. */
  lastDay: string;
  /** Placements (link id → page) to spread the clicks over. */
  links: readonly { id: string; page: string; destination: string; offer?: string }[];
  seed?: number;
  /**
   * The share of people's clicks whose player registers (default 0.08, as a casino
   * program converts); 0 writes no conversions. See seedConversions for the rest.
   */
  registrationRate?: number;
  /** Page views to write beside the clicks (default none); seedViews. */
  views?: number;
  /** The content's page paths, for views of pages without links (default: the links'). */
  pages?: readonly string[];
  /**
   * The experiment variants a view or click on `page` records (the live recorders'
   * `recordedVariants`; null: none running). Default: none, as before migration 006.
   */
  variantsOf?: (page: string, visitor: string | null, at: number) => string | null;
  batchSize?: number;
  /**
   * How the clicks' daily counts are kept: "batches" (default) through the ledger's own
   * rollup code with every batch, as live clicks are; "rebuild" by SQL once all clicks are
   * written (app/ledger/rollups/rebuild.server.ts), several times faster, for millions.
   * Either way the counts end up equal (ledger.server.test.ts).
   */
  clickRollups?: "batches" | "rebuild";
  onProgress?: (written: number) => void;
};

/** A click's kind (app/ledger/click-kinds.ts) from one uniform draw. */
function kindOf(draw: number): number {
  if (draw < 0.08) return BOT;
  if (draw < 0.1) return FLAGS["data-centre"];
  if (draw < 0.11) return FLAGS["too-fast"];
  if (draw < 0.125) return FLAGS.repeat;
  return PERSON;
}

export function* seedClicks({
  count,
  days,
  lastDay,
  links,
  seed = 1,
  variantsOf = NO_VARIANTS,
}: SeedOptions): Generator<ClickRecord> {
  const next = random(seed);
  const first = addDays(lastDay, -(days - 1));
  const placements = links.map((link, index) => [link, 1 / (index + 1)] as const);
  let index = 0;
  for (const dayIndex of seedDays(next, count, days)) {
    const day = addDays(first, dayIndex);
    const at = timeOn(next, day);
    const link = pick(next, placements);
    // One draw: 8 % bots, then 4.5 % of clicks flagged as likely not a person's.
    const kind = kindOf(next());
    const source = pick(next, SOURCES);
    const click: ClickRecord = {
      at,
      day,
      link_id: link.id,
      destination: link.destination,
      page: link.page,
      utm_source: source,
      utm_medium: null,
      utm_campaign: pick(next, CAMPAIGNS),
      utm_content: null,
      utm_term: null,
      referrer: source === null ? pick(next, REFERRERS) : null,
      gclid: null,
      fbclid: null,
      subid: next() < 0.3 ? `sub${Math.floor(next() * 20)}` : null,
      country: pick(next, COUNTRIES),
      device: pick(next, DEVICES),
      browser: pick(next, BROWSERS),
      is_bot: kind,
      visitor: visitorKey(next, day),
      // Deterministic, so seeded conversions can name their clicks (seedClickId).
      click_id: seedClickId(seed, index++),
      offer: link.offer ?? null,
    };
    // A bot gets the control, as on the page.
    click.variants = variantsOf(link.page, kind === BOT ? null : click.visitor, at);
    yield click;
  }
}

/**
 * `count` human page views over the same days, pages and traffic as seedClicks, from their
 * own generator: each content page gets views in proportion to the clicks its links draw
 * (about five views per click when `count` is five times the clicks) plus a share of its
 * own, so pages without links are read too; 1 % land on "404". The visitor keys are the
 * clicks' (VISITOR_KEYS), so a day's readers and clickers join.
 */
export function* seedViews({
  count,
  days,
  lastDay,
  links,
  pages = [],
  seed = 1,
  variantsOf = NO_VARIANTS,
}: Pick<SeedOptions, "days" | "lastDay" | "links" | "pages" | "seed" | "variantsOf"> & {
  count: number;
}): Generator<ViewRecord> {
  const next = random(seed + 0x85ebca6b);
  const first = addDays(lastDay, -(days - 1));
  // The /404 page's own views count as "404", as the view record counts them.
  const weight = new Map<string, number>(
    pages.filter((page) => page !== "/404").map((page) => [page, 0.05]),
  );
  for (const [index, link] of links.entries()) {
    weight.set(link.page, (weight.get(link.page) ?? 0.05) + 1 / (index + 1));
  }
  const total = [...weight.values()].reduce((sum, value) => sum + value, 0);
  const paths = [...weight, ["404", total / 99] as const];
  for (const dayIndex of seedDays(next, count, days)) {
    const day = addDays(first, dayIndex);
    const source = pick(next, SOURCES);
    const view: ViewRecord = {
      at: timeOn(next, day),
      day,
      page: pick(next, paths),
      utm_source: source,
      utm_medium: source === null ? null : MEDIUM_OF[source]!,
      utm_campaign: pick(next, CAMPAIGNS),
      referrer: source === null ? pick(next, REFERRERS) : null,
      country: pick(next, COUNTRIES),
      device: pick(next, DEVICES),
      browser: pick(next, BROWSERS),
      visitor: visitorKey(next, day),
    };
    view.variants = variantsOf(view.page, view.visitor, view.at);
    yield view;
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
    if (click.is_bot === BOT || next() >= registrationRate) continue;
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
        variants: orphan ? null : (click.variants ?? null),
        offer: orphan ? null : click.offer,
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
export type Seeded = { clicks: number; conversions: number; views: number };

/** Writes the synthetic clicks, their conversions and the page views beside them. */
export async function writeSeed(database: LedgerDatabase, options: SeedOptions): Promise<Seeded> {
  // 1,000 rows × 18 columns stay under SQLite's 32,766 bound parameters.
  const batchSize = options.batchSize ?? 1_000;
  const registrationRate = options.registrationRate ?? 0.08;
  const nextConversion = random((options.seed ?? 1) + 0x9e3779b9);
  const rebuild = options.clickRollups === "rebuild";
  let batch: ClickRecord[] = [];
  let written = 0;
  let converted = 0;
  const flush = async () => {
    const conversions =
      registrationRate > 0 ? seedConversions(batch, nextConversion, registrationRate) : [];
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("clicks").values(batch).execute();
      if (!rebuild) await addToDailyCounts(trx, CLICKS, batch, database.dialect);
      // 1,000 rows × 19 columns: under the same bound.
      for (const part of chunked(conversions, 1_000)) {
        await trx.insertInto("conversions").values(part).execute();
      }
      if (conversions.length > 0) {
        await addToDailyCounts(trx, CONVERSIONS, conversions, database.dialect);
      }
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
  if (rebuild) await rebuildDailyCounts(database.db, CLICKS);
  return { clicks: written, conversions: converted, views: await writeViews(database, options) };
}

/** Writes `options.views` seeded views, then rebuilds their daily counts (none: 0). */
async function writeViews(database: LedgerDatabase, options: SeedOptions): Promise<number> {
  const count = options.views ?? 0;
  if (count === 0) return 0;
  let batch: ViewRecord[] = [];
  let written = 0;
  // 50,000 views a transaction (one commit, not 25), in statements of 2,000 rows × 11
  // columns, under SQLite's 32,766 bound parameters.
  const flush = async () => {
    await database.db.transaction().execute(async (trx) => {
      for (const part of chunked(batch, 2_000)) {
        await trx.insertInto("views").values(part).execute();
      }
    });
    written += batch.length;
    batch = [];
  };
  for (const view of seedViews({ ...options, count })) {
    batch.push(view);
    if (batch.length >= 50_000) await flush();
  }
  if (batch.length > 0) await flush();
  await rebuildDailyCounts(database.db, VIEWS);
  return written;
}
