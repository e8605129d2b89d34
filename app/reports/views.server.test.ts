/**
 * The page views' reports against counts computed here by plain SQL over the views
 * themselves, on SQLite and on the throwaway PostgreSQL of tests/postgres.ts (a database of
 * this file's own, so other files' clearing of the ledger never meets it): per day and per
 * value of every view dimension, unfiltered (view_daily), under one filter
 * (view_filter_daily), under two (the views), and nothing under a link or sub-id filter;
 * unique visitors without a filter and under a page filter, unknown (null) elsewhere. The
 * daily counts come from the SQL rebuild (app/ledger/rollups/rebuild.server.ts), the seed's way.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";

import { seedViews } from "../../scripts/seed/ledger-seed";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import type { DayRange, Filters } from "~/ledger/dimensions";

import { VIEWS } from "~/ledger/rollups/families";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";
import { viewReports } from "./views.server";
import { visitorsPerDay, type Estimate } from "./visitors";
import { addPrints, isSampled, SAMPLE_RATE } from "~/ledger/visitor-prints";
import { VIEW_DIMENSIONS, viewColumn } from "~/ledger/view-dimensions";

const directory = mkdtempSync(path.join(tmpdir(), "view-reports-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const links = [
  { id: "home-main-block-1-button-1", page: "/", destination: "https://aff.example/a" },
  { id: "bonos-bonus-list-1-bonus-2-button", page: "/bonos", destination: "https://aff.example/b" },
  { id: "vip-main-block-1-button-1", page: "/vip", destination: "https://aff.example/c" },
];

const suites: [string, () => Promise<string>][] = [
  ["SQLite", async () => `sqlite:${path.join(directory, "ledger.sqlite")}`],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "view_reports")],
];

describe.each(suites)("the view reports on %s", (_name, url) => {
  let database: LedgerDatabase;
  const range: DayRange = { from: "2026-10-20", to: "2026-11-15" };

  beforeAll(async () => {
    database = await openLedgerDatabase(await url());
    const views = [
      ...seedViews({
        count: 8_000,
        days: 40,
        lastDay: "2026-11-20",
        links,
        pages: ["/", "/bonos", "/vip", "/terms"],
        seed: 5,
      }),
    ];
    for (let start = 0; start < views.length; start += 1_000) {
      await database.db
        .insertInto("views")
        .values(views.slice(start, start + 1_000))
        .execute();
    }
    await rebuildDailyCounts(database.db, VIEWS);
  });
  afterAll(() => database.close());

  const whereOf = (filters: Filters) =>
    Object.keys(filters).length === 0
      ? sql`1 = 1`
      : sql.join(
          Object.entries(filters).map(
            ([name, value]) =>
              sql`${sql.ref(viewColumn(name as (typeof VIEW_DIMENSIONS)[number]))} = ${value}`,
          ),
          sql` and `,
        );

  /** Rows of plain SQL over the views in range, numbers made numbers. */
  async function select(query: ReturnType<typeof sql>) {
    const { rows } = await sql<Record<string, string | number | null>>`${query}`.execute(
      database.db,
    );
    return rows;
  }

  it("the seed has 404s, referrer hosts, and visitors who come back to a page", async () => {
    const [row] = await select(sql`
      select sum(case when page = '404' then 1 else 0 end) as lost,
        count(distinct referrer) as hosts,
        count(*) - count(distinct day || page || visitor) as again
      from views`);
    expect(Number(row!.lost)).toBeGreaterThan(0);
    expect(Number(row!.hosts)).toBeGreaterThanOrEqual(3);
    expect(Number(row!.again)).toBeGreaterThan(0);
  });

  /** Every dimension's views and each page's visitors under `filters`, against SQL. */
  async function expectRankingsUnder(filters: Filters) {
    const rankings = await viewReports(database.reader).rankings(range, filters);
    for (const dimension of VIEW_DIMENSIONS) {
      const column = sql.ref(viewColumn(dimension));
      const expected = await select(sql`
      select ${column} as value, count(*) as views from views
      where day >= ${range.from} and day <= ${range.to} and ${whereOf(filters)}
      group by ${column}`);
      const reported = [...rankings![dimension]].map(
        ([value, count]) => [value, count.views] as const,
      );
      expect(new Map(reported), dimension).toEqual(
        new Map(expected.map((row) => [row.value, Number(row.views)])),
      );
    }
    const visitors = await select(sql`
    select page, sum(visitors) as visitors from (
      select day, page, count(distinct visitor) as visitors from views
      where day >= ${range.from} and day <= ${range.to} and ${whereOf(filters)}
      group by day, page) as per_day
    group by page`);
    expect(new Map([...rankings!.page].map(([page, count]) => [page, count.visitors]))).toEqual(
      new Map(visitors.map((row) => [row.page, Number(row.visitors)])),
    );
    expect([...rankings!.device.values()].every((count) => count.visitors === null)).toBe(true);
  }

  it.each<[string, Filters]>([
    ["unfiltered", {}],
    ["by page (one filter)", { page: "/" }],
    ["by source (one filter)", { source: "google" }],
    ["by referrer (one filter)", { referrer: "google.com" }],
    ["by country and device (two filters)", { country: "ES", device: "desktop" }],
    [
      "by page, source and country (three filters)",
      { page: "/bonos", source: "google", country: "ES" },
    ],
    ["under two filters no view matches", { country: "ES", device: "none" }],
    [
      // No view has both (a referrer is kept only without a utm_source): nothing to rank.
      "under a filter on every dimension",
      {
        page: "/",
        campaign: "verano",
        source: "google",
        referrer: "google.com",
        country: "ES",
        device: "mobile",
      },
    ],
  ])("rankings, %s: every value's views, and each page's unique visitors", (_label, filters) =>
    expectRankingsUnder(filters),
  );

  it("keeps in each combination's sample exactly its sampled prints, and estimates from it within its margin", async () => {
    const rows = await select(sql`select day, visitors, sampled from view_combination_daily`);
    for (const row of rows) {
      const all = [...addPrints(new Set(), String(row.visitors))].filter(isSampled).sort();
      expect([...addPrints(new Set(), String(row.sampled))].sort()).toEqual(all);
    }
    const exact = visitorsPerDay(
      rows.map((row) => ({ day: String(row.day), visitors: String(row.visitors) })),
    );
    const sampled = visitorsPerDay(
      rows.map((row) => ({ day: String(row.day), visitors: String(row.sampled) })),
      SAMPLE_RATE,
    );
    const sum = (estimates: Map<string, Estimate>) =>
      [...estimates.values()].reduce(
        (total, day) => ({
          count: total.count + day.count,
          variance: total.variance + day.variance,
        }),
        { count: 0, variance: 0 },
      );
    const [truth, estimate] = [sum(exact), sum(sampled)];
    expect(truth.variance).toBe(0);
    expect(estimate.variance).toBeGreaterThan(0);
    // Four standard deviations: a seeded draw outside them is a defect, not bad luck.
    expect(Math.abs(estimate.count - truth.count)).toBeLessThanOrEqual(
      4 * Math.sqrt(estimate.variance),
    );
  });

  it.each<[string, Filters]>([
    ["a link", { link: "home-main-block-1-button-1" }],
    ["a sub-id and a page", { subid: "sub3", page: "/" }],
  ])("under a filter on %s, views are not defined: null", async (_label, filters) => {
    const reports = viewReports(database.reader);
    expect(await reports.days(range, filters)).toBeNull();
    expect(await reports.rankings(range, filters)).toBeNull();
  });

  it("the rebuild keeps the visitor keys of the last two days only, once per page and site", async () => {
    const [kept] = await select(sql`
      select count(distinct day) as days, count(*) as keys from view_visitor_daily`);
    const [expected] = await select(sql`
      select count(*) as keys from (
        select distinct day, page, visitor from views where day >= '2026-11-19'
        union select distinct day, '', visitor from views where day >= '2026-11-19') as recent`);
    expect(Number(kept!.days)).toBe(2);
    expect(Number(kept!.keys)).toBe(Number(expected!.keys));
  });
});
