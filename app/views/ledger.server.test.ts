/**
 * The page views' ledger on an embedded SQLite file and on the throwaway PostgreSQL of
 * tests/postgres.ts: its daily counts, written batch by batch (and by two ledgers sharing
 * one database, as two servers do), equal what `group by` over the views gives; batches
 * leave the queue once written; retention.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import type { ViewRecord } from "~/ledger/schema";

import { DIMENSIONS } from "~/ledger/dimensions";
import { addPrints, printOf } from "~/ledger/visitor-prints";

import { ViewLedger } from "./ledger.server";
import { VIEW_DIMENSIONS, VIEW_TOTAL } from "~/ledger/view-dimensions";

const directory = mkdtempSync(path.join(tmpdir(), "views-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const TABLES = [
  "views",
  "view_daily",
  "view_filter_daily",
  "view_combination_daily",
  "view_visitor_daily",
];

/**
 * `count` views over three days from a small pool of visitors, pages and sources, so that
 * visitors come back (the same day, the same page, across batches) and values repeat.
 */
function viewsOf(count: number, seed: number): ViewRecord[] {
  let state = seed;
  const pick = <T>(list: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return list[state % list.length]!;
  };
  return Array.from({ length: count }, () => {
    const day = pick(["2026-11-18", "2026-11-19", "2026-11-20"]);
    const source = pick([null, "google", "news"]);
    return {
      at: Date.parse(`${day}T10:00:00Z`),
      day,
      page: pick(["/", "/terms", "/bonos", "404"]),
      utm_source: source,
      utm_medium: source && pick([null, "cpc"]),
      utm_campaign: pick([null, "otono", "black-friday"]),
      referrer: source ? null : pick([null, "bing.com"]),
      country: pick([null, "ES", "PT"]),
      device: pick(["mobile", "desktop"]),
      browser: pick(["Chrome", "Safari"]),
      visitor: pick(["v1", "v2", "v3", "v4", "v5", "v6", "v7"]),
    };
  });
}

type Row = Record<string, string | number>;
/** Rows with numbers read as numbers (PostgreSQL answers bigint as text), in one order. */
const normalized = (rows: readonly Row[]) =>
  rows
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([name, value]) => [
          name,
          name === "views" || name === "visitors" ? Number(value) : String(value),
        ]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const suites: [string, () => string][] = [
  ["SQLite", () => `sqlite:${path.join(directory, "views.sqlite")}`],
  ["PostgreSQL", () => inject("databaseUrl")],
];

