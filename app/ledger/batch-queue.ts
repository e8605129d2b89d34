/**
 * The write queue both ledgers of records the site answers faster than it writes share:
 * the clicks (ledger.server.ts) and the page views (app/views/ledger.server.ts). `push`
 * never waits for the database: records queue in memory and are written in batches (every
 * `flushIntervalMs`, or as soon as `batchSize` are waiting), one batch per transaction. A
 * slow or failed database never delays an answer; the queue is bounded, and on overflow
 * the oldest records are dropped, counted and logged. A failed batch stays queued and is
 * retried whole, with the same token, before anything else: its transaction may have
 * committed although the answer was lost (the connection dropped during COMMIT), and the
 * writer stores the token in the batch's transaction (claimBatch in shared-facts.server.ts),
 * so the retry finds it and writes nothing twice.
 */
import { randomBytes } from "node:crypto";

export type QueueStats = { queued: number; written: number; dropped: number; failures: number };

export type BatchQueueOptions<T> = {
  /** What the records are, in the log: e.g. { tag: "clicks", noun: "clicks" }. */
  names: { tag: string; noun: string };
  /**
   * Writes one batch in one transaction; throws when nothing was written. `token` names the
   * batch: a retry of a failed batch carries the same token and the same records.
   */
  write: (batch: T[], token: string) => Promise<void>;
  /** Told of the records that leave the queue, written or dropped. */
  onLeave?: (records: readonly T[]) => void;
  batchSize: number;
  /** 0: no timer, only `flush` and full batches write. */
  flushIntervalMs: number;
  maxQueue: number;
  log: (message: string) => void;
};

export class BatchQueue<T> {
  private queue: T[] = [];
  private draining: Promise<void> | null = null;
  /** How many records at the queue's head are being written (never dropped meanwhile). */
  private writing = 0;
  /** The batch whose write failed, at the queue's head: the next drain retries it whole. */
  private retry: { token: string; size: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly stats: QueueStats = { queued: 0, written: 0, dropped: 0, failures: 0 };
  private droppedSinceLog = 0;

  constructor(private readonly options: BatchQueueOptions<T>) {
    if (options.flushIntervalMs > 0) {
      this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
      this.timer.unref();
    }
  }

  /** Queues a record; returns at once. */
  push(record: T): void {
    this.queue.push(record);
    this.stats.queued++;
    // The bound is on the records waiting behind the batch being written or to be retried:
    // that batch ends written or kept whole, so a record is never counted both dropped and
    // written, and a retry carries the records its token was first written with.
    const head = Math.max(this.writing, this.retry?.size ?? 0);
    const excess = this.queue.length - head - this.options.maxQueue;
    if (excess > 0) {
      const dropped = this.queue.splice(head, excess);
      this.options.onLeave?.(dropped);
      this.stats.dropped += dropped.length;
      this.droppedSinceLog += dropped.length;
    }
    if (this.queue.length >= this.options.batchSize && !this.draining) void this.flush();
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
    const { names, log } = this.options;
    while (this.queue.length > 0) {
      const token = this.retry?.token ?? randomBytes(12).toString("base64url");
      const batch = this.queue.slice(0, this.retry?.size ?? this.options.batchSize);
      this.writing = batch.length;
      try {
        await this.write(batch, token);
        this.retry = null;
      } catch {
        // Logged by write; the batch stays queued, to be retried whole with its token.
        this.retry = { token, size: batch.length };
        break;
      } finally {
        this.writing = 0;
      }
      // Requests that came in during the write are answered before the next batch.
      if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.droppedSinceLog > 0) {
      log(
        `[${names.tag}] queue full: dropped ${this.droppedSinceLog} oldest ${names.noun} (${this.stats.dropped} in all)`,
      );
      this.droppedSinceLog = 0;
    }
  }

  private async write(batch: T[], token: string): Promise<void> {
    try {
      await this.options.write(batch, token);
      // Only what was written leaves the queue: the batch, still at its head (an overflow
      // meanwhile dropped records behind it); records queued meanwhile stay.
      const written = this.queue.splice(0, batch.length);
      this.options.onLeave?.(written);
      this.stats.written += batch.length;
    } catch (error) {
      this.stats.failures++;
      const { names } = this.options;
      this.options.log(
        `[${names.tag}] could not write ${batch.length} ${names.noun} (kept for the next try): ${(error as Error).message}`,
      );
      throw error;
    }
  }

  snapshot(): QueueStats & { waiting: number } {
    return { ...this.stats, waiting: this.queue.length };
  }

  /**
   * Stops the timer and writes what is queued. What the database refuses now is lost with
   * the process: said loudly, with the count, never silently.
   */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (this.queue.length > 0) {
      const { names } = this.options;
      this.options.log(
        `[${names.tag}] closing with ${this.queue.length} ${names.noun} unwritten (the database failed): they are lost`,
      );
    }
  }
}
