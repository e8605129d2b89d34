/**
 * Retention for a family's facts and the daily counts beside them (./rollups/families.ts): the rows
 * older than the cutoff go, then every daily count of the days before the oldest row kept,
 * so the counts never describe rows that no longer exist. Runs inside the caller's
 * transaction, so a reader sees either the old state or the new one.
 */
import { sql, type Transaction } from "kysely";

import { tablesOf, type RollupFamily } from "./rollups/families";
import type { Database } from "./schema";

export const DAY_MS = 24 * 60 * 60 * 1000;

export async function pruneWithDailyCounts(
  trx: Transaction<Database>,
  family: RollupFamily,
  cutoff: number,
): Promise<number> {
  const table = family.fact;
  // Visitor keys kept only for their last days are pruned by their own rule (keepDays).
  const dailyTables = tablesOf(family).filter(
    (daily) => daily !== family.visitors?.table || family.visitors.keepDays === undefined,
  );
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
