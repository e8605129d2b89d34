/**
 * The ledger's PostgreSQL connections: each session gets the reports' work_mem before its
 * first query (the dashboard's year views hash in memory instead of sorting on disk).
 */
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";

import { openLedgerDatabase, REPORT_WORK_MEM } from "./database.server";

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
