/**
 * The write queue both ledgers of records the site answers faster than it writes share:
 * the clicks (ledger.server.ts) and the page views (app/views/ledger.server.ts). `push`
 * never waits for the database and costs the same whether it answers or not: records queue
 * in memory and are written in batches (every `flushIntervalMs`, or as soon as `batchSize`
 * are waiting), one batch per transaction. The queue is bounded, and on overflow the oldest
 * records are dropped, counted and logged.
 *
 * A failed write opens an incident (write-incident.ts: one log line, one more when writes
 * resume). During it only the timer retries, after 1 s, 2 s, 4 s … 30 s: a push neither
 * writes nor logs. The failed batch stays held and is retried whole, with the same token,
 * before anything else: its transaction may have committed although the answer was lost
 * (the connection dropped during COMMIT), and the writer stores the token in the batch's
 * transaction (claimBatch in shared-facts.server.ts), so the retry finds it and writes
 * nothing twice.
 */
import { randomBytes } from "node:crypto";

import { WriteIncident, type Backoff } from "./write-incident";

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
  /**
   * 0: no timer: only `flush` writes, and a full batch while no incident is open (tests).
   */
  flushIntervalMs: number;
  maxQueue: number;
  /** The retries' back-off after a failed write (default: 1 s doubling up to 30 s). */
  backoff?: Backoff;
  log: (message: string) => void;
};

export class BatchQueue<T> {
  /** The records behind the held batch, oldest first. */
  private readonly waiting = new Fifo<T>();
  /** The batch being written, or whose write failed: retried whole, with its token. */
  private held: { batch: T[]; token: string } | null = null;
  private draining: Promise<void> | null = null;
  /** When the queue stops writing (set by close: the shutdown's limit). */
  private deadline = Number.POSITIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly incident: WriteIncident;
  private readonly stats: QueueStats = { queued: 0, written: 0, dropped: 0, failures: 0 };
  private droppedSinceLog = 0;

  constructor(private readonly options: BatchQueueOptions<T>) {
    this.incident = new WriteIncident(options.names.tag, options.log, options.backoff);
    if (options.flushIntervalMs > 0) {
      // During an incident the retry timer writes, on its back-off.
      this.timer = setInterval(() => {
        if (!this.incident.active) void this.flush();
      }, options.flushIntervalMs);
      this.timer.unref();
    }
  }

  /** Queues a record; returns at once. */
  push(record: T): void {
    this.waiting.push(record);
    this.stats.queued++;
    // The bound is on the records behind the held batch: that batch ends written or kept
    // whole, so a record is never counted both dropped and written, and a retry carries the
    // records its token was first written with.
    if (this.waiting.length > this.options.maxQueue) {
      const dropped = [this.waiting.shift()!];
      this.options.onLeave?.(dropped);
      this.stats.dropped++;
      this.droppedSinceLog++;
    }
    if (this.waiting.length >= this.options.batchSize && !this.draining && !this.incident.active) {
      void this.flush();
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
    const { names, log, batchSize } = this.options;
    while ((this.held || this.waiting.length > 0) && Date.now() < this.deadline) {
      this.held ??= {
        batch: this.waiting.take(batchSize),
        token: randomBytes(12).toString("base64url"),
      };
      const { batch, token } = this.held;
      try {
        await this.options.write(batch, token);
      } catch (error) {
        this.failed(error);
        break;
      }
      this.held = null;
      this.options.onLeave?.(batch);
      this.stats.written += batch.length;
      this.recovered();
      // Requests that came in during the write are answered before the next batch.
      if (this.waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.droppedSinceLog > 0) {
      log(
        `[${names.tag}] queue full: dropped ${this.droppedSinceLog} oldest ${names.noun} (${this.stats.dropped} in all)`,
      );
      this.droppedSinceLog = 0;
    }
  }

  private failed(error: unknown): void {
    this.stats.failures++;
    const { names } = this.options;
    const delay = this.incident.failed(
      error,
      `${this.held!.batch.length} ${names.noun}`,
      `${this.size()} ${names.noun} kept in memory, ${this.incident.schedule}`,
    );
    if (!this.timer) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
    this.retryTimer.unref();
  }

  private recovered(): void {
    if (!this.incident.active) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.incident.succeeded(`; ${this.size()} ${this.options.names.noun} still queued`);
  }

  private size(): number {
    return (this.held?.batch.length ?? 0) + this.waiting.length;
  }

  snapshot(): QueueStats & { waiting: number } {
    return { ...this.stats, waiting: this.size() };
  }

  /**
   * Stops the timers and writes what is queued, batch after batch until `deadline` (a
   * time in ms; the shutdown's limit). What the database refuses, or what is still queued
   * at the deadline, is lost with the process: said loudly, with the count, never silently.
   */
  async close(deadline = Number.POSITIVE_INFINITY): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = this.retryTimer = null;
    this.deadline = deadline;
    await this.flush();
    if (this.size() > 0) {
      const { names } = this.options;
      const why =
        Date.now() >= deadline && !this.incident.active
          ? "the shutdown's time ran out"
          : "the database failed";
      this.options.log(
        `[${names.tag}] closing with ${this.size()} ${names.noun} unwritten (${why}): they are lost`,
      );
    }
  }
}

/** A first-in first-out list whose `push`, `shift` and `take` cost O(1) per record. */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private start = 0;

  get length(): number {
    return this.items.length - this.start;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.length === 0) return undefined;
    const item = this.items[this.start];
    this.items[this.start++] = undefined;
    this.compact();
    return item;
  }

  /** The `count` oldest, removed. */
  take(count: number): T[] {
    const taken = this.items.slice(this.start, this.start + count) as T[];
    this.start += taken.length;
    this.compact();
    return taken;
  }

  /** Drops the removed slots once they are half the array (amortised O(1)). */
  private compact(): void {
    if (this.start === this.items.length) {
      this.items = [];
      this.start = 0;
    } else if (this.start >= 1024 && this.start * 2 >= this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
  }
}