describe.each(suites)("the page views' ledger on %s", (_name, url) => {
  let database: LedgerDatabase;

  beforeAll(async () => {
    database = await openLedgerDatabase(url());
    await clear();
  });
  afterAll(() => database.close());

  const clear = async () => {
    for (const table of TABLES) await sql`delete from ${sql.table(table)}`.execute(database.db);
  };
  const rows = async (query: ReturnType<typeof sql<Row>>) =>
    normalized((await query.execute(database.db)).rows);
  const valueOf = (column: string) => sql`coalesce(${sql.ref(column)}, '')`;

  it("writes every view once, batch by batch, and empties its queue", async () => {
    await clear();
    const ledger = new ViewLedger(database, { batchSize: 4, flushIntervalMs: 0 });
    for (const view of viewsOf(10, 1)) ledger.record(view);
    await ledger.flush();
    const [{ n }] = (await sql<{ n: number }>`select count(*) as n from views`.execute(database.db))
      .rows as [{ n: number }];
    expect(Number(n)).toBe(10);
    expect(ledger.snapshot()).toMatchObject({ queued: 10, written: 10, waiting: 0, dropped: 0 });
    await ledger.close();
  });

  it("keeps its daily counts equal to counting the views themselves, across batches and ledgers", async () => {
    await clear();
    // Two ledgers on one database, as two servers share one: a visitor counted by one is
    // not counted again by the other.
    const first = new ViewLedger(database, { batchSize: 7, flushIntervalMs: 0 });
    const second = new ViewLedger(database, { batchSize: 5, flushIntervalMs: 0 });
    const views = viewsOf(400, 42);
    for (const [index, view] of views.entries()) {
      (index % 3 === 0 ? second : first).record(view);
      if (index % 50 === 0) await Promise.all([first.flush(), second.flush()]);
    }
    await Promise.all([first.close(), second.close()]);

    const expected = [
      ...(await rows(sql<Row>`select day, ${VIEW_TOTAL} as dimension, '' as value, count(*) as views,
        count(distinct visitor) as visitors from views group by day`)),
      ...(
        await Promise.all(
          VIEW_DIMENSIONS.map((dimension) => {
            const column = DIMENSIONS[dimension].column;
            const visitors = dimension === "page" ? sql`count(distinct visitor)` : sql<number>`0`;
            return rows(sql<Row>`select day, ${dimension} as dimension, ${valueOf(column)} as value,
              count(*) as views, ${visitors} as visitors from views
              group by day, ${valueOf(column)}`);
          }),
        )
      ).flat(),
    ];
    expect(
      await rows(sql<Row>`select day, dimension, value, views, visitors from view_daily`),
    ).toEqual(normalized(expected));

    const pairs = VIEW_DIMENSIONS.flatMap((filter) =>
      VIEW_DIMENSIONS.map((dimension) => [filter, dimension] as const),
    );
    const filtered = (
      await Promise.all(
        pairs.map(([filter, dimension]) => {
          const [filterColumn, column] = [DIMENSIONS[filter].column, DIMENSIONS[dimension].column];
          return rows(sql<Row>`select day, ${filter} as filter_dimension,
            ${valueOf(filterColumn)} as filter_value, ${dimension} as dimension,
            ${valueOf(column)} as value, count(*) as views from views
            group by day, ${valueOf(filterColumn)}, ${valueOf(column)}`);
        }),
      )
    ).flat();
    expect(
      await rows(sql<Row>`select day, filter_dimension, filter_value, dimension, value, views
        from view_filter_daily`),
    ).toEqual(normalized(filtered));

    const columns = VIEW_DIMENSIONS.map((dimension) => DIMENSIONS[dimension].column);
    expect(
      await rows(sql<Row>`select day, ${sql.join(columns.map((column) => sql.ref(column)))}, views
        from view_combination_daily`),
    ).toEqual(
      await rows(sql<Row>`select day, ${sql.join(columns.map((column) => sql`${valueOf(column)} as ${sql.ref(column)}`))},
        count(*) as views from views group by day, ${sql.join(columns.map(valueOf))}`),
    );

    // Each combination keeps the prints of its visitors: as a set, the facts' own.
    const byCombination = (
      rows: Record<string, unknown>[],
      prints: (row: Record<string, unknown>) => string[],
    ) => {
      const sets = new Map<string, Set<string>>();
      for (const row of rows) {
        const key = JSON.stringify([row.day, ...columns.map((column) => row[column] ?? "")]);
        const set = sets.get(key) ?? new Set<string>();
        for (const print of prints(row)) set.add(print);
        sets.set(key, set);
      }
      return new Map([...sets].map(([key, set]) => [key, [...set].sort()]));
    };
    const kept = await sql<Record<string, unknown>>`select * from view_combination_daily`.execute(
      database.db,
    );
    const facts = await sql<Record<string, unknown>>`select * from views`.execute(database.db);
    expect(
      byCombination(kept.rows, (row) => [...addPrints(new Set(), String(row.visitors))]),
    ).toEqual(byCombination(facts.rows, (row) => [printOf(String(row.visitor))]));

    // The repeated visitors were there to be deduplicated.
    const [total] = await rows(sql<Row>`select count(*) as views from views`);
    const [visitors] = await rows(
      sql<Row>`select sum(visitors) as visitors from view_daily where dimension = ${VIEW_TOTAL}`,
    );
    expect(Number(visitors!.visitors)).toBeLessThan(Number(total!.views) / 10);
  });

  it("deletes old views, the daily counts of the days emptied and visitor keys past two days", async () => {
    await clear();
    const ledger = new ViewLedger(database, { flushIntervalMs: 0 });
    for (const view of viewsOf(60, 9)) ledger.record(view);
    await ledger.flush();
    const removed = await ledger.prune(3, Date.parse("2026-11-21T12:00:00Z"));
    expect(removed).toBeGreaterThan(0);
    const days = async (table: string) =>
      (await rows(sql<Row>`select distinct day from ${sql.table(table)}`)).map((row) => row.day);
    expect(await days("views")).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await days("view_daily")).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await days("view_filter_daily")).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await days("view_combination_daily")).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await days("view_visitor_daily")).toEqual(["2026-11-19", "2026-11-20"]);
    await ledger.prune(30, Date.parse("2026-11-22T12:00:00Z"));
    expect(await days("view_visitor_daily")).toEqual(["2026-11-20"]);
    await ledger.close();
  });
});
