/**
 * Failed dashboard logins counted in the ledger's database (migration 007's
 * `login_failures`), so the limit holds across every instance behind the front: a client
 * that tries passwords on one instance and then another spends one budget. The in-memory
 * LoginLimiter (auth.server.ts) stays in front as a first, free filter.
 *
 * The client is never stored as its address: it is a hash of the address keyed with the
 * day's visitor salt (app/ledger/visitor-salts.server.ts), which every instance of a
 * PostgreSQL ledger reads the same, which a SQLite ledger keeps in memory, and which is
 * destroyed when its day ends. Failures count in fixed windows of
 * `windowMs` (one row per client and window): at most `maxFailures` per window, so at most
 * twice that in a span that straddles two windows.
 */
import type { Kysely } from "kysely";

import { VisitorKeys } from "~/clicks/click-record.server";
import type { Database, Dialect } from "~/ledger/schema";
import { VisitorSalts } from "~/ledger/visitor-salts.server";
import { dayIn } from "~/reports/reporting-day";

export class SharedLoginLimiter {
  /**
   * This limiter's own salts (the server's live in another bundle): on PostgreSQL the ones
   * every instance shares, on SQLite its own, in memory.
   */
  private readonly keys = new VisitorKeys();
  private readonly salts: VisitorSalts;

  private readonly db: Kysely<Database>;

  constructor(
    database: { db: Kysely<Database>; dialect: Dialect },
    private readonly timeZone: string,
    readonly maxFailures = 5,
    readonly windowMs = 60_000,
  ) {
    this.db = database.db;
    this.salts = new VisitorSalts(database, this.keys, timeZone);
  }

  /** The stored form of a client: its address hashed with the day's salt. */
  private async clientKey(client: string, now: number): Promise<string> {
    const day = dayIn(this.timeZone, now);
    if (!this.keys.isShared(day)) await this.salts.refresh(now);
    return this.keys.digest("login", client, day);
  }

  private windowOf(now: number): number {
    return now - (now % this.windowMs);
  }

  /**
   * Seconds until the client (or an account, "account:<name>", or "total") may try again,
   * or 0 when it may try now; `maxFailures` per window unless told otherwise.
   */
  async retryAfter(client: string, now = Date.now(), limit = this.maxFailures): Promise<number> {
    const window = this.windowOf(now);
    const row = await this.db
      .selectFrom("login_failures")
      .select("failures")
      .where("client", "=", await this.clientKey(client, now))
      .where("window_start", "=", window)
      .executeTakeFirst();
    if (!row || Number(row.failures) < limit) return 0;
    return Math.max(1, Math.ceil((window + this.windowMs - now) / 1000));
  }

  async fail(client: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto("login_failures")
      .values({
        client: await this.clientKey(client, now),
        window_start: this.windowOf(now),
        failures: 1,
      })
      .onConflict((conflict) =>
        conflict.columns(["client", "window_start"]).doUpdateSet((eb) => ({
          failures: eb("login_failures.failures", "+", 1),
        })),
      )
      .execute();
  }

  async succeed(client: string, now = Date.now()): Promise<void> {
    const key = await this.clientKey(client, now);
    await this.db.deleteFrom("login_failures").where("client", "=", key).execute();
  }
}

/** Failed logins a window allows per account named, and in total (auth.server.ts's figures). */
export const ACCOUNT_FAILURES = 10;
export const TOTAL_FAILURES = 300;

const limiters = new WeakMap<Kysely<Database>, SharedLoginLimiter>();

/** The one shared limiter of a ledger database. */
export function sharedLoginLimiter(
  database: { db: Kysely<Database>; dialect: Dialect },
  timeZone: string,
): SharedLoginLimiter {
  let limiter = limiters.get(database.db);
  if (!limiter) {
    limiter = new SharedLoginLimiter(database, timeZone);
    limiters.set(database.db, limiter);
  }
  return limiter;
}
