/**
 * What the marketer's reports read about page views (migration 005): views and unique
 * visitors per day, and views per value of each view dimension (page, campaign, source,
 * referrer, country, device), with the unique visitors of each page. Unique visitors are
 * counted per day (the key changes daily, as for clicks), so a period's are the sum of its
 * days'. Where they read:
 * - no filter: the daily counts (view_daily);
 * - one filter: the daily counts under that filter (view_filter_daily), and for a page
 *   filter that page's own row of view_daily (its views and visitors);
 * - two filters or more: the day's combinations of values (view_combination_daily,
 *   migration 008), summed: as many rows as combinations, however many views they count
 *   (reading the views themselves is too slow at scale: docs/scaling.md);
 * - a filter on a link or a sub-id: nothing (null): a view has no link, so views "of a
 *   link" are not defined, and the dashboard says so.
 * Unique visitors are known without a filter and under a page filter only (null
 * elsewhere): under any other filter they would need a distinct count over the filter's
 * views, past the dashboard's budget for a year (docs/dashboard.md); the daily counts hold views under a filter, not visitors.
 */
import { sql, type Kysely } from "kysely";

import { setFilters, type DayRange, type Filters } from "~/ledger/dimensions";
import { VIEWS } from "~/ledger/rollups/families";
import type { Database, ViewCombinationDailyTable } from "~/ledger/schema";

import {
  VIEW_DIMENSIONS,
  viewColumn,
  viewsDefinedUnder,
  VIEW_TOTAL,
  type ViewDimension,
} from "~/ledger/view-dimensions";

import { sourceOf } from "./table-decider";

type CombinationColumn = Exclude<keyof ViewCombinationDailyTable, "day" | "views">;

/** A day's views and unique visitors (null where a filter leaves them uncounted). */
export type ViewDay = { day: string; views: number; visitors: number | null };

/**
 * A value's views, and its unique visitors where they are counted (pages, without a filter
 * or under a page filter); else null.
 */
export type ViewCount = { views: number; visitors: number | null };

/** Per view dimension, per value (null: the views had none), its views. */
export type ViewRankings = Record<ViewDimension, Map<string | null, ViewCount>>;

/** The views of a period (the sum of its days); visitors null when a day has none counted. */
export function sumViewDays(days: readonly ViewDay[]): {
  views: number;
  visitors: number | null;
} {
  return days.reduce<{ views: number; visitors: number | null }>(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors === null || day.visitors === null ? null : sum.visitors + day.visitors,
    }),
    { views: 0, visitors: 0 },
  );
}

const emptyRankings = () =>
  Object.fromEntries(
    VIEW_DIMENSIONS.map((dimension) => [dimension, new Map<string | null, ViewCount>()]),
  ) as ViewRankings;

/** The filters that are set, as [dimension, value] (only view dimensions get here). */
const setViewFilters = (filters: Filters) => setFilters(filters) as [ViewDimension, string][];

const valueOf = (stored: string | null) => (stored === "" ? null : stored);

