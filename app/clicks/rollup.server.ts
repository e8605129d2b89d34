/**
 * Daily counts kept beside the clicks, so the dashboard's unfiltered views read a few
 * thousand rows instead of a year of clicks:
 * - `click_daily`: clicks per day, dimension (link, page, campaign, …), value and
 *   people/bots, the same numbers `select … group by` would give;
 * - `visitor_daily`: the day's distinct visitor keys among people (unique visitors).
 * They are written in the same transaction as the clicks they count (ledger.server.ts),
 * filled from existing clicks by the migration that made them, and pruned with them.
 * A missing value (no campaign, no country) is stored as "" and read back as null.
 */
import type { Kysely, Transaction } from "kysely";

import { DIMENSION_NAMES, DIMENSIONS, type Dimension } from "./dimensions";
import type { ClickRecord, Database } from "./types";

type Counted = { day: string; dimension: Dimension; value: string; is_bot: number; clicks: number };

/** The batch's counts per day, dimension, value and bot flag. */
export function countBatch(batch: readonly ClickRecord[]): Counted[] {
  const counts = new Map<string, Counted>();
  for (const click of batch) {
    for (const dimension of DIMENSION_NAMES) {
      const value = String(click[DIMENSIONS[dimension].column] ?? "");
      const key = `${click.day}\u0000${dimension}\u0000${value}\u0000${click.is_bot}`;
      const counted = counts.get(key);
      if (counted) counted.clicks++;
      else counts.set(key, { day: click.day, dimension, value, is_bot: click.is_bot, clicks: 1 });
    }
  }
  return [...counts.values()];
}

/** Adds a written batch to the daily counts (inside the batch's transaction). */
export async function addToRollups(
  trx: Transaction<Database> | Kysely<Database>,
  batch: readonly ClickRecord[],
): Promise<void> {
  const counted = countBatch(batch);
  // 200 rows × 5 values and 500 × 2 stay far below both databases' parameter limits.
  for (let start = 0; start < counted.length; start += 200) {
    await trx
      .insertInto("click_daily")
      .values(counted.slice(start, start + 200))
      .onConflict((conflict) =>
        conflict.columns(["day", "dimension", "value", "is_bot"]).doUpdateSet((eb) => ({
          clicks: eb("click_daily.clicks", "+", eb.ref("excluded.clicks")),
        })),
      )
      .execute();
  }
  const visitors = [
    ...new Map(
      batch
        .filter((click) => click.is_bot === 0)
        .map((click) => [
          `${click.day} ${click.visitor}`,
          { day: click.day, visitor: click.visitor },
        ]),
    ).values(),
  ];
  for (let start = 0; start < visitors.length; start += 500) {
    await trx
      .insertInto("visitor_daily")
      .values(visitors.slice(start, start + 500))
      .onConflict((conflict) => conflict.columns(["day", "visitor"]).doNothing())
      .execute();
  }
}
