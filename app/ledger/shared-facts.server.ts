/**
 * The periodic jobs' lease and the upkeep of the small tables of migration 007 that the
 * instances share. A job (retention) runs once for the whole site, not once per instance:
 * an instance claims it with one conditional update, which the database serialises, so of
 * several instances asking at once exactly one gets it. And the batch tokens that keep a
 * retried batch of clicks or views from being written twice.
 */
import type { Kysely, Transaction } from "kysely";

import { DAY_MS } from "./retention.server";
import type { Database } from "./schema";

/**
 * Claims the job `name` when no instance started it in the last `everyMs`; true when this
 * caller got it (and must run it now).
 */
export async function claimJob(
  db: Kysely<Database>,
  name: string,
  everyMs: number,
  now = Date.now(),
): Promise<boolean> {
  await db
    .insertInto("job_runs")
    .values({ name, at: 0 })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const claimed = await db
    .updateTable("job_runs")
    .set({ at: now })
    .where("name", "=", name)
    .where("at", "<=", now - everyMs)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Deletes what the shared tables no longer need: batch tokens older than a day (a batch is
 * retried within minutes: it stays in memory only as long as the process lives) and login
 * failures older than a day (their windows last a minute).
 */
export async function pruneSharedFacts(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const before = now - DAY_MS;
  await db.deleteFrom("written_batches").where("at", "<", before).execute();
  await db.deleteFrom("login_failures").where("window_start", "<", before).execute();
}

/**
 * Records a batch's token inside the batch's transaction (batch-queue.ts). False when the
 * token is already there: a retried batch whose first transaction committed although its
 * answer was lost, which must not be written again.
 */
export async function claimBatch(
  trx: Transaction<Database>,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  const rows = await trx
    .insertInto("written_batches")
    .values({ token, at: now })
    .onConflict((conflict) => conflict.column("token").doNothing())
    .returning("token")
    .execute();
  return rows.length === 1;
}
