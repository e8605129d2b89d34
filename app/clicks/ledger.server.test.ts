/**
 * The ledger's suite, run on an embedded SQLite file and on the throwaway PostgreSQL of
 * tests/postgres.ts: writing in batches, a bounded queue, failures that lose nothing
 * silently, retention, and the report queries.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { testClick } from "../../tests/click-record";

import { writeSeed } from "../../scripts/seed/ledger-seed";

import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "./ledger.server";
import { DIMENSION_NAMES, DIMENSIONS, type DayRange, type Dimension } from "~/ledger/dimensions";
import { CLICKS, PRINTS, SAMPLED_PRINTS } from "~/ledger/rollups/families";
import { FLAG_NAMES, FLAGS } from "~/ledger/click-kinds";
import { addPrints } from "~/ledger/visitor-prints";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";
import { reportQueries, sumDays, type Ranked } from "~/reports/clicks.server";
import type { ClickRecord } from "~/ledger/schema";

const directory = mkdtempSync(path.join(tmpdir(), "ledger-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function clickOn(day: string, overrides: Partial<ClickRecord> = {}): ClickRecord {
  return testClick({ day, ...overrides });
}

/** Most clicks first, then by value: the one order both sides of a comparison are put in. */
/** No click of any flag. */
const NONE_FLAGGED = { "data-centre": 0, "too-fast": 0, repeat: 0 };

const inRankOrder = (list: readonly Ranked[]) =>
  [...list].sort((a, b) => b.clicks - a.clicks || String(a.value).localeCompare(String(b.value)));

/** The clicks' daily counts (app/ledger/rollups/rollup.server.ts). */
const ROLLUPS = [
  "click_daily",
  "click_filter_daily",
  "click_offer_combination_daily",
  "visitor_daily",
] as const;

const suites: [string, () => string][] = [
  ["SQLite", () => `sqlite:${path.join(directory, "clicks.sqlite")}`],
  ["PostgreSQL", () => inject("databaseUrl")],
];

