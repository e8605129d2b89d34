/**
 * The SQLite dialect of every connection that writes the ledger (the server's and the
 * writer thread's, sqlite-writer.worker.ts).
 */
import type SQLite from "better-sqlite3";
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from "kysely";

/**
 * better-sqlite3 under Kysely, with one change: the rollback after a failed transaction runs
 * only while one is open. SQLite ends the transaction itself on some errors (a full disk,
 * SQLITE_FULL), and a ROLLBACK then fails with "cannot rollback - no transaction is active",
 * which Kysely throws instead of the error that says what happened.
 */
export class LedgerSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    const { sqlite } = this;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database: sqlite });
  }
}
