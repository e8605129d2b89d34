/**
 * A consistent copy of the SQLite ledger, taken while the site serves (`npm run backup`,
 * scripts/backup.ts; docs/clicks.md#backups). SQLite's online backup API copies the pages
 * of one read snapshot: with the ledger in WAL mode the server keeps writing meanwhile, and
 * the copy holds every transaction committed before the snapshot and none after. A
 * PostgreSQL ledger is backed up with pg_dump instead.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

import SQLite from "better-sqlite3";

import { parseDatabaseUrl } from "./database.server";

export type BackupSummary = {
  source: string;
  destination: string;
  bytes: number;
  /** `pragma integrity_check` of the copy: "ok" or SQLite's first problems. */
  integrity: string;
  /** Rows per table of the copy, by table name (events, daily counts, migrations). */
  rows: Record<string, number>;
  milliseconds: number;
};

/** Why a backup cannot be taken, said to the operator as it is. */
export class BackupRefused extends Error {}

/**
 * The SQLite file DATABASE_URL names (the server's own rule: database.server.ts), or a
 * refusal for PostgreSQL, whose backups pg_dump takes.
 */
export function ledgerFile(databaseUrl: string | undefined): string {
  const { dialect, target } = parseDatabaseUrl(databaseUrl);
  if (dialect === "postgres") {
    throw new BackupRefused(
      "DATABASE_URL is a PostgreSQL ledger: back it up with pg_dump (docs/clicks.md#backups), not this command",
    );
  }
  if (target === ":memory:") throw new BackupRefused("an in-memory ledger has nothing to back up");
  return target;
}

/** `<ledger's folder>/backups/clicks-<UTC time>.sqlite`: sorts by time, never overwrites. */
export function defaultDestination(source: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(path.dirname(source), "backups", `clicks-${stamp}.sqlite`);
}

/** Copies the ledger at `source` into the new file `destination`, then checks the copy. */
export async function backupLedger(source: string, destination: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new BackupRefused(`no ledger at ${source}`);
  if (existsSync(destination)) {
    throw new BackupRefused(`${destination} exists: a backup never overwrites a file`);
  }
  mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const started = performance.now();
  // fileMustExist: opening a mistyped path must not create an empty ledger to back up.
  const ledger = new SQLite(source, { fileMustExist: true });
  try {
    ledger.pragma("busy_timeout = 5000");
    // By default the copy goes 100 pages a step, and a write by another connection between
    // two steps restarts it from the first page (SQLite's rule): under the server's steady
    // writes a large ledger could start over and over. All the pages in one step read one
    // snapshot, however busy the server is; in WAL mode its writes go on meanwhile (only
    // checkpoints wait for the copy).
    await ledger.backup(destination, { progress: () => 0x7fffffff });
  } finally {
    ledger.close();
  }
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    // One self-contained file: the copy takes the ledger's WAL mode; a restore copies one file.
    copy.pragma("journal_mode = DELETE");
    const integrity = (copy.pragma("integrity_check") as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join("; ");
    const tables = copy
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const rows: Record<string, number> = {};
    for (const table of tables) {
      rows[table] = copy.prepare(`select count(*) from "${table}"`).pluck().get() as number;
    }
    const { bytes } = copy
      .prepare("select page_count * page_size as bytes from pragma_page_count, pragma_page_size")
      .get() as { bytes: number };
    return {
      source,
      destination,
      bytes,
      integrity,
      rows,
      milliseconds: performance.now() - started,
    };
  } finally {
    copy.close();
  }
}
