/**
 * The SQLite dialect of every connection that writes the ledger (the server's and the
 * writer thread's, sqlite-writer.worker.ts).
 */
import type SQLite from "better-sqlite3";
import { LRUCache } from "lru-cache";
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from "kysely";

/**
 * Statements kept prepared per connection: the writes' few shapes (a batch's insert, its
 * daily counts' upserts) and the reports' queries.
 */
const PREPARED = 200;

/**
 * better-sqlite3 under Kysely, with two changes:
 * - a statement is prepared once per connection and SQL text, not at every execution: the
 *   batch writes run the same statements hundreds of times a second, and preparing a
 *   500-row insert costs a tenth of writing it (docs/performance.md);
 * - the rollback after a failed transaction runs only while one is open. SQLite ends the
 *   transaction itself on some errors (a full disk, SQLITE_FULL), and a ROLLBACK then
 *   fails with "cannot rollback - no transaction is active", which Kysely throws instead
 *   of the error that says what happened.
 */
export class LedgerSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: preparingOnce(sqlite) });
  }

  override createDriver(): Driver {
    const { sqlite } = this;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database: preparingOnce(sqlite) });
  }
}

const prepared = new WeakMap<SQLite.Database, SqliteDatabase>();

/**
 * The connection as Kysely's driver uses it, its statements kept prepared by SQL text. A
 * statement runs to its end before the next query (Kysely's driver reads every row at
 * once), so one prepared statement serves every execution of its text.
 */
function preparingOnce(sqlite: SQLite.Database): SqliteDatabase {
  let database = prepared.get(sqlite);
  if (!database) {
    const statements = new LRUCache<string, SQLite.Statement>({ max: PREPARED });
    database = {
      close: () => sqlite.close(),
      prepare: (sql: string) => {
        let statement = statements.get(sql);
        if (!statement) {
          statement = sqlite.prepare(sql);
          statements.set(sql, statement);
        }
        return statement;
      },
    };
    prepared.set(sqlite, database);
  }
  return database;
}
