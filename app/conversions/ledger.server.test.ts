/**
 * The conversion ledger on a real SQLite file: attribution copied from the click (also
 * from a click still queued), the dedup rules, orphans, the postback log, and a failing
 * database (the conversion is refused, never acknowledged).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { testClick } from "../../tests/click-record";

import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { CONVERSIONS } from "~/ledger/rollups/families";
import { rebuildDailyCounts } from "~/ledger/rollups/rebuild.server";
import type { ClickRecord } from "~/ledger/schema";

import { ConversionLedger } from "./ledger.server";
import type { ConversionInput } from "./postback-input";

const directory = mkdtempSync(path.join(tmpdir(), "conversions-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const click = (clickId: string, overrides: Partial<ClickRecord> = {}): ClickRecord =>
  testClick({
    at: Date.parse("2026-11-20T10:00:00Z"),
    link_id: "bonos-hero-button-1",
    page: "/bonos",
    utm_source: "google",
    utm_campaign: "navidad",
    subid: "s1",
    country: "ES",
    click_id: clickId,
    ...overrides,
  });

const input = (overrides: Partial<ConversionInput> = {}): ConversionInput => ({
  clickId: "clk0000000000001",
  event: "registration",
  amountCents: 0,
  currency: "EUR",
  txid: null,
  ...overrides,
});

let database: LedgerDatabase;
let clicks: ClickLedger;
let conversions: ConversionLedger;
let file = 0;

beforeEach(async () => {
  database = await openLedgerDatabase(`sqlite:${path.join(directory, `l${file++}.sqlite`)}`);
  // No timer: the test decides when clicks are written.
  clicks = new ClickLedger(database, { flushIntervalMs: 0, log: () => {} });
  conversions = new ConversionLedger(database, clicks, {
    timeZone: "Europe/Madrid",
    log: () => {},
  });
});
afterEach(async () => {
  await conversions.close();
  await clicks.close();
});

const stored = () => database.db.selectFrom("conversions").selectAll().orderBy("id").execute();

describe("ConversionLedger", () => {
  it("copies the click's attribution, even when the click is still queued", async () => {
    clicks.record(click("clk0000000000001"));
    expect(clicks.isQueued("clk0000000000001")).toBe(true);
    const at = Date.parse("2026-11-20T23:30:00Z"); // already the 21st in Madrid
    await expect(conversions.record(input(), { origin: "postback", at })).resolves.toBe("accepted");
    expect(clicks.isQueued("clk0000000000001")).toBe(false);
    const [row] = await stored();
    expect(row).toMatchObject({
      day: "2026-11-21",
      event: "registration",
      link_id: "bonos-hero-button-1",
      page: "/bonos",
      utm_campaign: "navidad",
      utm_source: "google",
      subid: "s1",
      country: "ES",
      device: "mobile",
      orphan: 0,
    });
  });

  it("copies the referrer host of a click from another site, into the daily counts too", async () => {
    clicks.record(click("clk0000000000001", { utm_source: null, referrer: "t.co" }));
    await expect(conversions.record(input(), { origin: "postback" })).resolves.toBe("accepted");
    const [row] = await stored();
    expect(row).toMatchObject({ utm_source: null, referrer: "t.co" });
    await conversions.flush();
    const daily = await database.db
      .selectFrom("conversion_daily")
      .select(["value", "conversions"])
      .where("dimension", "=", "referrer")
      .execute();
    expect(daily.map((entry) => [entry.value, Number(entry.conversions)])).toEqual([["t.co", 1]]);
  });

  it("copies the experiment variants the click was shown; an orphan has none", async () => {
    clicks.record(click("clk0000000000001", { variants: "home-h1=B&welcome-split=A" }));
    await conversions.record(input(), { origin: "postback" });
    await conversions.record(input({ clickId: "clk000000000000x" }), { origin: "postback" });
    const rows = await stored();
    expect(rows.map((row) => [row.click_id, row.orphan, row.variants])).toEqual([
      ["clk0000000000001", 0, "home-h1=B&welcome-split=A"],
      ["clk000000000000x", 1, null],
    ]);
  });

  it("counts registration and FTD once per click, and decides repeatable events by txid", async () => {
    clicks.record(click("clk0000000000001"));
    await clicks.flush();
    const ftd = input({ event: "ftd", amountCents: 2000 });
    const deposit = (txid: string) => input({ event: "deposit", amountCents: 5000, txid });
    const outcomes = await Promise.all([
      conversions.record(input(), { origin: "postback" }),
      conversions.record(input({ txid: "other" }), { origin: "postback" }),
      conversions.record(ftd, { origin: "postback" }),
      conversions.record(deposit("t1"), { origin: "postback" }),
      conversions.record(deposit("t2"), { origin: "postback" }),
    ]);
    expect(outcomes).toEqual(["accepted", "duplicate", "accepted", "accepted", "accepted"]);
    // Retries, in later batches.
    await expect(conversions.record(ftd, { origin: "postback" })).resolves.toBe("duplicate");
    await expect(conversions.record(deposit("t1"), { origin: "postback" })).resolves.toBe(
      "duplicate",
    );
    expect((await stored()).map((row) => row.event)).toEqual([
      "registration",
      "ftd",
      "deposit",
      "deposit",
    ]);
  });

  it("takes an identical repeatable postback without txid within ten minutes as a retry", async () => {
    const commission = input({ event: "commission", amountCents: 1500 });
    const at = Date.parse("2026-11-20T10:09:00Z");
    expect(await conversions.record(commission, { origin: "postback", at })).toBe("orphan");
    // Next slot, two minutes later: still a retry.
    expect(await conversions.record(commission, { origin: "postback", at: at + 2 * 60_000 })).toBe(
      "duplicate",
    );
    // Half an hour later: a new commission.
    expect(await conversions.record(commission, { origin: "postback", at: at + 30 * 60_000 })).toBe(
      "orphan",
    );
    expect(await stored()).toHaveLength(2);
  });

  it("keeps a conversion for an unknown click as an orphan, and logs every outcome", async () => {
    expect(await conversions.record(input({ clickId: "nobody" }), { origin: "postback" })).toBe(
      "orphan",
    );
    conversions.logRejection("bad_amount", "postback", { clickId: "x", event: "ftd" });
    await conversions.flush();
    const [row] = await stored();
    expect(row).toMatchObject({ orphan: 1, link_id: "", click_id: "nobody" });
    const log = await conversions.recentLog();
    expect(log.map((entry) => [entry.outcome, entry.reason])).toEqual([
      ["rejected", "bad_amount"],
      ["orphan", null],
    ]);
  });

  it("adds to the daily counts per dimension, event and currency", async () => {
    clicks.record(click("clk0000000000001"));
    await conversions.record(input({ event: "commission", amountCents: 2500, txid: "a" }), {
      origin: "postback",
    });
    await conversions.record(input({ event: "commission", amountCents: -500, txid: "b" }), {
      origin: "postback",
    });
    await conversions.flush();
    const rows = await database.db
      .selectFrom("conversion_daily")
      .selectAll()
      .where("dimension", "=", "campaign")
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ value: "navidad", event: "commission", currency: "EUR" }),
    ]);
    expect(Number(rows[0]!.conversions)).toBe(2);
    expect(Number(rows[0]!.amount_cents)).toBe(2000);
  });

  /** The conversions stored and not counted yet, and the day's conversions counted. */
  const waitingAndCounted = async () => {
    const waiting = await database.db
      .selectFrom("conversions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("counted", "=", 0)
      .executeTakeFirstOrThrow();
    const total = await database.db
      .selectFrom("conversion_daily")
      .select((eb) => eb.fn.sum<number>("conversions").as("n"))
      .where("dimension", "=", "page")
      .executeTakeFirstOrThrow();
    return [Number(waiting.n), Number(total.n ?? 0)];
  };

  it("answers once the conversion is stored, and counts it right after, on its own", async () => {
    clicks.record(click("clk0000000000001"));
    await conversions.record(input(), { origin: "postback" });
    // No flush: the ledger counts what it stored once no postback waits.
    await expect.poll(waitingAndCounted).toEqual([0, 1]);
  });

  it("leaves what it stored and did not count to the next run, which counts it at start", async () => {
    clicks.record(click("clk0000000000001"));
    await conversions.record(input(), { origin: "postback" });
    // Stopped between the postback's transaction and its counts.
    await conversions.close();
    expect(await waitingAndCounted()).toEqual([1, 0]);
    const next = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid" });
    await next.flush();
    expect(await waitingAndCounted()).toEqual([0, 1]);
    // A rebuild from the facts counts the waiting ones too: never twice.
    await next.record(input({ event: "deposit", amountCents: 100, txid: "d1" }), {
      origin: "postback",
    });
    await next.close();
    expect(await waitingAndCounted()).toEqual([1, 1]);
    await rebuildDailyCounts(database.db, CONVERSIONS);
    await new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid" }).flush();
    expect(await waitingAndCounted()).toEqual([0, 2]);
  });

  it("keeps conversions it cannot count waiting, says so once, and counts them when it can", async () => {
    clicks.record(click("clk0000000000001"));
    await conversions.record(input(), { origin: "postback" });
    await conversions.close();
    const logged: string[] = [];
    const writer = database.writer;
    database.writer = null; // written on this thread: the read-only connection is this one
    const ledger = new ConversionLedger(database, clicks, {
      timeZone: "Europe/Madrid",
      log: (line) => logged.push(line),
    });
    await sql`pragma query_only = 1`.execute(database.db);
    await ledger.flush();
    expect(logged).toEqual([
      "[conversion counts] cannot write the daily counts of stored conversions: la base de datos es de solo lectura (SQLITE_READONLY: attempt to write a readonly database); they wait, stored, and are retried after 1 s, doubling up to 30 s (one more line when writes resume)",
    ]);
    expect(await waitingAndCounted()).toEqual([1, 0]);
    await sql`pragma query_only = 0`.execute(database.db);
    // Retried by its timer.
    await expect.poll(waitingAndCounted, { timeout: 5_000 }).toEqual([0, 1]);
    await ledger.close();
    database.writer = writer;
    expect(logged[1]).toMatch(
      /^\[conversion counts\] writing again after [\d.]+ s and 1 failed attempt$/,
    );
  });

  it("refuses (throws) when the database fails, logs it once, and stores the conversion on a retry", async () => {
    const logged: string[] = [];
    // Written on this thread, not by the writer's: the read-only connection is this one.
    const writer = database.writer;
    database.writer = null;
    const ledger = new ConversionLedger(database, clicks, {
      timeZone: "Europe/Madrid",
      log: (line) => logged.push(line),
    });
    // A read-only database: SQLite refuses the writes themselves (SQLITE_READONLY).
    await sql`pragma query_only = 1`.execute(database.db);
    await expect(ledger.record(input(), { origin: "postback" })).rejects.toThrow("readonly");
    await expect(ledger.record(input(), { origin: "postback" })).rejects.toThrow("readonly");
    await expect(ledger.logTest(input())).rejects.toThrow("could not be logged");
    await sql`pragma query_only = 0`.execute(database.db);
    await expect(ledger.record(input(), { origin: "postback" })).resolves.toBe("orphan");
    database.writer = writer;
    expect(logged).toEqual([
      "[conversions] cannot write 1 conversions: la base de datos es de solo lectura (SQLITE_READONLY: attempt to write a readonly database); postbacks are answered 503 (the program retries) (one more line when writes resume)",
      expect.stringMatching(/^\[conversions\] writing again after [\d.]+ s and 3 failed attempts$/),
    ]);
  });

  it("syncs a conversion to disk before it resolves; the clicks' batches keep the cheaper setting", async () => {
    // What SQLite's synchronous setting was while each row was written (2 FULL, 1 NORMAL),
    // on the connection that wrote it (the writer's thread): a table and triggers in the file.
    expect(database.writer).not.toBeNull();
    await sql`create table seen (tbl text, sync integer)`.execute(database.db);
    for (const table of ["clicks", "conversions"]) {
      await sql`create trigger ${sql.id(`seen_${table}`)} after insert on ${sql.id(table)}
        begin insert into seen select ${sql.lit(table)}, synchronous from pragma_synchronous; end`.execute(
        database.db,
      );
    }
    clicks.record(click("clk0000000000001"));
    await conversions.record(input(), { origin: "postback" });
    await conversions.record(input({ event: "deposit", amountCents: 500, txid: "t1" }), {
      origin: "import",
    });
    // A click after them: the writing connection went back to the cheaper setting.
    clicks.record(click("clk0000000000002"));
    await clicks.flush();
    const { rows } = await sql<{
      tbl: string;
      sync: number;
    }>`select tbl, sync from seen order by rowid`.execute(database.db);
    expect(rows).toEqual([
      { tbl: "clicks", sync: 1 },
      { tbl: "conversions", sync: 2 },
      { tbl: "conversions", sync: 2 },
      { tbl: "clicks", sync: 1 },
    ]);
  });
});
