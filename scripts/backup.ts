/**
 * `npm run backup [destination]`: a consistent copy of the SQLite ledger that DATABASE_URL
 * names (read as the server reads it, `.env` included; default data/clicks.sqlite), taken while the site serves, into `destination` or
 * `<ledger's folder>/backups/clicks-<UTC time>.sqlite`; then checks the copy (integrity,
 * rows per table) and prints what it holds. Refuses a PostgreSQL DATABASE_URL (pg_dump
 * backs that up). How to schedule and restore: docs/clicks.md#backups.
 */
import "../server/load-env";
import { env } from "../app/config/env.server";
import {
  BackupRefused,
  backupLedger,
  defaultDestination,
  ledgerFile,
} from "../app/ledger/backup.server";

try {
  const source = ledgerFile(env.DATABASE_URL);
  const destination = process.argv[2] ?? defaultDestination(source);
  const summary = await backupLedger(source, destination);
  console.log(
    `backed up ${summary.source} to ${summary.destination} (${(summary.bytes / 1e6).toFixed(1)} MB) in ${(summary.milliseconds / 1000).toFixed(1)} s`,
  );
  for (const [table, count] of Object.entries(summary.rows)) {
    console.log(`  ${table.padEnd(22)} ${count.toLocaleString("en").padStart(14)} rows`);
  }
  console.log(`  integrity_check: ${summary.integrity}`);
  if (summary.integrity !== "ok") process.exitCode = 1;
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`[backup] ${error.message}`);
  process.exitCode = 1;
}
