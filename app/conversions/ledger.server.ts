/**
 * The conversion ledger: what affiliate programs report about referred players
 * (registrations, first deposits, deposits, commissions), stored beside the clicks in the
 * same database, each with the attribution of its click copied in (link, page, campaign,
 * source, sub-id, country, device).
 *
 * `record` resolves only once the conversion is committed: the receiver answers 200 after
 * it, and 503 when it throws (the program retries). Postbacks that arrive together are
 * written together (group commit): one transaction per turn of the event loop, not one
 * per postback, so a burst costs one disk sync. A conversion whose click still waits in the
 * click ledger's queue (a player can register within a second of the click) first has the
 * clicks written, then finds its click. A click id no click has is kept as an orphan.
 * Every outcome, rejections included, goes to the bounded postback log. Each transaction is
 * synced to disk before it resolves (`durably`, app/ledger/durably.server.ts): money survives
 * a power loss once acknowledged.
 *
 * The daily counts the dashboard reads (some fifty rows per conversion) are not in that
 * transaction: the conversions it stored wait, marked, until the next transaction adds them
 * (countWaiting, app/ledger/rollups/rollup.server.ts) once no postback has come for a moment,
 * and at least once a second while they keep coming. A crash between the two leaves them marked:
 * the next run counts them (`flush`, called at start).
 */
import type { Kysely } from "kysely";

import type { LedgerDatabase } from "~/ledger/database.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import type { ConversionOrigin, Database } from "~/ledger/schema";
import { WriteIncident } from "~/ledger/write-incident";
import { runWrite } from "~/ledger/writer-tasks.server";

import { postbackKey, previousSlotKey } from "./dedup";
import type { ConversionInput, RejectionReason } from "./postback-input";
import {
  attributionOf,
  logRow,
  takenKeys,
  type ConversionToStore,
  type LogRow,
  type RecordOutcome,
} from "./store.server";

export { POSTBACK_LOG_ROWS, type RecordOutcome } from "./store.server";

/** Conversions written in one transaction at most. */
const BATCH_SIZE = 500;
/** Rejections kept in memory while the database is down, at most. */
const MAX_PENDING_LOG = 1_000;
/** Conversions added to the daily counts in one transaction, at most… */
const COUNT_BATCH = 2_000;
/** …and while postbacks keep coming: a short transaction, so that their answers wait little. */
const COUNT_BATCH_BUSY = 500;
/** While postbacks keep coming, the stored conversions are counted at least this often… */
const COUNT_EVERY_MS = 1_000;
/** …and else once none has come for this long since the last answers (a burst goes first). */
const COUNT_QUIET_MS = 25;

export type PostbackLogEntry = LogRow & { id: number };

export type RecordOptions = {
  origin: ConversionOrigin;
  /** When the event happened (default: now). */
  at?: number;
  /** The dedup key (default: the postback's, dedup.ts). */
  dedupKey?: string;
};

type Pending = ConversionToStore & {
  resolve: (outcome: RecordOutcome) => void;
  reject: (error: unknown) => void;
};

export class ConversionLedger {
  private pending: Pending[] = [];
  private pendingLog: LogRow[] = [];
  private scheduled = false;
  private writing: Promise<void> | null = null;
  /** Stored conversions may wait to be counted (set by a write that stored some, and flush). */
  private toCount = false;
  private countedAt = 0;
  /** When the last postback came, and when the last were answered. */
  private receivedAt = 0;
  private answeredAt = 0;
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private countRetry: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  /** The programs retry (503): no back-off here, only the incident's two log lines. */
  private readonly incident: WriteIncident;
  /** Counting is retried by a timer, with the incident's back-off. */
  private readonly countIncident: WriteIncident;

  constructor(
    private readonly database: LedgerDatabase,
    private readonly clicks: ClickLedger | null,
    private readonly options: { timeZone: string; log?: (message: string) => void },
  ) {
    this.incident = new WriteIncident("conversions", options.log ?? console.error);
    this.countIncident = new WriteIncident("conversion counts", options.log ?? console.error);
  }

  get db(): Kysely<Database> {
    return this.database.db;
  }

  /** Stores one conversion; resolves with its outcome once committed, or throws. */
  record(conversion: ConversionInput, options: RecordOptions): Promise<RecordOutcome> {
    this.receivedAt = Date.now();
    const at = options.at ?? this.receivedAt;
    return new Promise((resolve, reject) => {
      this.pending.push({
        conversion,
        at,
        origin: options.origin,
        key: options.dedupKey ?? postbackKey(conversion, at),
        previousKey: options.dedupKey ? null : previousSlotKey(conversion, at),
        resolve,
        reject,
      });
      this.schedule();
    });
  }

