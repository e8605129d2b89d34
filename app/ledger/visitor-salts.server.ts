/**
 * The visitor key's daily salts, kept where no copy of the keys can reach them (decision
 * 017): a key is a hash of salt, address and User-Agent, so whoever holds a key and its
 * salt can find the address by trying them all.
 * - On SQLite (one server) the salts live in this process's memory only: nothing is
 *   written to the ledger's file, so neither the file nor a backup holds one. A restart
 *   makes a new salt for the rest of the day.
 * - On PostgreSQL (several instances) one visitor must get one key whichever instance
 *   answers, so the day's salt is shared through `live_salts` (migration 012), an UNLOGGED
 *   table of its own that backups leave out (docs/clicks.md#backups). The first instance
 *   that asks for a day creates its salt (insert … on conflict do nothing, then read: every
 *   instance reads the same row).
 * Either way a day's salt is destroyed once the day is over: forgotten here, and on
 * PostgreSQL the table is truncated (its file replaced, not just rows marked dead) keeping
 * only today's and tomorrow's rows.
 *
 * `VisitorKeys.key` must not wait for the database (it runs before the page cache), so the
 * salts of today and tomorrow are made or loaded ahead: at start and every minute.
 * Tomorrow's exists before midnight, so the new day needs no round trip. When PostgreSQL is
 * unreachable as a day begins and its salt was not loaded, the process makes a salt of its
 * own until the shared one loads (click-record.server.ts, docs/page-views.md).
 */
import { randomBytes } from "node:crypto";

import { sql, type Kysely } from "kysely";

import type { VisitorKeys } from "~/clicks/click-record.server";
import type { Database, Dialect } from "./schema";
import { dayIn } from "~/reports/reporting-day";

/**
 * How often the salts are ensured: after an outage that began before a day's salt was
 * loaded, a process-local salt serves at most this long more, and a day's salt outlives its
 * day by at most this long.
 */
export const REFRESH_MS = 60 * 1000;

/** The day after a YYYY-MM-DD day, by the calendar (a day may last 23 or 25 hours). */
export function dayAfter(day: string, days = 1): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export class VisitorSalts {
  private timer: NodeJS.Timeout | null = null;
  /** The database that shares the salts between instances; null on SQLite (memory only). */
  private readonly shared: Kysely<Database> | null;

  constructor(
    database: { db: Kysely<Database>; dialect: Dialect },
    private readonly keys: VisitorKeys,
    private readonly timeZone: string,
    private readonly log: (message: string) => void = console.error,
  ) {
    this.shared = database.dialect === "postgres" ? database.db : null;
    if (this.shared) {
      keys.onLocalSalt = (day) =>
        log(
          `[visitors] no shared salt for ${day} yet (database unreachable?): using a process-local one until it loads; this day's visitors may count twice`,
        );
    }
  }

  /**
   * Makes (or loads) the salts of today and tomorrow, and destroys those of earlier days.
   * Throws when the shared database fails.
   */
  async refresh(now = Date.now()): Promise<void> {
    const today = dayIn(this.timeZone, now);
    const days = [today, dayAfter(today)];
    // First, so that a database outage does not keep yesterday's salt in memory.
    this.keys.forgetBefore(today);
    if (!this.shared) {
      for (const day of days) this.keys.keep(day);
      return;
    }
    await this.loadShared(this.shared, days);
    await this.destroySharedBefore(this.shared, today);
  }

  private async loadShared(db: Kysely<Database>, days: string[]): Promise<void> {
    await db
      .insertInto("live_salts")
      .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    const rows = await db
      .selectFrom("live_salts")
      .select(["day", "salt"])
      .where("day", "in", days)
      .execute();
    for (const { day, salt } of rows) this.keys.use(day, Buffer.from(salt, "base64url"));
  }

  /**
   * Destroys the shared salts of the days before `today`. A deleted row stays in the
   * table's file until a vacuum (which a two-row table may wait weeks for), so the table is
   * truncated instead, which gives it a new file, and the rows still in use are put back.
   */
  private async destroySharedBefore(db: Kysely<Database>, today: string): Promise<void> {
    const stale = await db
      .selectFrom("live_salts")
      .select("day")
      .where("day", "<", today)
      .executeTakeFirst();
    if (!stale) return;
    await db.transaction().execute(async (trx) => {
      // Other instances wait (a few milliseconds, off their request path) rather than read
      // an empty table between the truncation and the rows put back.
      await sql`lock table live_salts in access exclusive mode`.execute(trx);
      const kept = await trx
        .selectFrom("live_salts")
        .select(["day", "salt"])
        .where("day", ">=", today)
        .execute();
      await sql`truncate live_salts`.execute(trx);
      if (kept.length > 0) await trx.insertInto("live_salts").values(kept).execute();
    });
  }

  /** Refreshes now (waiting for it) and then every REFRESH_MS; a failure is logged. */
  async start(): Promise<void> {
    const refresh = () =>
      this.refresh().catch((error: unknown) =>
        this.log(`[visitors] could not load the shared salts: ${(error as Error).message}`),
      );
    await refresh();
    this.timer = setInterval(() => void refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
