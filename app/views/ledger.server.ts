/**
 * The page views' ledger (docs/page-views.md): the one module the site writes views
 * through, in the click ledger's database. `record` never waits: views queue in memory and
 * are written in batches, each with its daily counts in one transaction (app/ledger/rollups/rollup.server.ts),
 * by the queue the click ledger uses (app/ledger/batch-queue.ts). The dashboard reads the
 * tables through the click ledger's reader; this module only writes, prunes and flushes.
 * It does not close the database: the click ledger, which owns it, does, after this one.
 */
import { BatchQueue, type QueueStats } from "~/ledger/batch-queue";
import type { LedgerDatabase } from "~/ledger/database.server";
import { DAY_MS, pruneWithDailyCounts } from "~/ledger/retention.server";
import { alreadyWritten, queueSettings, type LedgerOptions } from "~/clicks/ledger.server";
import type { ViewRecord } from "~/ledger/schema";

import { VIEWS } from "~/ledger/rollups/families";
import { runWrite } from "~/ledger/writer-tasks.server";

/**
 * Days of view_visitor_daily kept: only today's keys deduplicate (the key changes daily),
 * and yesterday's for views written just after midnight.
 */
export const VISITOR_KEY_DAYS = VIEWS.visitors.keepDays;

export class ViewLedger {
  private readonly queue: BatchQueue<ViewRecord>;

  constructor(
    private readonly database: LedgerDatabase,
    options: LedgerOptions = {},
  ) {
    const settings = queueSettings(options);
    this.queue = new BatchQueue({
      names: { tag: "views", noun: "views" },
      write: async (batch, token) => {
        if (!(await runWrite(database, "views", { batch, token }))) {
          settings.log(alreadyWritten("views", batch));
        }
      },
      ...settings,
    });
  }

  /** Queues a view; returns at once. */
  record(view: ViewRecord): void {
    this.queue.push(view);
  }

  /** Writes everything queued; resolves when the queue is empty or the database failed. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /**
   * Deletes views older than `days` days, the daily counts of the days before the oldest
   * view kept, and the visitor keys older than VISITOR_KEY_DAYS; returns how many views.
   */
  async prune(days: number, now = Date.now()): Promise<number> {
    const cutoff = now - days * DAY_MS;
    // A day string of the UTC date is close enough for a bound two days wide.
    const keysFrom = new Date(now - VISITOR_KEY_DAYS * DAY_MS).toISOString().slice(0, 10);
    return this.database.db.transaction().execute(async (trx) => {
      const deleted = await pruneWithDailyCounts(trx, VIEWS, cutoff);
      await trx.deleteFrom("view_visitor_daily").where("day", "<", keysFrom).execute();
      return deleted;
    });
  }

  snapshot(): QueueStats & { waiting: number } {
    return this.queue.snapshot();
  }

  /** Stops the timer and writes what is queued until `deadline` (the database stays open). */
  close(deadline?: number): Promise<void> {
    return this.queue.close(deadline);
  }
}
