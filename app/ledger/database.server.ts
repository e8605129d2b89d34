/**
 * The click ledger's database: an embedded SQLite file by default (created with its
 * schema on first start), or PostgreSQL when DATABASE_URL is a postgres:// URL, so
 * several instances share one ledger. One query builder (Kysely) serves both; the SQL of
 * the ledger lives in this folder only. See docs/decisions/006-click-ledger.md.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

import { migrateToLatest } from "./migrate.server";
import { findReaderWorker, sqliteReaderDialect } from "./sqlite-reader.server";
import { LedgerSqliteDialect } from "./sqlite-dialect";
import { findWriterWorker, SqliteWriter } from "./sqlite-writer.server";
import type { Database, Dialect } from "./schema";

/** The default ledger file, relative to the working directory (git-ignored). */
export const DEFAULT_SQLITE_FILE = "data/clicks.sqlite";

export type LedgerDatabase = {
  /** Writes, migrations and retention. */
  db: Kysely<Database>;
  /**
   * Reports: on a SQLite file, worker threads with their own read-only connections
   * (sqlite-reader.server.ts), so a long report never holds the server's thread; else `db`.
   */
  reader: Kysely<Database>;
  /**
   * On a SQLite file, the thread that owns the writing connection and runs the ledgers'
   * batch writes (writer-tasks.server.ts), so a write, however slow, never holds the
   * server's thread; else null (PostgreSQL's driver does not hold it).
   */
  writer: SqliteWriter | null;
  dialect: Dialect;
  describe: string;
  /** Closes the connections (and the reader's and writer's threads). */
  close: () => Promise<void>;
};

/** What a DATABASE_URL names: a PostgreSQL server, or a SQLite file (`sqlite:path`). */
export function parseDatabaseUrl(url: string | undefined): {
  dialect: Dialect;
  target: string;
} {
  if (!url) return { dialect: "sqlite", target: DEFAULT_SQLITE_FILE };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: "postgres", target: url };
  const file = url.replace(/^sqlite:(\/\/)?/i, "").replace(/^file:(\/\/)?/i, "");
  return { dialect: "sqlite", target: file || DEFAULT_SQLITE_FILE };
}

/**
 * How long a query waits for a connection to PostgreSQL: an unreachable server fails the
 * write (kept queued) or the postback (503) instead of holding them indefinitely.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens the ledger's database and brings its schema up to date. `log` receives the
 * connection errors of PostgreSQL (an outage, a restart).
 */
/**
 * PostgreSQL's memory for one sort or hash of a session (its default is 4 MB). The
 * dashboard's year views group hundreds of thousands of rows (the conversions under two
 * filters, the clicks' combinations): with 4 MB the planner sorts them on disk, with 32 MB
 * it hashes them in memory, markedly faster (docs/scaling.md has the figures). At most
 * the pool's 4 connections use it at once.
 */
export const REPORT_WORK_MEM = "32MB";

export async function openLedgerDatabase(
  url: string | undefined,
  { log = console.error }: { log?: (message: string) => void } = {},
): Promise<LedgerDatabase> {
  const { dialect, target } = parseDatabaseUrl(url);
  let db: Kysely<Database>;
  let reader: Kysely<Database> | undefined;
  let writer: SqliteWriter | null = null;
  let describe: string;
  if (dialect === "postgres") {
    const pool = new pg.Pool({
      connectionString: target,
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A connection lost while idle (pool) or in use (client) must not crash the process:
    // the query that was running fails, and the ledger keeps its clicks for the next try.
    // The pool drops the broken client and opens a new one when the server is back.
    const onError = (error: Error) => log(`[clicks] database connection: ${error.message}`);
    pool.on("error", onError);
    pool.on("connect", (client) => {
      client.on("error", onError);
      // Queued before any query of the client's: node-postgres's way to set up a session.
      void client.query(`set work_mem = '${REPORT_WORK_MEM}'`).catch(onError);
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const parsed = new URL(target);
    describe = `PostgreSQL ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } else {
    if (target !== ":memory:") mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    const sqlite = new SQLite(target);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    db = new Kysely<Database>({ dialect: new LedgerSqliteDialect(sqlite) });
    // In memory there is nothing to share between connections: reports read on this one.
    const worker = target === ":memory:" ? null : findReaderWorker();
    if (worker) {
      reader = new Kysely<Database>({ dialect: sqliteReaderDialect(path.resolve(target), worker) });
    }
    // Its thread opens the file at its first write, once migrated below.
    const writes = target === ":memory:" ? null : await findWriterWorker();
    if (writes) writer = new SqliteWriter(path.resolve(target), writes);
    describe = `SQLite ${target}`;
  }
  await migrateToLatest(db, dialect);
  const readsWith = reader ?? db;
  return {
    db,
    reader: readsWith,
    writer,
    dialect,
    describe,
    async close() {
      await writer?.close();
      if (readsWith !== db) await readsWith.destroy();
      await db.destroy();
    },
  };
}
