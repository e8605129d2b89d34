/**
 * The destination monitor's memory (migration 020): every check of every destination for
 * 90 days (`link_checks`), the last one of each, and the warnings a person accepted
 * (`link_check_acceptances`), which hold while the chain of hosts stays the one accepted.
 * Only the monitor writes here (./monitor.server.ts); the Enlaces page reads it.
 */
import type { Kysely } from "kysely";

import type { Database, LinkChecksTable } from "~/ledger/schema";
import { DAY_MS } from "~/ledger/retention.server";

import type { CheckResult, Hop } from "./check.server";

/** Days a check is kept. */
export const HISTORY_DAYS = 90;

/** A stored check, as the monitor made it. */
export type StoredCheck = Omit<CheckResult, "url"> & { url: string };

/** An accepted warning: who accepted it, when, and for which chain. */
export type Acceptance = { chain: string; at: number; by: string };

/**
 * The chain a check followed, in one line: each hop's status and host, then where it
 * ended. An accepted warning holds while this stays the same.
 */
export const chainOf = (check: Pick<CheckResult, "hops" | "finalHost">): string =>
  [...check.hops.map((hop) => `${hop.status} ${hop.host}`), check.finalHost ?? "—"].join(" → ");

/** The columns a stored check is read from (storedOf). */
const STORED_COLUMNS = [
  "url",
  "at",
  "health",
  "reasons",
  "hops",
  "final_host",
  "click_id_kept",
  "sub_id_kept",
  "ms",
] as const;

function storedOf(row: Omit<LinkChecksTable, "id">): StoredCheck {
  return {
    url: row.url,
    at: Number(row.at),
    health: row.health,
    reasons: JSON.parse(row.reasons) as string[],
    hops: JSON.parse(row.hops) as Hop[],
    finalHost: row.final_host,
    clickIdKept: Number(row.click_id_kept) === 1,
    subIdKept: Number(row.sub_id_kept) === 1,
    ms: Number(row.ms),
  };
}

export class LinkHistory {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores one run's checks in one transaction. */
  async save(checks: readonly CheckResult[]): Promise<void> {
    if (checks.length === 0) return;
    await this.db
      .insertInto("link_checks")
      .values(
        checks.map((check) => ({
          url: check.url,
          at: check.at,
          health: check.health,
          reasons: JSON.stringify(check.reasons),
          hops: JSON.stringify(check.hops),
          final_host: check.finalHost,
          click_id_kept: check.clickIdKept ? 1 : 0,
          sub_id_kept: check.subIdKept ? 1 : 0,
          ms: check.ms,
        })),
      )
      .execute();
  }

  /** The last check of each destination ever checked (in the last 90 days). */
  async latest(): Promise<Map<string, StoredCheck>> {
    const rows = await this.db
      .selectFrom("link_checks")
      .select(STORED_COLUMNS)
      .where("id", "in", (eb) =>
        eb
          .selectFrom("link_checks")
          .select((inner) => inner.fn.max("id").as("id"))
          .groupBy("url"),
      )
      .execute();
    return new Map(rows.map((row) => [row.url, storedOf(row)]));
  }

  /** A destination's checks, newest first, at most `limit`. */
  async of(url: string, limit: number): Promise<StoredCheck[]> {
    const rows = await this.db
      .selectFrom("link_checks")
      .select(STORED_COLUMNS)
      .where("url", "=", url)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(storedOf);
  }

  /** Accepts the warning of `url` for `chain` (a later one replaces it). */
  async accept(url: string, chain: string, by: string, now = Date.now()): Promise<void> {
    await this.db
      .insertInto("link_check_acceptances")
      .values({ url, chain, by, at: now })
      .onConflict((conflict) => conflict.column("url").doUpdateSet({ chain, by, at: now }))
      .execute();
  }

  async acceptances(): Promise<Map<string, Acceptance>> {
    const rows = await this.db.selectFrom("link_check_acceptances").selectAll().execute();
    return new Map(
      rows.map((row) => [row.url, { chain: row.chain, at: Number(row.at), by: row.by }]),
    );
  }

  /** Deletes the checks older than 90 days; returns how many. */
  async prune(now = Date.now()): Promise<number> {
    const removed = await this.db
      .deleteFrom("link_checks")
      .where("at", "<", now - HISTORY_DAYS * DAY_MS)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
