/**
 * The ledger's writes, each one transaction on plain data: a batch of clicks, a batch of
 * page views (each with its daily counts, rollups/), a batch of conversions
 * (app/conversions/store.server.ts) and, after it, their daily counts. On a SQLite file
 * they run in the writer's thread (sqlite-writer.server.ts), which owns the writing
 * connection; on PostgreSQL, whose driver does not hold the thread, and on an in-memory
 * SQLite, on the server's thread.
 * This table is the writer thread's one import of the write side: it names what may be
 * written, the families build the data (docs/decisions/019-writer-thread.md).
 */
import type { Kysely } from "kysely";

import { storeConversions } from "~/conversions/store.server";

import type { LedgerDatabase } from "./database.server";
import { insertRows } from "./insert-rows";
import { CLICKS, CONVERSIONS, VIEWS } from "./rollups/families";
import { addToDailyCounts, countWaiting } from "./rollups/rollup.server";
import type { ClickRecord, Database, Dialect, ViewRecord } from "./schema";
import { claimBatch } from "./shared-facts.server";

/** A batch of a queue (batch-queue.ts) with its token. */
type Batch<T> = { batch: T[]; token: string };

export const writerTasks = {
  /** Writes the clicks and their daily counts; false when the token was written already. */
  clicks: (db: Kysely<Database>, { batch, token }: Batch<ClickRecord>, dialect: Dialect) =>
    db.transaction().execute(async (trx) => {
      if (!(await claimBatch(trx, token))) return false;
      await insertRows(trx, dialect, "clicks", batch);
      await addToDailyCounts(trx, CLICKS, batch, dialect);
      return true;
    }),
  /** Writes the views and their daily counts; false when the token was written already. */
  views: (db: Kysely<Database>, { batch, token }: Batch<ViewRecord>, dialect: Dialect) =>
    db.transaction().execute(async (trx) => {
      if (!(await claimBatch(trx, token))) return false;
      await insertRows(trx, dialect, "views", batch);
      await addToDailyCounts(trx, VIEWS, batch, dialect);
      return true;
    }),
  conversions: storeConversions,
  /** Adds stored conversions to their daily counts; resolves with how many (≤ `limit`). */
  countConversions: (db: Kysely<Database>, { limit }: { limit: number }, dialect: Dialect) =>
    countWaiting(db, CONVERSIONS, limit, dialect),
};

export type WriterTaskName = keyof typeof writerTasks;
type Task<K extends WriterTaskName> = (typeof writerTasks)[K];

/**
 * Runs the write `name` where the ledger writes: in the writer's thread when the database
 * has one, else here. Resolves once committed.
 */
export function runWrite<K extends WriterTaskName>(
  database: Pick<LedgerDatabase, "db" | "writer" | "dialect">,
  name: K,
  input: Parameters<Task<K>>[1],
): Promise<Awaited<ReturnType<Task<K>>>> {
  if (database.writer) {
    return database.writer.run(name, input) as Promise<Awaited<ReturnType<Task<K>>>>;
  }
  const task = writerTasks[name] as (
    db: Kysely<Database>,
    input: Parameters<Task<K>>[1],
    dialect: Dialect,
  ) => Promise<Awaited<ReturnType<Task<K>>>>;
  return task(database.db, input, database.dialect);
}
