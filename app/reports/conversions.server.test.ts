/**
 * The conversion reports against counts computed here by plain SQL over the conversions
 * themselves, on SQLite and on the throwaway PostgreSQL of tests/postgres.ts: per day and
 * per dimension value, unfiltered (from the daily counts) and filtered (from the
 * conversions), with orphans apart and never lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { writeSeed } from "../../scripts/seed/ledger-seed";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { CONVERSIONS } from "~/ledger/rollups/families";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";
import { countWaiting } from "~/ledger/rollups/rollup.server";
import { DIMENSION_NAMES, DIMENSIONS, type DayRange, type Filters } from "~/ledger/dimensions";

import { conversionReports, type ConversionFigures } from "./conversions.server";

const directory = mkdtempSync(path.join(tmpdir(), "conversion-reports-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const links = [
  {
    id: "home-main-block-1-button-1",
    page: "/",
    destination: "https://aff.example/a",
    offer: "bienvenida",
  },
  {
    id: "bonos-bonus-list-1-bonus-2-button",
    page: "/bonos",
    destination: "https://aff.example/b",
    offer: "verano",
  },
  { id: "vip-main-block-1-button-1", page: "/vip", destination: "https://aff.example/c" },
];

/** What a report says, in the shape the SQL below computes. */
const comparable = (figures: ConversionFigures) => ({
  registrations: figures.registrations,
  ftds: figures.ftds,
  deposits: figures.deposits,
  depositEur: figures.depositAmount.EUR ?? 0,
  commissionEur: figures.commission.EUR ?? 0,
  commissionUsd: figures.commission.USD ?? 0,
});

type Row = ReturnType<typeof comparable> & { key: string | null };

const FIGURES_SQL = sql`
  sum(case when event = 'registration' then 1 else 0 end) as registrations,
  sum(case when event = 'ftd' then 1 else 0 end) as ftds,
  sum(case when event = 'deposit' then 1 else 0 end) as deposits,
  sum(case when event in ('ftd', 'deposit') and currency = 'EUR' then amount_cents else 0 end) as "depositEur",
  sum(case when event = 'commission' and currency = 'EUR' then amount_cents else 0 end) as "commissionEur",
  sum(case when event = 'commission' and currency = 'USD' then amount_cents else 0 end) as "commissionUsd"`;

const suites: [string, () => string][] = [
  ["SQLite", () => `sqlite:${path.join(directory, "ledger.sqlite")}`],
  ["PostgreSQL", () => inject("databaseUrl")],
];

