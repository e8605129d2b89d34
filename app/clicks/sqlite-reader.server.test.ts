/**
 * The SQLite report reader: reports run in worker threads with their own read-only
 * connections, so the server's thread keeps answering while a long report reads.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openLedgerDatabase, type LedgerDatabase } from "./database.server";
import type { Database } from "./types";

const directory = mkdtempSync(path.join(tmpdir(), "reader-"));
let database: LedgerDatabase;

beforeAll(async () => {
  database = await openLedgerDatabase(`sqlite:${path.join(directory, "clicks.sqlite")}`);
});
afterAll(async () => {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Runs a query that keeps SQLite busy, counting the timer ticks the thread saw meanwhile. */
async function ticksDuring(db: Kysely<Database>): Promise<{ rows: number; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    const result = await sql<{ n: number }>`with recursive counter(x) as (select 1 union all
      select x + 1 from counter where x < 2000000) select count(*) as n from counter`.execute(db);
    return { rows: Number(result.rows[0]!.n), ticks };
  } finally {
    clearInterval(timer);
  }
}

describe("the SQLite report reader", () => {
  it("reads in another thread: the server's thread keeps running during a long report", async () => {
    expect(database.reader).not.toBe(database.db);
    await ticksDuring(database.reader); // starts the pool's thread
    const offThread = await ticksDuring(database.reader);
    expect(offThread.rows).toBe(2_000_000);
    expect(offThread.ticks).toBeGreaterThan(0);
    // The same query on the writing connection holds the thread: no tick gets through.
    const onThread = await ticksDuring(database.db);
    expect(onThread).toEqual({ rows: 2_000_000, ticks: 0 });
  });

  it("sees what the ledger wrote, and refuses to write", async () => {
    await database.db
      .insertInto("visitor_daily")
      .values({ day: "2026-11-20", visitor: "reader-test" })
      .execute();
    const rows = await database.reader
      .selectFrom("visitor_daily")
      .where("visitor", "=", "reader-test")
      .selectAll()
      .execute();
    expect(rows).toEqual([{ day: "2026-11-20", visitor: "reader-test" }]);
    await expect(
      database.reader.deleteFrom("visitor_daily").where("visitor", "=", "reader-test").execute(),
    ).rejects.toThrow(/only reads/);
  });

  it("is the connection itself for an in-memory database (no file to share)", async () => {
    const memory = await openLedgerDatabase("sqlite::memory:");
    try {
      expect(memory.reader).toBe(memory.db);
    } finally {
      await memory.close();
    }
  });
});
