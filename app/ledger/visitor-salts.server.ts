/**
 * The visitor key's daily salts in the shared database (migration 007), so that one visitor
 * is one unique visitor whichever instance answers (as Plausible keeps its salts). A salt is
 * created by the first instance that asks for its day (insert … on conflict do nothing, then
 * read: every instance reads the same row) and deleted two days later, after which the keys
 * of that day can no longer be recomputed from an address.
 *
 * `VisitorKeys.key` must not wait for the database (it runs before the page cache), so the
 * salts of today and tomorrow are loaded ahead: at start and every minute. Tomorrow's
 * exists before midnight, so the new day needs no round trip. When the database is
 * unreachable as a day begins and its salt was not loaded, the process makes a salt of its
 * own until the shared one loads (click-record.server.ts, docs/page-views.md).
 */
import { randomBytes } from "node:crypto";

import type { Kysely } from "kysely";

import type { VisitorKeys } from "~/clicks/click-record.server";
import type { Database } from "./schema";
import { dayIn } from "~/reports/reporting-day";

/**
 * How often the salts are ensured (three small statements): after an outage that began
 * before a day's salt was loaded, a process-local salt serves at most this long more.
 */
export const REFRESH_MS = 60 * 1000;

/** The day after a YYYY-MM-DD day, by the calendar (a day may last 23 or 25 hours). */
export function dayAfter(day: string, days = 1): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export class VisitorSalts {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: VisitorKeys,
    private readonly timeZone: string,
    private readonly log: (message: string) => void = console.error,
  ) {
    keys.onLocalSalt = (day) =>
      log(
        `[visitors] no shared salt for ${day} yet (database unreachable?): using a process-local one until it loads; this day's visitors may count twice`,
      );
  }

  /**
   * Creates the salts of today and tomorrow when missing, loads them into the keys, and
   * deletes those older than yesterday. Throws when the database fails.
   */
  async refresh(now = Date.now()): Promise<void> {
    const today = dayIn(this.timeZone, now);
    const days = [today, dayAfter(today)];
    await this.db
      .insertInto("visitor_salts")
      .values(days.map((day) => ({ day, salt: randomBytes(32).toString("base64url") })))
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    const rows = await this.db
      .selectFrom("visitor_salts")
      .select(["day", "salt"])
      .where("day", "in", days)
      .execute();
    for (const { day, salt } of rows) this.keys.use(day, Buffer.from(salt, "base64url"));
    await this.db.deleteFrom("visitor_salts").where("day", "<", dayAfter(today, -1)).execute();
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