  /**
   * What `record` would answer for each conversion with its key, read in one snapshot and
   * without writing anything (the CSV import's preview): "duplicate" when the key is taken
   * in the ledger or earlier in the list, "orphan" when no click has the id (a click still
   * queued counts as known), else "accepted".
   */
  async classify(
    items: readonly { conversion: ConversionInput; dedupKey: string }[],
  ): Promise<RecordOutcome[]> {
    const { taken, known } = await this.database.db.transaction().execute(async (trx) => ({
      taken: await takenKeys(
        trx,
        items.map((item) => item.dedupKey),
      ),
      known: await attributionOf(trx, [...new Set(items.map((item) => item.conversion.clickId))]),
    }));
    const seen = new Set<string>();
    return items.map(({ conversion, dedupKey }) => {
      if (taken.has(dedupKey) || seen.has(dedupKey)) return "duplicate";
      seen.add(dedupKey);
      const clickKnown = known.has(conversion.clickId) || this.clicks?.isQueued(conversion.clickId);
      return clickKnown ? "accepted" : "orphan";
    });
  }

  /**
   * Logs a test postback (the dashboard's button): it writes no conversion. Throws when the
   * database fails, as `record` does.
   */
  async logTest(conversion: ConversionInput): Promise<void> {
    const row = logRow(Date.now(), "test", "test", conversion, null);
    this.pendingLog.push(row);
    await this.flush();
    // A failed write puts the row back in the queue: the test did not reach the database,
    // and says so (503) rather than being logged later as if it had.
    const waiting = this.pendingLog.indexOf(row);
    if (waiting >= 0) {
      this.pendingLog.splice(waiting, 1);
      throw new Error("the test postback could not be logged");
    }
  }

  /**
   * Logs a rejected postback or row. Not awaited by the receiver (its 400 does not depend
   * on it): written with the next batch; while the database is down, the latest
   * MAX_PENDING_LOG wait in memory.
   */
  logRejection(
    reason: RejectionReason,
    origin: ConversionOrigin,
    seen: { event?: string | null; clickId?: string | null; txid?: string | null } = {},
  ): void {
    this.pendingLog.push({
      at: Date.now(),
      outcome: "rejected",
      origin,
      reason,
      event: clip(seen.event, 40),
      click_id: clip(seen.clickId, 64),
      txid: clip(seen.txid, 100),
      amount_cents: null,
      currency: null,
    });
    if (this.pendingLog.length > MAX_PENDING_LOG) this.pendingLog.shift();
    this.schedule();
  }