describe.each(suites)("the click ledger on %s", (_name, url) => {
  let database: LedgerDatabase;
  let ledger: ClickLedger;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await openLedgerDatabase(url());
    await clear();
    ledger = new ClickLedger(database, {
      batchSize: 3,
      flushIntervalMs: 0,
      maxQueue: 5,
      log: (line) => logged.push(line),
    });
  });
  afterAll(() => ledger.close());

  const clear = async () => {
    for (const table of ["clicks", ...ROLLUPS]) {
      await sql`delete from ${sql.table(table)}`.execute(database.db);
    }
  };

  /** People's clicks per value of `column`, counted by SQL of the test's own, in rank order. */
  const countedBy = async (column: string, range: DayRange, where: RawBuilder<unknown>) =>
    inRankOrder(
      (
        await sql<Ranked>`select ${sql.ref(column)} as value, count(*) as clicks from clicks
          where day >= ${range.from} and day <= ${range.to} and is_bot = 0 and ${where}
          group by ${sql.ref(column)}`.execute(database.db)
      ).rows.map((row) => ({ value: row.value, clicks: Number(row.clicks) })),
    );

  /** Every row of the clicks' daily counts, per table, in one order. */
  const rollupRows = async () =>
    Object.fromEntries(
      await Promise.all(
        ROLLUPS.map(async (table) => {
          const rows = await sql<
            Record<string, unknown>
          >`select * from ${sql.table(table)}`.execute(database.db);
          // A combination's prints as a set: batches append, the rebuild writes each once.
          const normalized = rows.rows.map((row) =>
            JSON.stringify(
              Object.entries(row).map(([key, value]) => [
                key,
                key === PRINTS || key === SAMPLED_PRINTS
                  ? [...addPrints(new Set(), String(value))].sort()
                  : String(value),
              ]),
            ),
          );
          return [table, normalized.sort()] as const;
        }),
      ),
    ) as Record<(typeof ROLLUPS)[number], string[]>;

  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom("clicks")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
    );

  it("creates its schema once and opens again without migrating twice", async () => {
    const again = await openLedgerDatabase(url());
    expect(await again.db.selectFrom("clicks").selectAll().execute()).toEqual([]);
    await again.close();
  });

  it("queues records without waiting and writes them in batches", async () => {
    ledger.record(clickOn("2026-11-01"));
    ledger.record(clickOn("2026-11-01"));
    expect(ledger.snapshot().waiting).toBe(2);
    ledger.record(clickOn("2026-11-01")); // the third fills a batch: written without a flush
    await expect.poll(count).toBe(3);
    ledger.record(clickOn("2026-11-02"));
    await ledger.flush();
    expect(await count()).toBe(4);
    expect(ledger.snapshot()).toMatchObject({ waiting: 0, written: 4, dropped: 0 });
  });

  it("writes each record once, however many flushes overlap", async () => {
    const busy = new ClickLedger(database, { batchSize: 2, flushIntervalMs: 0, maxQueue: 1_000 });
    for (let index = 0; index < 25; index++) {
      busy.record(clickOn("2026-11-04", { link_id: `once-${index}` }));
      if (index % 3 === 0) void busy.flush();
    }
    await Promise.all([busy.flush(), busy.flush(), busy.flush()]);
    const written = await database.db
      .selectFrom("clicks")
      .select("link_id")
      .where("link_id", "like", "once-%")
      .execute();
    expect(written).toHaveLength(25);
    expect(new Set(written.map((row) => row.link_id)).size).toBe(25);
    await database.db.deleteFrom("clicks").where("link_id", "like", "once-%").execute();
  });

  it("drops the oldest records past its bound, counts them and says so", async () => {
    const failing = new ClickLedger(
      // Written here, not by the writer's thread, so the broken database is the one used.
      { ...database, db: brokenDb(), writer: null },
      { batchSize: 100, flushIntervalMs: 0, maxQueue: 5, log: (line) => logged.push(line) },
    );
    for (let index = 0; index < 8; index++) {
      failing.record(clickOn("2026-11-03", { link_id: `l${index}` }));
    }
    expect(failing.snapshot()).toMatchObject({ waiting: 5, dropped: 3 });
    await failing.flush();
    expect(
      logged.some((line) => /cannot write 5 clicks: .*; 5 clicks kept in memory/.test(line)),
    ).toBe(true);
    expect(logged.some((line) => /queue full: dropped 3 oldest clicks/.test(line))).toBe(true);
    expect(failing.snapshot().waiting).toBe(5);
    // Two flushes at once while the database is down: both settle, nothing is rejected.
    await Promise.all([failing.flush(), failing.flush()]);
    expect(failing.snapshot().waiting).toBe(5);
  });

  it("never drops the batch being written: the bound applies to the records behind it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const db = database.db;
    const slow = new Proxy(db, {
      get: (target, name) =>
        name === "transaction"
          ? () => ({
              execute: async (
                work: Parameters<ReturnType<typeof db.transaction>["execute"]>[0],
              ) => {
                await held;
                return target.transaction().execute(work);
              },
            })
          : Reflect.get(target, name),
    });
    const ledger = new ClickLedger(
      { ...database, db: slow, writer: null },
      { batchSize: 3, flushIntervalMs: 0, maxQueue: 3, log: (line) => logged.push(line) },
    );
    // The third fills a batch, whose write waits; four more wait behind it, one too many.
    for (let index = 0; index < 7; index++) {
      ledger.record(clickOn("2026-11-05", { link_id: `held-${index}` }));
    }
    expect(ledger.snapshot()).toMatchObject({ waiting: 6, dropped: 1 });
    release();
    await ledger.flush();
    const written = await db
      .selectFrom("clicks")
      .select("link_id")
      .where("link_id", "like", "held-%")
      .orderBy("link_id")
      .execute();
    expect(written.map((row) => row.link_id)).toEqual([
      "held-0",
      "held-1",
      "held-2",
      "held-4",
      "held-5",
      "held-6",
    ]);
    expect(ledger.snapshot()).toMatchObject({ waiting: 0, written: 6, dropped: 1 });
    await db.deleteFrom("clicks").where("link_id", "like", "held-%").execute();
  });

  it("removes records older than the retention period", async () => {
    ledger.record(clickOn("2020-01-01"));
    await ledger.flush();
    const removed = await ledger.prune(400, Date.parse("2026-11-22T00:00:00Z"));
    expect(removed).toBe(1);
    expect(await count()).toBe(4);
  });

  it("reports totals, days, rankings and daily unique visitors with composable filters", async () => {
    await clear();
    const rows: ClickRecord[] = [
      clickOn("2026-11-10", { visitor: "a", utm_campaign: "otono", page: "/bonos" }),
      clickOn("2026-11-10", { visitor: "a", utm_campaign: "otono", link_id: "bonos-list" }),
      clickOn("2026-11-10", { visitor: "b", utm_campaign: "verano" }),
      clickOn("2026-11-11", { visitor: "a", utm_campaign: "otono", page: "/bonos" }),
      clickOn("2026-11-11", { visitor: "bot", is_bot: 1 }),
      clickOn("2026-11-11", { visitor: "cloud", is_bot: FLAGS["data-centre"] }),
      clickOn("2026-11-11", { visitor: "a", is_bot: FLAGS.repeat, utm_campaign: "otono" }),
      clickOn("2026-11-20", { visitor: "c" }),
    ];
    for (const row of rows) ledger.record(row);
    await ledger.flush();
    const range = { from: "2026-11-10", to: "2026-11-11" };
    const reports = reportQueries(database.reader);
    // Flagged clicks are no people's clicks unless included, and are counted apart.
    expect(sumDays(await reports.days(range))).toEqual({
      humans: 4,
      bots: 1,
      flagged: { "data-centre": 1, "too-fast": 0, repeat: 1 },
      uniques: 3,
      uniquesVariance: 0,
    });
    expect(sumDays(await reports.days(range, {}, { includeFlagged: true })).humans).toBe(6);
    expect((await reports.rankings(range)).campaign).toEqual([
      { value: "otono", clicks: 3 },
      { value: "verano", clicks: 1 },
    ]);
    expect((await reports.rankings(range, {}, { includeFlagged: true })).campaign).toEqual([
      { value: "otono", clicks: 4 },
      { value: "verano", clicks: 1 },
      { value: null, clicks: 1 },
    ]);
    // Under filters too: "a" counts once a day, on each of the two days.
    expect(sumDays(await reports.days(range, { campaign: "otono", page: "/bonos" }))).toEqual({
      humans: 2,
      bots: 0,
      flagged: NONE_FLAGGED,
      uniques: 2,
      uniquesVariance: 0,
    });
    expect((await reports.rankings(range, {}, { includeBots: true })).link[0]).toEqual({
      value: "home-hero",
      clicks: 6,
    });
    const exported = [];
    for await (const row of reports.rows(range, {}, 2)) exported.push(row.visitor);
    expect(exported).toEqual(["a", "a", "b", "a", "bot", "cloud", "a"]);
    expect(await reports.days(range)).toEqual([
      {
        day: "2026-11-10",
        humans: 3,
        bots: 0,
        flagged: NONE_FLAGGED,
        uniques: 2,
        uniquesVariance: 0,
      },
      {
        day: "2026-11-11",
        humans: 1,
        bots: 1,
        flagged: { "data-centre": 1, "too-fast": 0, repeat: 1 },
        uniques: 1,
        uniquesVariance: 0,
      },
    ]);
  });

  it("keeps its daily counts equal to counting the clicks themselves", async () => {
    await clear();
    const links = [
      { id: "home-hero", page: "/", destination: "https://example.com/a", offer: "bienvenida" },
      {
        id: "bonos-list",
        page: "/bonos",
        destination: "https://example.com/b",
        offer: "bienvenida",
      },
      { id: "vip-cta", page: "/vip", destination: "https://example.com/c" },
    ];
    // Written in two runs, so the second adds to counts the first made.
    await writeSeed(database, { count: 1500, days: 20, lastDay: "2026-11-20", links, seed: 7 });
    await writeSeed(database, { count: 700, days: 10, lastDay: "2026-11-20", links, seed: 8 });
    // The SQL rebuild (the large seed's way) finds exactly the counts kept batch by batch.
    const kept = await rollupRows();
    expect(kept.click_offer_combination_daily.length).toBeGreaterThan(0);
    await rebuildDailyCounts(database.db, CLICKS);
    expect(await rollupRows()).toEqual(kept);
    const range = { from: "2026-11-05", to: "2026-11-18" };
    const reports = reportQueries(database.reader);
    const rankings = await reports.rankings(range, {}, { limit: 50 });
    for (const dimension of DIMENSION_NAMES) {
      expect(inRankOrder(rankings[dimension]), dimension).toEqual(
        await countedBy(DIMENSIONS[dimension].column, range, sql`1 = 1`),
      );
    }
    const totals = sumDays(await reports.days(range));
    const uniques = await sql<{ n: number }>`select count(*) as n from (select distinct day,
      visitor from clicks where day >= ${range.from} and day <= ${range.to} and is_bot = 0) d`.execute(
      database.db,
    );
    expect(totals.uniques).toBe(Number(uniques.rows[0]!.n));
    const filteredWay = sumDays(await reports.days(range, { device: "mobile" }));
    const mobile = (await reports.rankings(range)).device.find((row) => row.value === "mobile");
    expect(filteredWay.humans).toBe(mobile!.clicks);

    // Retention removes the daily counts of the days it emptied.
    await ledger.prune(5, Date.parse("2026-11-21T12:00:00Z"));
    const left = await database.db
      .selectFrom("click_daily")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirst();
    const oldest = await database.db
      .selectFrom("clicks")
      .select((eb) => eb.fn.min("day").as("day"))
      .executeTakeFirst();
    expect(left?.day).toBe(oldest?.day);
  }, 30_000);

  it("answers filtered views with the same figures as counting the clicks one way at a time", async () => {
    await clear();
    const links = [
      { id: "home-hero", page: "/", destination: "https://example.com/a", offer: "bienvenida" },
      { id: "home-footer", page: "/", destination: "https://example.com/a", offer: "verano" },
      { id: "bonos-list", page: "/bonos", destination: "https://example.com/b" },
    ];
    await writeSeed(database, { count: 2000, days: 12, lastDay: "2026-11-20", links, seed: 3 });
    const range = { from: "2026-11-12", to: "2026-11-20" };
    const reports = reportQueries(database.reader);
    // One filter (click_filter_daily), a referrer alone and two filters (the combinations),
    // and a sub-id (the clicks): each read its own way.
    let repeated = false;
    let flaggedSeen = false;
    for (const filters of [
      { device: "mobile" },
      { referrer: "google.com" },
      { page: "/", campaign: "verano" },
      { referrer: "bing.com", device: "desktop" },
      { subid: "sub3", country: "ES" },
      { offer: "bienvenida" },
      { offer: "verano", device: "mobile" },
    ] as const) {
      const where = sql.join(
        Object.entries(filters).map(
          ([name, value]) => sql`${sql.ref(DIMENSIONS[name as Dimension].column)} = ${value}`,
        ),
        sql` and `,
      );
      const rankings = await reports.rankings(range, filters, { limit: 100 });
      for (const dimension of DIMENSION_NAMES) {
        expect(
          inRankOrder(rankings[dimension]),
          `${dimension} with ${JSON.stringify(filters)}`,
        ).toEqual(await countedBy(DIMENSIONS[dimension].column, range, where));
      }
      const withBots = await reports.rankings(range, filters, { includeBots: true });
      const everyClick = await sql<Ranked>`select link_id as value, count(*) as clicks
        from clicks where day >= ${range.from} and day <= ${range.to} and ${where}
        group by link_id`.execute(database.db);
      expect(inRankOrder(withBots.link), `bots with ${JSON.stringify(filters)}`).toEqual(
        inRankOrder(everyClick.rows.map((row) => ({ ...row, clicks: Number(row.clicks) }))),
      );
      const perDay = await sql<{
        day: string;
        humans: number;
        bots: number;
        flagged: number;
        data_centre: number;
        too_fast: number;
        repeat: number;
        uniques: number;
      }>`
        select day, sum(case when is_bot = 0 then 1 else 0 end) as humans,
          sum(case when is_bot = 1 then 1 else 0 end) as bots,
          sum(case when is_bot > 1 then 1 else 0 end) as flagged,
          sum(case when is_bot = 2 then 1 else 0 end) as data_centre,
          sum(case when is_bot = 3 then 1 else 0 end) as too_fast,
          sum(case when is_bot = 4 then 1 else 0 end) as repeat,
          count(distinct case when is_bot = 0 then visitor end) as uniques
        from clicks c where day >= ${range.from} and day <= ${range.to} and ${where}
        group by day order by day`.execute(database.db);
      expect(perDay.rows.length, JSON.stringify(filters)).toBeGreaterThan(0);
      repeated ||= perDay.rows.some((row) => Number(row.uniques) < Number(row.humans));
      // Unique visitors under filters: as many as the distinct visitors of the clicks.
      expect(await reports.days(range, filters), JSON.stringify(filters)).toEqual(
        perDay.rows.map((row) => ({
          day: row.day,
          humans: Number(row.humans),
          bots: Number(row.bots),
          flagged: {
            "data-centre": Number(row.data_centre),
            "too-fast": Number(row.too_fast),
            repeat: Number(row.repeat),
          },
          uniques: Number(row.uniques),
          uniquesVariance: 0,
        })),
      );
      // Flagged clicks included: every click but the bots', and each flag counted apart.
      const included = await reports.days(range, filters, { includeFlagged: true });
      expect(
        included.map((day) => day.humans),
        JSON.stringify(filters),
      ).toEqual(perDay.rows.map((row) => Number(row.humans) + Number(row.flagged)));
      const perFlag = await sql<{ is_bot: number; clicks: number }>`select is_bot,
        count(*) as clicks from clicks where day >= ${range.from} and day <= ${range.to}
        and is_bot > 1 and ${where} group by is_bot`.execute(database.db);
      const { flagged: flags } = sumDays(await reports.days(range, filters));
      for (const flag of FLAG_NAMES) {
        const row = perFlag.rows.find((counted) => Number(counted.is_bot) === FLAGS[flag]);
        expect(flags[flag], `${flag} with ${JSON.stringify(filters)}`).toBe(
          Number(row?.clicks ?? 0),
        );
      }
      flaggedSeen ||= Object.values(flags).every((counted) => counted > 0);
    }
    // The seed has visitors who click twice a day under the same filters: counted once.
    expect(repeated).toBe(true);
    // And clicks of every flag, under some filter at least.
    expect(flaggedSeen).toBe(true);
  });
});

/** A database whose writes always fail (a stopped server, a full disk). */
function brokenDb() {
  return {
    insertInto: () => ({
      values: () => ({ execute: () => Promise.reject(new Error("connection refused")) }),
    }),
    destroy: () => Promise.resolve(),
  } as unknown as LedgerDatabase["db"];
}
