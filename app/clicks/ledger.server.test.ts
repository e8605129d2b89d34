/**
 * The ledger's suite, run on an embedded SQLite file and on the throwaway PostgreSQL of
 * tests/postgres.ts: writing in batches, a bounded queue, failures that lose nothing
 * silently, retention, and the report queries.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { openLedgerDatabase, type LedgerDatabase } from "./database.server";
import { ClickLedger } from "./ledger.server";
import type { ClickRecord } from "./schema";

const directory = mkdtempSync(path.join(tmpdir(), "ledger-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function clickOn(day: string, overrides: Partial<ClickRecord> = {}): ClickRecord {
  return {
    at: Date.parse(`${day}T12:00:00Z`),
    day,
    link_id: "home-hero",
    destination: "https://aff.example/r?partner=1",
    page: "/",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
    gclid: null,
    fbclid: null,
    subid: null,
    country: null,
    device: "mobile",
    browser: "Chrome",
    is_bot: 0,
    visitor: "v1",
    ...overrides,
  };
}

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
    await sql`delete from clicks`.execute(database.db);
    ledger = new ClickLedger(database, {
      batchSize: 3,
      flushIntervalMs: 0,
      maxQueue: 5,
      log: (line) => logged.push(line),
    });
  });
  afterAll(() => ledger.close());

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
    await again.db.destroy();
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
      { ...database, db: brokenDb() },
      { batchSize: 100, flushIntervalMs: 0, maxQueue: 5, log: (line) => logged.push(line) },
    );
    for (let index = 0; index < 8; index++) {
      failing.record(clickOn("2026-11-03", { link_id: `l${index}` }));
    }
    expect(failing.snapshot()).toMatchObject({ waiting: 5, dropped: 3 });
    await failing.flush();
    expect(
      logged.some((line) => /could not write 5 clicks \(kept for the next try\)/.test(line)),
    ).toBe(true);
    expect(logged.some((line) => /queue full: dropped 3 oldest clicks/.test(line))).toBe(true);
    expect(failing.snapshot().waiting).toBe(5);
    // Two flushes at once while the database is down: both settle, nothing is rejected.
    await Promise.all([failing.flush(), failing.flush()]);
    expect(failing.snapshot().waiting).toBe(5);
  });

  it("removes records older than the retention period", async () => {
    ledger.record(clickOn("2020-01-01"));
    await ledger.flush();
    const removed = await ledger.prune(400, Date.parse("2026-11-22T00:00:00Z"));
    expect(removed).toBe(1);
    expect(await count()).toBe(4);
  });

  it("reports totals, days, rankings and daily unique visitors with composable filters", async () => {
    await sql`delete from clicks`.execute(database.db);
    const rows: ClickRecord[] = [
      clickOn("2026-11-10", { visitor: "a", utm_campaign: "otono", page: "/bonos" }),
      clickOn("2026-11-10", { visitor: "a", utm_campaign: "otono", link_id: "bonos-list" }),
      clickOn("2026-11-10", { visitor: "b", utm_campaign: "verano" }),
      clickOn("2026-11-11", { visitor: "a", utm_campaign: "otono", page: "/bonos" }),
      clickOn("2026-11-11", { visitor: "bot", is_bot: 1 }),
      clickOn("2026-11-20", { visitor: "c" }),
    ];
    await database.db.insertInto("clicks").values(rows).execute();
    const range = { from: "2026-11-10", to: "2026-11-11" };
    const { reports } = ledger;
    expect(await reports.totals(range)).toEqual({ humans: 4, bots: 1, uniques: 3 });
    expect(await reports.byDay(range)).toEqual([
      { day: "2026-11-10", humans: 3, bots: 0 },
      { day: "2026-11-11", humans: 1, bots: 1 },
    ]);
    expect(await reports.top("campaign", range)).toEqual([
      { value: "otono", clicks: 3 },
      { value: "verano", clicks: 1 },
    ]);
    expect(await reports.totals(range, { campaign: "otono", page: "/bonos" })).toEqual({
      humans: 2,
      bots: 0,
      uniques: 2,
    });
    expect((await reports.top("link", range, {}, { includeBots: true }))[0]).toEqual({
      value: "home-hero",
      clicks: 4,
    });
    const exported = [];
    for await (const row of reports.rows(range, {}, 2)) exported.push(row.visitor);
    expect(exported).toEqual(["a", "a", "b", "a", "bot"]);
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
