/**
 * The daily counts of page views (migration 005), written in the same transaction as the
 * views they count (ledger.server.ts), the same numbers `select … group by` over `views`
 * would give (ledger.server.test.ts checks it):
 * - `view_daily`: views per day for the whole site (dimension "total", value "") and per
 *   value of each view dimension; unique visitors for the whole site and per page;
 * - `view_filter_daily`: view_daily's views of each dimension under each one-dimension
 *   filter, every pair of the six dimensions;
 * - `view_combination_daily` (migration 008): the views of each day's combination of the six
 *   values, what two filters or more read;
 * - `view_visitor_daily`: the visitor keys already counted per day and page ("" for the
 *   site). A visitor counts once: only the keys an insert actually adds (`on conflict do
 *   nothing returning`, SQLite ≥ 3.35 and PostgreSQL) add to view_daily's visitors, so the
 *   count holds across batches, processes and servers sharing one database.
 * A missing value (no campaign, no country) is stored as "".
 */
import type { Transaction } from "kysely";

import { chunked } from "../chunked";
import { DIMENSIONS } from "~/reports/dimensions";
import type {
  Database,
  ViewCombinationDailyTable,
  ViewDailyTable,
  ViewFilterDailyTable,
  ViewRecord,
} from "../schema";

import { VIEW_DIMENSIONS, VIEW_TOTAL, type ViewDimension } from "~/reports/view-dimensions";

/** view_visitor_daily's page of the whole site. */
const SITE_PAGE = "";

type DailyRow = ViewDailyTable;
type FilterRow = ViewFilterDailyTable;

const valueOf = (view: ViewRecord, dimension: ViewDimension) =>
  String(view[DIMENSIONS[dimension].column] ?? "");

/** Adds `views` (one by default) to a count kept under `key`, made by `make` the first time. */
function add<Row extends { views: number }>(
  counts: Map<string, Row>,
  key: string,
  make: () => Row,
  views = 1,
): void {
  const counted = counts.get(key);
  if (counted) counted.views += views;
  else counts.set(key, { ...make(), views });
}

/** Views of one day with the same value in each of the six dimensions. */
type Combination = { day: string; values: string[]; views: number };

/**
 * The batch's views counted per day and combination of their values: one key per view (this
 * runs on the server's thread), so the counts below cost per combination, not per view.
 */
function combinationsOf(batch: readonly ViewRecord[]): Combination[] {
  const combinations = new Map<string, Combination>();
  for (const view of batch) {
    const values = VIEW_DIMENSIONS.map((dimension) => valueOf(view, dimension));
    add(combinations, `${view.day}\u0000${values.join("\u0000")}`, () => ({
      day: view.day,
      values,
      views: 0,
    }));
  }
  return [...combinations.values()];
}

/** view_combination_daily's columns, in VIEW_DIMENSIONS' order (a Combination's values). */
const COMBINATION_COLUMNS = VIEW_DIMENSIONS.map(
  (dimension) => DIMENSIONS[dimension].column,
) as (keyof ViewCombinationDailyTable & keyof ViewRecord)[];

const combinationRow = ({ day, values, views }: Combination): ViewCombinationDailyTable => ({
  ...(Object.fromEntries(
    COMBINATION_COLUMNS.map((column, index) => [column, values[index]!]),
  ) as Omit<ViewCombinationDailyTable, "day" | "views">),
  day,
  views,
});

/** The views per day, for the site and per dimension and value (visitors: 0). */
function countViews(combinations: readonly Combination[]): DailyRow[] {
  const counts = new Map<string, DailyRow>();
  for (const { day, values, views } of combinations) {
    const make = (dimension: string, value: string) => () => ({
      day,
      dimension,
      value,
      views: 0,
      visitors: 0,
    });
    add(counts, `${day}\u0000${VIEW_TOTAL}`, make(VIEW_TOTAL, ""), views);
    for (const [index, dimension] of VIEW_DIMENSIONS.entries()) {
      const value = values[index]!;
      add(counts, `${day}\u0000${dimension}\u0000${value}`, make(dimension, value), views);
    }
  }
  return [...counts.values()];
}

