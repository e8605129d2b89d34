/**
 * Reports on SQLite without stopping the server: better-sqlite3 is synchronous, so a
 * report that reads a year of clicks on the server's thread would hold every visitor's
 * request for as long. This Kysely dialect compiles queries as SQLite's own does and runs
 * them in a pool of worker threads (Piscina), each with a read-only connection to the same
 * file, so the dashboard's queries also run side by side on the machine's cores.
 * Writes never come here: the ledger writes on its own connection.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { Piscina } from "piscina";

/**
 * The reader thread's file, beside the module that runs this code: the source under tsx
 * and Vitest (app/ledger/), the server build's second entry in production
 * (build/server/, beside index.js). Never looked up from the working directory, so the
 * server reads off its thread wherever it is started (docs/decisions/011-reader-worker.md).
 */
export function readerWorkerFile(moduleUrl: string = import.meta.url): string {
  return fileURLToPath(new URL("sqlite-reader.worker.js", moduleUrl));
}

let missingLogged = false;

/**
 * The reader thread's file, or null when it is missing (a build that left it out): then
 * reports read on the server's thread, and the server says so once, as an error.
 */
export function findReaderWorker(
  file: string = readerWorkerFile(),
  log: (message: string) => void = console.error,
): string | null {
  if (existsSync(file)) return file;
  if (!missingLogged) {
    missingLogged = true;
    log(
      `[clicks] the report reader's thread is missing (${file}): reports read on the server's thread and hold visitors' requests while they run; build with npm run build`,
    );
  }
  return null;
}

/** At most one thread per core, and no more than the dashboard's queries at once. */
const THREADS = Math.max(1, Math.min(3, availableParallelism()));

class ReaderDriver implements Driver {
  private pool: Piscina | undefined;

  constructor(
    private readonly file: string,
    private readonly worker: string,
  ) {}

  async init(): Promise<void> {
    this.pool = new Piscina({
      filename: this.worker,
      workerData: { file: this.file },
      minThreads: 0,
      maxThreads: THREADS,
      // Threads that sat idle for a minute exit; the next report starts them again.
      idleTimeout: 60_000,
    });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const pool = this.pool!;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const rows = (await pool.run({ sql: query.sql, parameters: query.parameters })) as R[];
        return { rows };
      },
      async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
        throw new Error("the report reader does not stream: read in pages");
      },
    };
  }

  async beginTransaction(): Promise<void> {
    throw new Error("the report reader only reads");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.pool?.destroy();
  }
}

/**
 * SQLite's adapter, but for the count of connections: each query of the reader has a thread
 * and a connection of its own. Kysely 0.29 queues every query of a dialect whose adapter
 * says it has one connection (SQLite's), which made the dashboard's queries, meant to run
 * side by side on the threads, run one after the other on one.
 */
class ReaderAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A dialect that reads the SQLite `file` in worker threads running `worker`. */
export function sqliteReaderDialect(file: string, worker: string): Dialect {
  return {
    createAdapter: () => new ReaderAdapter(),
    createDriver: () => new ReaderDriver(file, worker),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
