/**
 * The click ledger: the one module the site records clicks through and reads them back
 * from. `record` never waits for the database: records queue in memory and are written
 * in batches (every FLUSH_INTERVAL_MS, or as soon as BATCH_SIZE are waiting). A slow or
 * failed database never delays a redirect; the queue is bounded, and on overflow the
 * oldest records are dropped, counted and logged. `flush` runs at shutdown.
 */
import type { Kysely } from "kysely";

import type { LedgerDatabase } from "./database.server";
import { reportQueries, type ReportQueries } from "./reports.server";
import { addToRollups } from "./rollup.server";
import type { ClickRecord, Database } from "./types";

/**
 * Clicks per write. A write's cost is mostly per transaction (its commit, the index pages
 * it touches), so larger batches cost less per click: 500 takes a third less CPU than 200
 * (docs/performance.md). SQLite writes on the server's thread: a batch must stay short
 * (a few milliseconds), and a drain yields to waiting requests between batches.
 */
export const BATCH_SIZE = 500;
export const FLUSH_INTERVAL_MS = 1_000;
/**
 * The queue's bound: about 11 s of clicks at the redirect's full speed on SQLite (9,000/s,
 * docs/performance.md), some 40 MB. Past it the oldest are dropped.
 */
export const MAX_QUEUE = 100_000;
const DAY_MS = 24 * 60 * 60 * 1000;

type LedgerOptions = {
  batchSize?: number;
  flushIntervalMs?: number;
  maxQueue?: number;
  log?: (message: string) => void;
};

export type LedgerStats = { queued: number; written: number; dropped: number; failures: number };

export class ClickLedger {
  readonly reports: ReportQueries;
  private queue: ClickRecord[] = [];
  /** The queued clicks by click id: a postback may arrive before its click is written. */
  private readonly queuedIds = new Map<string, ClickRecord>();
  private draining: Promise<void> | null = null;
  /** How many records at the queue's head are being written (never dropped meanwhile). */
  private writing = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly stats: LedgerStats = { queued: 0, written: 0, dropped: 0, failures: 0 };
  private droppedSinceLog = 0;
  private readonly batchSize: number;
  private readonly maxQueue: number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly database: LedgerDatabase,
    {
      batchSize = BATCH_SIZE,
      flushIntervalMs = FLUSH_INTERVAL_MS,
      maxQueue = MAX_QUEUE,
      log = console.error,
    }: LedgerOptions = {},
  ) {
    this.batchSize = batchSize;
    this.maxQueue = maxQueue;
    this.log = log;
    this.reports = reportQueries(database.reader);
    if (flushIntervalMs > 0) {
      this.timer = setInterval(() => void this.flush(), flushIntervalMs);
      this.timer.unref();
    }
  }

  get db(): Kysely<Database> {
    return this.database.db;
  }

  /** Queues a click; returns at once. */
  record(click: ClickRecord): void {
    this.queue.push(click);
    if (click.click_id) this.queuedIds.set(click.click_id, click);
    this.stats.queued++;
    // The bound is on the records waiting behind the batch being written: that batch ends
    // written or kept, so a record is never counted both dropped and written.
    const excess = this.queue.length - this.writing - this.maxQueue;
    if (excess > 0) {
      const dropped = this.queue.splice(this.writing, excess);
      this.forget(dropped);
      this.stats.dropped += dropped.length;
      this.droppedSinceLog += dropped.length;
    }
    if (this.queue.length >= this.batchSize && !this.draining) void this.flush();
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

  /**
   * Writes everything queued; resolves when the queue is empty or the database failed.
   * One drain at a time: a flush asked for while one runs joins it (two drains would write
   * the same batch twice).
   */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.batchSize);
      this.writing = batch.length;
      try {
        await this.write(batch);
      } catch {
        break; // logged by write; the batch stays queued for the next flush
      } finally {
        this.writing = 0;
      }
      // Requests that came in during the write are answered before the next batch.
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.droppedSinceLog > 0) {
      this.log(
        `[clicks] queue full: dropped ${this.droppedSinceLog} oldest clicks (${this.stats.dropped} in all)`,
      );
      this.droppedSinceLog = 0;
    }
  }

  private async write(batch: ClickRecord[]): Promise<void> {
    try {
      await this.database.db.transaction().execute(async (trx) => {
        await trx.insertInto("clicks").values(batch).execute();
        await addToRollups(trx, batch);
      });
      // Only what was written leaves the queue: the batch, still at its head (an overflow
      // meanwhile dropped records behind it); records queued meanwhile stay.
      this.forget(this.queue.splice(0, batch.length));
      this.stats.written += batch.length;
    } catch (error) {
      this.stats.failures++;
      this.log(
        `[clicks] could not write ${batch.length} clicks (kept for the next try): ${(error as Error).message}`,
      );
      throw error;
    }
  }

  /**
   * Deletes clicks older than `days` days, and the daily counts of the days before the
   * oldest click kept; returns how many clicks.
   */
  async prune(days: number, now = Date.now()): Promise<number> {
    const cutoff = now - days * DAY_MS;
    const result = await this.database.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom("clicks").where("at", "<", cutoff).executeTakeFirst();
      const oldest = await trx
        .selectFrom("clicks")
        .select((eb) => eb.fn.min("day").as("day"))
        .executeTakeFirst();
      const keepFrom = oldest?.day ?? "9999-12-31";
      await trx.deleteFrom("click_daily").where("day", "<", keepFrom).execute();
      await trx.deleteFrom("click_filter_daily").where("day", "<", keepFrom).execute();
      await trx.deleteFrom("visitor_daily").where("day", "<", keepFrom).execute();
      return deleted;
    });
    return Number(result.numDeletedRows);
  }

  snapshot(): LedgerStats & { waiting: number } {
    return { ...this.stats, waiting: this.queue.length };
  }

  /** Flushes and closes the database. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    await this.database.close();
  }
}