/** The views under each one-dimension filter: each combination adds to its 36 pairs. */
function countViewsFiltered(combinations: readonly Combination[]): FilterRow[] {
  const counts = new Map<string, FilterRow>();
  for (const { day, values, views } of combinations) {
    for (const [at, filter] of VIEW_DIMENSIONS.entries()) {
      for (const [index, dimension] of VIEW_DIMENSIONS.entries()) {
        const key = `${day}\u0000${at}\u0000${values[at]}\u0000${index}\u0000${values[index]}`;
        const make = () => ({
          day,
          filter_dimension: filter,
          filter_value: values[at]!,
          dimension,
          value: values[index]!,
          views: 0,
        });
        add(counts, key, make, views);
      }
    }
  }
  return [...counts.values()];
}

/** The batch's distinct (day, page, visitor) keys, the site's ("" page) included. */
function visitorKeysOf(batch: readonly ViewRecord[]) {
  const keys = new Map<string, { day: string; page: string; visitor: string }>();
  for (const { day, page, visitor } of batch) {
    for (const counted of [SITE_PAGE, page]) {
      keys.set(`${day}\u0000${counted}\u0000${visitor}`, { day, page: counted, visitor });
    }
  }
  return [...keys.values()];
}

/** Adds a written batch to the daily counts (inside the batch's transaction). */
export async function addViewsToRollups(
  trx: Transaction<Database>,
  batch: readonly ViewRecord[],
): Promise<void> {
  // Visitors first: the keys this batch is the first to insert are its new visitors.
  const visitors = new Map<string, number>();
  // 500 rows × 3 values stay far below both databases' parameter limits.
  for (const part of chunked(visitorKeysOf(batch), 500)) {
    const added = await trx
      .insertInto("view_visitor_daily")
      .values(part)
      .onConflict((conflict) => conflict.columns(["day", "page", "visitor"]).doNothing())
      .returning(["day", "page"])
      .execute();
    for (const { day, page } of added) {
      const key = `${day}\u0000${page}`;
      visitors.set(key, (visitors.get(key) ?? 0) + 1);
    }
  }
  const combinations = combinationsOf(batch);
  const daily = countViews(combinations);
  for (const row of daily) {
    // Visitors are counted for the whole site and per page only.
    const page =
      row.dimension === VIEW_TOTAL ? SITE_PAGE : row.dimension === "page" ? row.value : null;
    if (page !== null) row.visitors = visitors.get(`${row.day}\u0000${page}`) ?? 0;
  }
  // 200 rows × 5 values.
  for (const part of chunked(daily, 200)) {
    await trx
      .insertInto("view_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(["day", "dimension", "value"]).doUpdateSet((eb) => ({
          views: eb("view_daily.views", "+", eb.ref("excluded.views")),
          visitors: eb("view_daily.visitors", "+", eb.ref("excluded.visitors")),
        })),
      )
      .execute();
  }
  // 500 rows × 8 values.
  for (const part of chunked(combinations, 500)) {
    await trx
      .insertInto("view_combination_daily")
      .values(part.map(combinationRow))
      .onConflict((conflict) =>
        conflict.columns(["day", ...COMBINATION_COLUMNS]).doUpdateSet((eb) => ({
          views: eb("view_combination_daily.views", "+", eb.ref("excluded.views")),
        })),
      )
      .execute();
  }
  // 500 rows × 6 values.
  for (const part of chunked(countViewsFiltered(combinations), 500)) {
    await trx
      .insertInto("view_filter_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict
          .columns(["filter_dimension", "filter_value", "day", "dimension", "value"])
          .doUpdateSet((eb) => ({
            views: eb("view_filter_daily.views", "+", eb.ref("excluded.views")),
          })),
      )
      .execute();
  }
}
