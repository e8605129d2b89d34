/**
 * The click ledger: the one module the site records clicks through and reads them back
 * from. `record` never waits for the database: records queue in memory and are written
 * in batches (every FLUSH_INTERVAL_MS, or as soon as BATCH_SIZE are waiting; batch-queue.ts,
 * shared with the page views' ledger). A slow or failed database never delays a redirect;
 * the queue is bounded, and on overflow the oldest records are dropped, counted and
 * logged. `flush` runs at shutdown.
 */
import type { Kysely } from "kysely";

import { BatchQueue, type QueueStats } from "~/ledger/batch-queue";
import type { LedgerDatabase } from "~/ledger/database.server";
import { DAY_MS, pruneWithDailyCounts } from "~/ledger/retention.server";
import { CLICKS } from "~/ledger/rollups/families";
import type { ClickRecord, Database, Dialect } from "~/ledger/schema";
import type { Backoff } from "~/ledger/write-incident";
import { runWrite } from "~/ledger/writer-tasks.server";

/**
 * Clicks per write. A write's cost is mostly per transaction (its commit, the index pages
 * it touches), so larger batches cost less per click (docs/performance.md). On SQLite the
 * writer's thread writes them (runWrite), not the thread that answers redirects.
 */
export const BATCH_SIZE = 500;
export const FLUSH_INTERVAL_MS = 1_000;
/**
 * The queue's bound: several seconds of clicks at the redirect's full speed on SQLite
 * (docs/performance.md). Past it the oldest are dropped. It lives in memory only: a crash
 * during an outage loses it, BATCH_SIZE + MAX_QUEUE at most (docs/clicks.md).
 */
export const MAX_QUEUE = 100_000;

export type LedgerOptions = {
  batchSize?: number;
  flushIntervalMs?: number;
  maxQueue?: number;
  /** The retries' back-off after a failed write (batch-queue.ts). */
  backoff?: Backoff;
  log?: (message: string) => void;
};

/** A ledger's queue settings: the options given, these defaults for the rest. */
export function queueSettings({
  batchSize = BATCH_SIZE,
  flushIntervalMs = FLUSH_INTERVAL_MS,
  maxQueue = MAX_QUEUE,
  backoff,
  log = console.error,
}: LedgerOptions = {}) {
  return { batchSize, flushIntervalMs, maxQueue, backoff, log };
}

export type LedgerStats = QueueStats;

/** The log line of a retried batch found written (its first commit's answer was lost). */
export function alreadyWritten(noun: string, batch: readonly unknown[]): string {
  return `[${noun}] a retried batch of ${batch.length} ${noun} was already written (its commit's answer was lost): not written again`;
}

export class ClickLedger {
  private readonly queue: BatchQueue<ClickRecord>;
  /** The queued clicks by click id: a postback may arrive before its click is written. */
  private readonly queuedIds = new Map<string, ClickRecord>();

  constructor(
    private readonly database: LedgerDatabase,
    options: LedgerOptions = {},
  ) {
    const settings = queueSettings(options);
    this.queue = new BatchQueue({
      names: { tag: "clicks", noun: "clicks" },
      write: async (batch, token) => {
        if (!(await runWrite(database, "clicks", { batch, token }))) {
          settings.log(alreadyWritten("clicks", batch));
        }
      },
      onLeave: (clicks) => this.forget(clicks),
      ...settings,
    });
  }

  get db(): Kysely<Database> {
    return this.database.db;
  }

  get dialect(): Dialect {
    return this.database.dialect;
  }

  /** Queues a click; returns at once. */
  record(click: ClickRecord): void {
    if (click.click_id) this.queuedIds.set(click.click_id, click);
    this.queue.push(click);
  }

  /** True while the click with this id waits in the queue (not yet in the database). */
  isQueued(clickId: string): boolean {
    return this.queuedIds.has(clickId);
  }

  private forget(clicks: readonly ClickRecord[]): void {
    for (const click of clicks) {
      if (click.click_id && this.queuedIds.get(click.click_id) === click) {
        this.queuedIds.delete(click.click_id);
      }
    }
  }

  /** Writes everything queued; resolves when the queue is empty or the database failed. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /**
   * Deletes clicks older than `days` days, and the daily counts of the days before the
   * oldest click kept; returns how many clicks.
   */
  async prune(days: number, now = Date.now()): Promise<number> {
    const cutoff = now - days * DAY_MS;
    return this.database.db
      .transaction()
      .execute((trx) => pruneWithDailyCounts(trx, CLICKS, cutoff));
  }

  snapshot(): LedgerStats & { waiting: number } {
    return this.queue.snapshot();
  }

  /** Flushes (until `deadline`, the shutdown's limit) and closes the database. */
  async close(deadline?: number): Promise<void> {
    await this.queue.close(deadline);
    await this.database.close();
  }
}