describe.each(suites)("the conversion reports on %s", (_name, url) => {
  let database: LedgerDatabase;
  const range: DayRange = { from: "2026-10-20", to: "2026-11-15" };

  beforeAll(async () => {
    database = await openLedgerDatabase(url());
    for (const table of [
      "clicks",
      "click_daily",
      "visitor_daily",
      "click_filter_daily",
      "click_offer_combination_daily",
      "conversions",
      "conversion_daily",
      "conversion_filter_daily",
    ])
      await sql`delete from ${sql.table(table)}`.execute(database.db);
    const seeded = await writeSeed(database, {
      count: 6_000,
      days: 60,
      lastDay: "2026-11-20",
      links,
      seed: 11,
      registrationRate: 0.3,
    });
    expect(seeded.conversions).toBeGreaterThan(1_000);
  }, 60_000);
  afterAll(() => database.close());

  /** Figures per `key` (an SQL expression) from the conversions in range, by plain SQL. */
  async function counted(key: ReturnType<typeof sql>, where = sql`1 = 1`): Promise<Row[]> {
    const { rows } = await sql<Record<string, string | number | null>>`
      select ${key} as key, ${FIGURES_SQL} from conversions
      where day >= ${range.from} and day <= ${range.to} and ${where}
      group by ${key}`.execute(database.db);
    return rows
      .map((row) => ({
        key: row.key === null ? null : String(row.key),
        registrations: Number(row.registrations),
        ftds: Number(row.ftds),
        deposits: Number(row.deposits),
        depositEur: Number(row.depositEur),
        commissionEur: Number(row.commissionEur),
        commissionUsd: Number(row.commissionUsd),
      }))
      .sort((a, b) => String(a.key).localeCompare(String(b.key)));
  }

  const whereOf = (filters: Filters) =>
    sql.join(
      Object.entries(filters).map(
        ([name, value]) =>
          sql`${sql.ref(DIMENSIONS[name as keyof typeof DIMENSIONS].column)} = ${value}`,
      ),
      sql` and `,
    );

  it("the seed has orphans, US dollars and negative commissions to report", async () => {
    const { rows } = await sql<{ orphans: number; usd: number; negative: number }>`
      select sum(orphan) as orphans,
        sum(case when currency = 'USD' then 1 else 0 end) as usd,
        sum(case when amount_cents < 0 then 1 else 0 end) as negative
      from conversions`.execute(database.db);
    expect(Number(rows[0]!.orphans)).toBeGreaterThan(0);
    expect(Number(rows[0]!.usd)).toBeGreaterThan(0);
    expect(Number(rows[0]!.negative)).toBeGreaterThan(0);
  });

  it.each<[string, Filters]>([
    ["unfiltered", {}],
    ["by device", { device: "mobile" }],
    ["by referrer", { referrer: "google.com" }],
    ["by page and campaign", { page: "/", campaign: "verano" }],
    ["by sub-id", { subid: "sub3" }],
    ["by offer", { offer: "bienvenida" }],
  ])("per day, %s, as SQL counts them", async (_label, filters) => {
    const reports = conversionReports(database.reader);
    const days = await reports.days(range, filters);
    const where = Object.keys(filters).length ? whereOf(filters) : sql`1 = 1`;
    const expected = await counted(sql.ref("day"), where);
    expect(expected.length).toBeGreaterThan(0);
    expect(days.map((day) => ({ key: day.day, ...comparable(day) }))).toEqual(expected);
  });

  it.each<[string, Filters]>([
    ["unfiltered", {}],
    ["by device", { device: "mobile" }],
    ["by link", { link: "bonos-bonus-list-1-bonus-2-button" }],
    ["by source and country", { source: "google", country: "ES" }],
    ["by sub-id", { subid: "sub3" }],
    ["by offer and device", { offer: "verano", device: "mobile" }],
  ])("rankings, %s: every value as SQL counts it, orphans apart", async (_label, filters) => {
    const reports = conversionReports(database.reader);
    const { values, orphans } = await reports.rankings(range, filters);
    const filter = Object.keys(filters).length ? whereOf(filters) : sql`1 = 1`;
    for (const dimension of DIMENSION_NAMES) {
      const column = sql.ref(DIMENSIONS[dimension].column);
      // "" and null are both "no value" (the daily counts store a missing value as "").
      const key = sql`case when ${column} = '' then null else ${column} end`;
      const expected = await counted(key, sql`orphan = 0 and ${filter}`);
      const reported = [...values[dimension]]
        .map(([value, figures]) => ({ key: value, ...comparable(figures) }))
        .sort((a, b) => String(a.key).localeCompare(String(b.key)));
      expect(reported, dimension).toEqual(expected);
    }
    const [expectedOrphans = { key: null, ...comparable(noneCounted()) }] = await counted(
      sql`orphan`,
      sql`orphan = 1 and ${filter}`,
    );
    expect({ key: expectedOrphans.key, ...comparable(orphans) }).toEqual(expectedOrphans);
  });

  it("every conversion of a range, page by page, once", async () => {
    const reports = conversionReports(database.reader);
    const ids: number[] = [];
    for await (const row of reports.rows(range, {}, 97)) ids.push(Number(row.id));
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from conversions
      where day >= ${range.from} and day <= ${range.to}`.execute(database.db);
    expect(ids.length).toBe(Number(rows[0]!.n));
    expect(new Set(ids).size).toBe(ids.length);
  });

  /** Every row of the conversions' daily tables, comparable across runs. */
  const dailyRows = async () =>
    Object.fromEntries(
      await Promise.all(
        (["conversion_daily", "conversion_filter_daily"] as const).map(async (table) => {
          const { rows } = await sql<
            Record<string, unknown>
          >`select * from ${sql.table(table)}`.execute(database.db);
          const sorted = rows
            .map((row) =>
              JSON.stringify(
                Object.entries(row)
                  .map(([k, v]) => [k, String(v)])
                  .sort(),
              ),
            )
            .sort();
          return [table, sorted] as const;
        }),
      ),
    );

  it("keeps daily counts that the SQL rebuild finds exactly, batch by batch", async () => {
    const kept = await dailyRows();
    expect(kept.conversion_filter_daily!.length).toBeGreaterThan(0);
    await rebuildDailyCounts(database.db, CONVERSIONS);
    expect(await dailyRows()).toEqual(kept);
  }, 30_000);

  it("counts conversions stored apart from their counts exactly once, two counters at once", async () => {
    const kept = await dailyRows();
    // As the postbacks' own transactions leave them: stored, waiting to be counted.
    for (const table of ["conversion_daily", "conversion_filter_daily"] as const) {
      await sql`delete from ${sql.table(table)}`.execute(database.db);
    }
    await database.db.updateTable("conversions").set({ counted: 0 }).execute();
    // Two instances' counters (PostgreSQL: two connections of the pool) until none waits.
    const counter = async () => {
      let total = 0;
      for (;;) {
        const counted = await countWaiting(database.db, CONVERSIONS, 400, database.dialect);
        if (counted === 0) return total;
        total += counted;
      }
    };
    const [first, second] = await Promise.all([counter(), counter()]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from conversions`.execute(
      database.db,
    );
    expect(first + second).toBe(Number(rows[0]!.n));
    expect(await dailyRows()).toEqual(kept);
  }, 30_000);
});

function noneCounted(): ConversionFigures {
  return { registrations: 0, ftds: 0, deposits: 0, depositAmount: {}, commission: {} };
}
