/**
 * Retention: deletes the clicks, conversions and page views past CLICK_RETENTION_DAYS, and
 * the shared tables' leftovers, at start and then periodically. On PostgreSQL several
 * instances share the ledger, so the run is claimed first (app/ledger/shared-facts.server.ts):
 * one instance prunes, the others skip; each instance asks every hour, so the site still
 * prunes daily when the instance that last did is gone. On SQLite (one instance) it runs at
 * start and every 24 hours, as before.
 */
import { claimJob, pruneSharedFacts } from "~/ledger/shared-facts.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import type { Dialect } from "~/ledger/schema";
import type { ConversionLedger } from "~/conversions/ledger.server";
import type { ViewLedger } from "~/views/ledger.server";

const HOUR_MS = 60 * 60 * 1000;
/** One run per day for the whole site; an hour's slack so the hourly asks find it due. */
const RUN_EVERY_MS = 23 * HOUR_MS;

export type RetentionLedgers = {
  clicks: ClickLedger;
  conversions: ConversionLedger;
  views: ViewLedger;
  dialect: Dialect;
};

/**
 * Runs retention now if this instance is the one to; returns whether it ran. Never
 * throws: a failure is logged, and the next period tries again.
 */
export async function applyRetention(
  { clicks, conversions, views, dialect }: RetentionLedgers,
  days: number,
  log: (line: string) => void = console.log,
  now = Date.now(),
): Promise<boolean> {
  try {
    if (dialect === "postgres" && !(await claimJob(clicks.db, "retention", RUN_EVERY_MS, now))) {
      return false;
    }
    const removed = await clicks.prune(days, now);
    if (removed > 0) log(`[clicks] retention: removed ${removed} clicks`);
    const converted = await conversions.prune(days, now);
    if (converted > 0) log(`[conversions] retention: removed ${converted} conversions`);
    const viewed = await views.prune(days, now);
    if (viewed > 0) log(`[views] retention: removed ${viewed} page views`);
    await pruneSharedFacts(clicks.db, now);
    return true;
  } catch (error) {
    console.error(`[clicks] retention failed: ${(error as Error).message}`);
    return false;
  }
}

/** Applies retention now and then periodically; returns the function that stops it. */
export function scheduleRetention(ledgers: RetentionLedgers, days: number): () => void {
  void applyRetention(ledgers, days);
  const every = ledgers.dialect === "postgres" ? HOUR_MS : 24 * HOUR_MS;
  const timer = setInterval(() => void applyRetention(ledgers, days), every);
  timer.unref();
  return () => clearInterval(timer);
}