  /** The latest postback log rows, newest first. */
  async recentLog(limit = 50): Promise<PostbackLogEntry[]> {
    const rows = await this.database.db
      .selectFrom("postback_log")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      at: Number(row.at),
      amount_cents: row.amount_cents === null ? null : Number(row.amount_cents),
    }));
  }

  /**
   * Writes what waits and counts every stored conversion not counted yet (at start: what a
   * previous run left; tests); stops at the first failure.
   */
  flush(): Promise<void> {
    this.toCount = true;
    return this.drain(true);
  }

  private async drain(counts: boolean): Promise<void> {
    for (;;) {
      if (this.writing) {
        await this.writing;
        continue;
      }
      if (this.idle && !(counts && this.countable)) return;
      try {
        await this.writeNext(counts);
      } catch {
        return;
      }
    }
  }

  /** Whether no conversion or log row waits to be written. */
  private get idle(): boolean {
    return this.pending.length === 0 && this.pendingLog.length === 0;
  }

  /** Whether stored conversions may wait to be counted, and counting is not in back-off. */
  private get countable(): boolean {
    return this.toCount && this.countRetry === null && !this.closed;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.writing) return; // the running write schedules the next when it ends
      void this.writeNext().catch(() => {});
    });
  }

  /**
   * One transaction: the next batch of conversions and every log row waiting, or counting
   * the stored ones: when asked (`countNow`), when no postback has come for COUNT_QUIET_MS,
   * or when COUNT_EVERY_MS have passed since the last count.
   */
  private writeNext(countNow = false): Promise<void> {
    if (this.countable) {
      const now = Date.now();
      // Quiet: none came since the last answers, for a moment (a program that sends its next
      // postback once answered is not quiet).
      const quiet =
        this.idle && this.receivedAt <= this.answeredAt && now - this.answeredAt >= COUNT_QUIET_MS;
      if (countNow || quiet || now - this.countedAt >= COUNT_EVERY_MS) {
        return this.track(this.count(countNow || quiet ? COUNT_BATCH : COUNT_BATCH_BUSY));
      }
    }
    const batch = this.pending.splice(0, BATCH_SIZE);
    const log = this.pendingLog.splice(0);
    if (batch.length === 0 && log.length === 0) {
      // Not quiet yet: look again once it may be.
      if (this.countable) this.awaitQuiet();
      return Promise.resolve();
    }
    const run = this.write(batch, log).then(
      (outcomes) => {
        this.incident.succeeded();
        if (outcomes.some((outcome) => outcome !== "duplicate")) this.toCount = true;
        this.answeredAt = Date.now();
        batch.forEach((item, index) => item.resolve(outcomes[index]!));
      },
      (error: unknown) => {
        // Conversions are answered 503 (the program retries); log rows wait for the next.
        this.pendingLog.unshift(
          ...log.filter((row) => row.outcome === "rejected" || row.outcome === "test"),
        );
        this.pendingLog.splice(0, Math.max(0, this.pendingLog.length - MAX_PENDING_LOG));
        this.incident.failed(
          error,
          `${batch.length} conversions`,
          "postbacks are answered 503 (the program retries)",
        );
        batch.forEach((item) => item.reject(error));
        throw error;
      },
    );
    return this.track(run);
  }

  private awaitQuiet(): void {
    if (this.quietTimer) return;
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      this.schedule();
    }, COUNT_QUIET_MS);
    this.quietTimer.unref();
  }

  /** Marks `run` as the write under way; the next is scheduled when it ends. */
  private track(run: Promise<void>): Promise<void> {
    this.writing = run
      .catch(() => {})
      .finally(() => {
        this.writing = null;
        if (!this.idle || this.countable) this.schedule();
      });
    return run;
  }

  /**
   * Adds the next stored conversions to the daily counts. A failure leaves them waiting,
   * retried by a timer with back-off (the postbacks go on being stored meanwhile).
   */
  private async count(limit: number): Promise<void> {
    this.countedAt = Date.now();
    try {
      const counted = await runWrite(this.database, "countConversions", { limit });
      this.countIncident.succeeded();
      this.toCount = counted === limit;
    } catch (error) {
      const delay = this.countIncident.failed(
        error,
        "the daily counts of stored conversions",
        `they wait, stored, and are ${this.countIncident.schedule}`,
      );
      this.countRetry = setTimeout(() => {
        this.countRetry = null;
        this.schedule();
      }, delay);
      this.countRetry.unref();
      throw error;
    }
  }

  private async write(batch: Pending[], log: LogRow[]): Promise<RecordOutcome[]> {
    if (batch.length > 0 && this.clicks) {
      // A click still queued is written first, so the conversion finds it in the database.
      if (batch.some((item) => this.clicks!.isQueued(item.conversion.clickId))) {
        await this.clicks.flush();
        if (batch.some((item) => this.clicks!.isQueued(item.conversion.clickId))) {
          throw new Error("the clicks of these conversions could not be written");
        }
      }
    }
    // Stored by the thread that owns the writing connection (the SQLite writer's thread),
    // which answers once the transaction committed.
    return runWrite(this.database, "conversions", {
      batch: batch.map(({ resolve: _resolve, reject: _reject, ...item }) => item),
      log,
      timeZone: this.options.timeZone,
    });
  }

  /**
   * Deletes conversions older than `days` days and the daily counts of the days before
   * the oldest kept; returns how many conversions.
   */
  async prune(days: number, now = Date.now()): Promise<number> {
    const cutoff = now - days * 24 * 60 * 60 * 1000;
    const result = await this.database.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom("conversions")
        .where("at", "<", cutoff)
        .executeTakeFirst();
      const oldest = await trx
        .selectFrom("conversions")
        .select((eb) => eb.fn.min("day").as("day"))
        .executeTakeFirst();
      for (const table of ["conversion_daily", "conversion_filter_daily"] as const) {
        await trx
          .deleteFrom(table)
          .where("day", "<", oldest?.day ?? "9999-12-31")
          .execute();
      }
      return deleted;
    });
    return Number(result.numDeletedRows);
  }

  /**
   * Writes the conversions and log rows that wait; those stored and not counted yet stay
   * marked for the next run. The database is the click ledger's: it closes it.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.countRetry) clearTimeout(this.countRetry);
    if (this.quietTimer) clearTimeout(this.quietTimer);
    await this.drain(false);
  }
}

function clip(value: string | null | undefined, length: number): string | null {
  return value ? value.slice(0, length) : null;
}
