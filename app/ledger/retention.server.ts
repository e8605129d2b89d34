/**
 * Retention for a ledger table and the daily counts beside it (clicks, views): the rows
 * older than the cutoff go, then every daily count of the days before the oldest row kept,
 * so the counts never describe rows that no longer exist. Runs inside the caller's
 * transaction, so a reader sees either the old state or the new one.
 */
import { sql, type Transaction } from "kysely";

import type { Database } from "./schema";

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function pruneWithDailyCounts(
  trx: Transaction<Database>,
  table: "clicks" | "views",
  dailyTables: readonly (keyof Database)[],
  cutoff: number,
): Promise<number> {
  const deleted = await sql`delete from ${sql.table(table)} where at < ${cutoff}`.execute(trx);
  const { rows } = await sql<{
    day: string | null;
  }>`select min(day) as day from ${sql.table(table)}`.execute(trx);
  const keepFrom = rows[0]?.day ?? "9999-12-31";
  for (const daily of dailyTables) {
    await sql`delete from ${sql.table(daily)} where day < ${keepFrom}`.execute(trx);
  }
  return Number(deleted.numAffectedRows ?? 0);
}