/** The view reports, read through `db` (the ledger's reader: database.server.ts). */
export function viewReports(db: Kysely<Database>) {
  /** The combinations of the range under every filter set (a filter's value is never ""). */
  const combinations = (range: DayRange, filters: Filters) => {
    let query = db
      .selectFrom("view_combination_daily")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);
    for (const [dimension, value] of setViewFilters(filters)) {
      query = query.where(viewColumn(dimension) as CombinationColumn, "=", value);
    }
    return query;
  };
  const daily = (range: DayRange) =>
    db.selectFrom("view_daily").where("day", ">=", range.from).where("day", "<=", range.to);

  async function rankingsFromRollups(range: DayRange): Promise<ViewRankings> {
    const rows = await daily(range)
      .where("dimension", "!=", VIEW_TOTAL)
      .select((eb) => [
        "dimension",
        "value",
        eb.fn.sum<number>("views").as("views"),
        eb.fn.sum<number>("visitors").as("visitors"),
      ])
      .groupBy(["dimension", "value"])
      .execute();
    const rankings = emptyRankings();
    for (const row of rows) {
      const counts = rankings[row.dimension as ViewDimension];
      counts?.set(valueOf(row.value), {
        views: Number(row.views),
        visitors: row.dimension === "page" ? Number(row.visitors) : null,
      });
    }
    return rankings;
  }

  /** The views of each value under one filter; a page filter's visitors from its own row. */
  async function rankingsUnderFilter(
    range: DayRange,
    [filter, value]: [ViewDimension, string],
  ): Promise<ViewRankings> {
    const [rows, pageRow] = await Promise.all([
      db
        .selectFrom("view_filter_daily")
        .where("filter_dimension", "=", filter)
        .where("filter_value", "=", value)
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .select((eb) => ["dimension", "value", eb.fn.sum<number>("views").as("views")])
        .groupBy(["dimension", "value"])
        .execute(),
      filter === "page"
        ? daily(range)
            .where("dimension", "=", "page")
            .where("value", "=", value)
            .select((eb) => eb.fn.sum<number>("visitors").as("visitors"))
            .executeTakeFirst()
        : undefined,
    ]);
    const rankings = emptyRankings();
    for (const row of rows) {
      const visitors =
        row.dimension === "page" && pageRow && row.value === value
          ? Number(pageRow.visitors ?? 0)
          : null;
      rankings[row.dimension as ViewDimension]?.set(valueOf(row.value), {
        views: Number(row.views),
        visitors,
      });
    }
    return rankings;
  }

  /** Every dimension's views from the filtered combinations, grouped by all six values. */
  async function rankingsFromCombinations(
    range: DayRange,
    filters: Filters,
  ): Promise<ViewRankings> {
    const columns = VIEW_DIMENSIONS.map(viewColumn) as CombinationColumn[];
    const rows = await combinations(range, filters)
      .select((eb) => [...columns, eb.fn.sum<number>("views").as("views")])
      .groupBy(columns)
      .execute();
    const rankings = emptyRankings();
    for (const row of rows as Record<string, string | number | null>[]) {
      for (const [index, dimension] of VIEW_DIMENSIONS.entries()) {
        const value = valueOf(row[columns[index]!] as string | null);
        const counts = rankings[dimension];
        counts.set(value, {
          views: (counts.get(value)?.views ?? 0) + Number(row.views),
          visitors: null,
        });
      }
    }
    return rankings;
  }

  /** Per day under one filter: a page's row of view_daily, else view_filter_daily's. */
  async function daysUnderFilter(range: DayRange, [filter, value]: [ViewDimension, string]) {
    if (filter === "page") {
      return daily(range)
        .where("dimension", "=", "page")
        .where("value", "=", value)
        .select(["day", "views", "visitors"])
        .orderBy("day")
        .execute();
    }
    return db
      .selectFrom("view_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .where("dimension", "=", filter)
      .where("value", "=", value)
      .select(["day", "views", sql<number | null>`null`.as("visitors")])
      .orderBy("day")
      .execute();
  }

  return {
    /**
     * Per day of a range with views: views and unique visitors (null under a filter other
     * than one page). Null under a filter on a link or a sub-id (not defined for views).
     */
    async days(range: DayRange, filters: Filters = {}): Promise<ViewDay[] | null> {
      if (!viewsDefinedUnder(filters)) return null;
      const source = sourceOf(VIEWS, filters);
      const rows =
        source.from === "rollups"
          ? await daily(range)
              .where("dimension", "=", VIEW_TOTAL)
              .select(["day", "views", "visitors"])
              .orderBy("day")
              .execute()
          : source.from === "filtered"
            ? await daysUnderFilter(range, source.filter as [ViewDimension, string])
            : await combinations(range, filters)
                .select((eb) => [
                  "day",
                  eb.fn.sum<number>("views").as("views"),
                  sql<number | null>`null`.as("visitors"),
                ])
                .groupBy("day")
                .orderBy("day")
                .execute();
      return rows.map((row) => ({
        day: row.day,
        views: Number(row.views),
        visitors: row.visitors === null ? null : Number(row.visitors),
      }));
    },

    /**
     * Every view dimension's values with their views (and the pages' unique visitors,
     * without a filter or for the filter's page). Null under a filter on a link or a sub-id.
     */
    async rankings(range: DayRange, filters: Filters = {}): Promise<ViewRankings | null> {
      if (!viewsDefinedUnder(filters)) return null;
      const source = sourceOf(VIEWS, filters);
      if (source.from === "rollups") return rankingsFromRollups(range);
      if (source.from === "filtered") {
        return rankingsUnderFilter(range, source.filter as [ViewDimension, string]);
      }
      return rankingsFromCombinations(range, filters);
    },
  };
}

export type ViewReports = ReturnType<typeof viewReports>;
