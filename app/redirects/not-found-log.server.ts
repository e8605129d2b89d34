/**
 * The paths that answered 404 (migration 018), so a broken inbound link gets a
 * redirect: per UTC day and path, how many times. Kept bounded whatever arrives: at most
 * PATHS_PER_DAY paths a day (a path seen that day always counts; a new one beyond the bound
 * is dropped, and the dashboard says the bound was reached), NOT_FOUND_DAYS days, a path cut
 * to 200 characters, no query string and nothing about the visitor. Each instance counts in
 * memory (as many paths at most) and adds its counts every few seconds, in one transaction
 * that holds the table's lock on PostgreSQL, so several instances keep the same bound.
 */
import { sql, type Kysely } from "kysely";

import type { Database } from "~/ledger/schema";

export const PATHS_PER_DAY = 1_000;
export const NOT_FOUND_DAYS = 30;
const FLUSH_MS = 5_000;
const MAX_PATH = 200;
/** Rows written per statement (SQLite's bound on parameters). */
const CHUNK = 200;

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export type NotFoundPath = { path: string; hits: number; days: number };

export class NotFoundLog {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: "sqlite" | "postgres",
    private readonly options: {
      now?: () => number;
      flushMs?: number;
      perDay?: number;
      log?: (line: string) => void;
    } = {},
  ) {}

  private get perDay() {
    return this.options.perDay ?? PATHS_PER_DAY;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /** Counts a 404 of this path (the path only: the caller leaves the query out). */
  record(path: string): void {
    const key = path.slice(0, MAX_PATH);
    const count = this.pending.get(key);
    if (count !== undefined) this.pending.set(key, count + 1);
    else if (this.pending.size < this.perDay) this.pending.set(key, 1);
    else return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs ?? FLUSH_MS);
    this.timer.unref?.();
  }

  /** Adds the counts kept in memory to the table (and forgets days past the window). */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write())
      .catch((error: unknown) => {
        (this.options.log ?? console.error)(
          `[404] the counts of paths not found were not stored: ${(error as Error).message}`,
        );
      });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    const now = this.now();
    const day = dayOf(now);
    const oldest = dayOf(now - (NOT_FOUND_DAYS - 1) * 86_400_000);
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === "postgres") {
        await sql`lock table not_found_paths in share row exclusive mode`.execute(trx);
      }
      const paths = [...batch.keys()];
      const known = new Set<string>();
      for (let index = 0; index < paths.length; index += CHUNK) {
        const rows = await trx
          .selectFrom("not_found_paths")
          .select("path")
          .where("day", "=", day)
          .where("path", "in", paths.slice(index, index + CHUNK))
          .execute();
        for (const row of rows) known.add(row.path);
      }
      const stored = await trx
        .selectFrom("not_found_paths")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("day", "=", day)
        .executeTakeFirst();
      const room = Math.max(0, this.perDay - Number(stored?.count ?? 0));
      // The most asked-for new paths first, while there is room.
      const fresh = paths
        .filter((path) => !known.has(path))
        .sort((a, b) => batch.get(b)! - batch.get(a)!)
        .slice(0, room);
      const rows = [...paths.filter((path) => known.has(path)), ...fresh].map((path) => ({
        day,
        path,
        hits: batch.get(path)!,
      }));
      for (let index = 0; index < rows.length; index += CHUNK) {
        await trx
          .insertInto("not_found_paths")
          .values(rows.slice(index, index + CHUNK))
          .onConflict((conflict) =>
            conflict
              .columns(["day", "path"])
              .doUpdateSet({ hits: sql`not_found_paths.hits + excluded.hits` }),
          )
          .execute();
      }
      await trx.deleteFrom("not_found_paths").where("day", "<", oldest).execute();
    });
  }

  /** The paths asked for most over the last NOT_FOUND_DAYS days. */
  async top(limit = 50): Promise<{ paths: NotFoundPath[]; full: boolean }> {
    const oldest = dayOf(this.now() - (NOT_FOUND_DAYS - 1) * 86_400_000);
    const rows = await this.db
      .selectFrom("not_found_paths")
      .select((eb) => [
        "path",
        eb.fn.sum<number>("hits").as("hits"),
        eb.fn.count<number>("day").as("days"),
      ])
      .where("day", ">=", oldest)
      .groupBy("path")
      .orderBy("hits", "desc")
      .orderBy("path")
      .limit(limit)
      .execute();
    const full = await this.db
      .selectFrom("not_found_paths")
      .select("day")
      .where("day", ">=", oldest)
      .groupBy("day")
      .having((eb) => eb.fn.countAll(), ">=", this.perDay)
      .executeTakeFirst();
    return {
      paths: rows.map((row) => ({
        path: row.path,
        hits: Number(row.hits),
        days: Number(row.days),
      })),
      full: full !== undefined,
    };
  }

  /** Stops the timer and stores what is counted. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
