/**
 * Daily counts kept beside the clicks, so the dashboard's unfiltered views read a few
 * thousand rows instead of a year of clicks:
 * - `click_daily`: clicks per day, dimension (link, page, campaign, …), value and
 *   people/bots, the same numbers `select … group by` would give;
 * - `click_filter_daily`: the same counts under each one-dimension filter (migration 004),
 *   for the views with one filter; sub-ids are neither filter nor ranked there
 *   (PAIRED); referrers since migration 009;
 * - `click_combination_daily`: the clicks of each day's combination of values of every
 *   dimension but sub-ids (PAIRED, migration 009), for two filters or more;
 * - `visitor_daily`: the day's distinct visitor keys among people (unique visitors).
 * They are written in the same transaction as the clicks they count (ledger.server.ts),
 * filled from existing clicks by the migration that made them, and pruned with them.
 * A missing value (no campaign, no country) is stored as "" and read back as null.
 */
import type { Kysely, Transaction } from "kysely";

import { chunked } from "../chunked";
import {
  DIMENSION_NAMES,
  DIMENSIONS,
  setFilters,
  type Dimension,
  type Filters,
} from "~/reports/dimensions";
import type { ClickCombinationDailyTable, ClickRecord, Database } from "../schema";

type Counted = { day: string; dimension: Dimension; value: string; is_bot: number; clicks: number };
type FilterCounted = Counted & { filter_dimension: Dimension; filter_value: string };

/**
 * The dimensions click_filter_daily pairs and click_combination_daily combines: all but
 * sub-ids, which a network may send one per click (paired or combined with every other
 * value, as many rows as clicks). Referrers are paired since migration 009.
 */
export const PAIRED: readonly Dimension[] = DIMENSION_NAMES.filter(
  (dimension) => dimension !== "subid",
);

/**
 * A view's one filter when the daily counts under one filter (click_filter_daily and
 * conversion_filter_daily) hold it: a single filter, not a sub-id. Else null.
 */
export function pairedFilter(filters: Filters): [Dimension, string] | null {
  const set = setFilters(filters);
  return set.length === 1 && PAIRED.includes(set[0]![0]) ? set[0]! : null;
}

type CombinationColumn = Exclude<keyof ClickCombinationDailyTable, "day" | "is_bot" | "clicks">;

/** click_combination_daily's columns, in PAIRED's order. */
export const COMBINATION_COLUMNS = PAIRED.map(
  (dimension) => DIMENSIONS[dimension].column,
) as CombinationColumn[];

/** The batch's clicks per day, people/bots and combination of PAIRED's values. */
export function countCombinations(batch: readonly ClickRecord[]): ClickCombinationDailyTable[] {
  const counts = new Map<string, ClickCombinationDailyTable>();
  for (const click of batch) {
    const values = COMBINATION_COLUMNS.map((column) => String(click[column] ?? ""));
    const key = `${click.day}\u0000${click.is_bot}\u0000${values.join("\u0000")}`;
    const counted = counts.get(key);
    if (counted) counted.clicks++;
    else
      counts.set(key, {
        ...(Object.fromEntries(
          COMBINATION_COLUMNS.map((column, index) => [column, values[index]!]),
        ) as Record<CombinationColumn, string>),
        day: click.day,
        is_bot: click.is_bot,
        clicks: 1,
      });
  }
  return [...counts.values()];
}

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

/**
 * The batch's counts under each one-dimension filter (click_filter_daily), from its
 * combinations (countCombinations: one key per click, counted once for both tables, as this
 * runs on the server's thread while it answers redirects): each combination adds to its
 * pairs.
 */
export function countPairs(combinations: readonly ClickCombinationDailyTable[]): FilterCounted[] {
  const counts = new Map<string, FilterCounted>();
  for (const combination of combinations) {
    const { day, is_bot, clicks } = combination;
    const values = COMBINATION_COLUMNS.map((column) => combination[column]);
    for (const [at, filter] of PAIRED.entries()) {
      for (const [index, dimension] of PAIRED.entries()) {
        const key = `${day}\u0000${at}\u0000${values[at]}\u0000${index}\u0000${values[index]}\u0000${is_bot}`;
        const counted = counts.get(key);
        if (counted) counted.clicks += clicks;
        else
          counts.set(key, {
            day,
            filter_dimension: filter,
            filter_value: values[at]!,
            dimension,
            value: values[index]!,
            is_bot,
            clicks,
          });
      }
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
  const combinations = countCombinations(batch);
  // 200 rows × 5 values and 500 × 2 stay far below both databases' parameter limits.
  for (const part of chunked(counted, 200)) {
    await trx
      .insertInto("click_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(["day", "dimension", "value", "is_bot"]).doUpdateSet((eb) => ({
          clicks: eb("click_daily.clicks", "+", eb.ref("excluded.clicks")),
        })),
      )
      .execute();
  }
  // 500 rows × 7 values stay below both bounds too.
  for (const part of chunked(countPairs(combinations), 500)) {
    await trx
      .insertInto("click_filter_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict
          .columns(["filter_dimension", "filter_value", "day", "dimension", "value", "is_bot"])
          .doUpdateSet((eb) => ({
            clicks: eb("click_filter_daily.clicks", "+", eb.ref("excluded.clicks")),
          })),
      )
      .execute();
  }
  // 300 rows × 10 values: under both bounds as well.
  for (const part of chunked(combinations, 300)) {
    await trx
      .insertInto("click_combination_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(["day", ...COMBINATION_COLUMNS, "is_bot"]).doUpdateSet((eb) => ({
          clicks: eb("click_combination_daily.clicks", "+", eb.ref("excluded.clicks")),
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
  for (const part of chunked(visitors, 500)) {
    await trx
      .insertInto("visitor_daily")
      .values(part)
      .onConflict((conflict) => conflict.columns(["day", "visitor"]).doNothing())
      .execute();
  }
}
