/**
 * One transaction that is on disk when it resolves, a power loss included: the money
 * (conversions), acknowledged once stored. On SQLite its commit is synced
 * (`synchronous = FULL` for it; the clicks' and views' batches keep NORMAL: docs/clicks.md);
 * PostgreSQL syncs every commit already (`synchronous_commit = on`, its default). Runs on
 * whichever thread owns the writing connection (writer-tasks.server.ts).
 */
import { sql, type Kysely, type Transaction } from "kysely";

import type { Database, Dialect } from "./schema";

export function durably<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (dialect !== "sqlite") return db.transaction().execute(work);
  // The setting cannot change inside a transaction: it is set around it, on the one
  // connection, which nothing else uses meanwhile (Kysely's SQLite driver holds it).
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      // Should this fail, FULL stays: slower, never less safe; the work's error stands.
      await sql`pragma synchronous = NORMAL`.execute(connection).catch(() => {});
    }
  });
}
