/**
 * The ledger's connections: each PostgreSQL session gets the reports' work_mem before its
 * first query (the dashboard's year views hash in memory instead of sorting on disk); a
 * SQLite file that runs out of room says so, and is written again once it has room.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";

import { testClick } from "../../tests/click-record";

import { openLedgerDatabase, REPORT_WORK_MEM } from "./database.server";
import { ClickLedger } from "~/clicks/ledger.server";

const directory = mkdtempSync(path.join(tmpdir(), "database-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("a SQLite ledger on a full disk", () => {
  it("logs the disk full (SQLITE_FULL), not the failed rollback after it, and writes once it has room", async () => {
    const database = await openLedgerDatabase(`sqlite:${path.join(directory, "full.sqlite")}`);
    // Written on this connection, whose size is capped below; the writer's thread uses the
    // same dialect (sqlite-dialect.ts), so its rollbacks behave alike.
    database.writer = null;
    const logged: string[] = [];
    const clicks = new ClickLedger(database, {
      flushIntervalMs: 0,
      log: (line) => logged.push(line),
    });
    try {
      // The file may not grow: as a full disk, SQLite ends the transaction itself.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database.db);
      await sql`pragma max_page_count = ${sql.raw(String(rows[0]!.page_count))}`.execute(
        database.db,
      );
      for (let index = 0; index < 300; index++)
        clicks.record(testClick({ link_id: `full-${index}` }));
      await clicks.flush();
      expect(clicks.snapshot().waiting).toBe(300);
      expect(logged).toEqual([
        "[clicks] cannot write 300 clicks: disco lleno (SQLITE_FULL: database or disk is full); 300 clicks kept in memory, retried after 1 s, doubling up to 30 s (one more line when writes resume)",
      ]);

      // A row that needs pages of its own: SQLite rolls the whole transaction back itself,
      // and the error that comes out is still the full disk.
      const failed = await database.db
        .transaction()
        .execute((trx) =>
          sql`insert into written_batches (token, at) values (${"x".repeat(100_000)}, 0)`.execute(
            trx,
          ),
        )
        .catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: "SQLITE_FULL" });

      await sql`pragma max_page_count = 1000000`.execute(database.db);
      await clicks.flush();
      expect(clicks.snapshot()).toMatchObject({ waiting: 0, written: 300 });
      expect(logged[1]).toMatch(
        /^\[clicks\] writing again after [\d.]+ s and 1 failed attempt; 0 clicks still queued$/,
      );
      const count = await database.db
        .selectFrom("clicks")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(300);
    } finally {
      await clicks.close();
    }
  });
});

describe("a PostgreSQL ledger's connections", () => {
  it("set the reports' work_mem on every connection of the pool", async () => {
    const database = await openLedgerDatabase(inject("databaseUrl"));
    try {
      // Four at once: the pool opens its four connections, each set up on connect.
      const settings = await Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.connection().execute(async (connection) => {
            const { rows } = await sql<{
              work_mem: string;
              pid: number;
            }>`select current_setting('work_mem') as work_mem, pg_backend_pid() as pid,
              pg_sleep(0.05)`.execute(connection);
            return rows[0]!;
          }),
        ),
      );
      expect(new Set(settings.map((row) => row.pid)).size).toBeGreaterThan(1);
      expect(settings.map((row) => row.work_mem)).toEqual(Array(4).fill(REPORT_WORK_MEM));
    } finally {
      await database.close();
    }
  });
});
