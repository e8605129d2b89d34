/**
 * What the marketer's reports read about page views (migration 005): views and unique
 * visitors per day, and views per value of each view dimension (page, campaign, source,
 * referrer, country, device), with the unique visitors of each page. Unique visitors are
 * counted per day (the key changes daily, as for clicks), so a period's are the sum of its
 * days'. Where they read:
 * - no filter: the daily counts (view_daily);
 * - one filter: the rankings' views from the daily counts under that filter
 *   (view_filter_daily); the days and the pages' visitors from the filter's covering index
 *   (`views_<column>_cover`: column, day, page, visitor), never the table;
 * - two filters or more: the views themselves, through one filter's covering index;
 * - a filter on a link or a sub-id: nothing (null): a view has no link, so views "of a
 *   link" are not defined, and the dashboard says so.
 */
import type { Kysely } from "kysely";

import type { DayRange, Filters } from "~/clicks/dimensions";
import type { Database } from "~/clicks/types";

import {
  VIEW_DIMENSIONS,
  viewColumn,
  viewsDefinedUnder,
  type ViewDimension,
} from "./view-dimensions";

export type ViewDay = { day: string; views: number; visitors: number };

/** A value's views, and its unique visitors where they are counted (pages); else null. */
export type ViewCount = { views: number; visitors: number | null };

/** Per view dimension, per value (null: the views had none), its views. */
export type ViewRankings = Record<ViewDimension, Map<string | null, ViewCount>>;

/** The views of a period (the sum of its days). */
export function sumViewDays(days: readonly ViewDay[]): { views: number; visitors: number } {
  return days.reduce(
    (sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }),
    { views: 0, visitors: 0 },
  );
}

const emptyRankings = () =>
  Object.fromEntries(
    VIEW_DIMENSIONS.map((dimension) => [dimension, new Map<string | null, ViewCount>()]),
  ) as ViewRankings;

/** The filters that are set, as [dimension, value] (only view dimensions get here). */
const setFilters = (filters: Filters) =>
  (Object.entries(filters) as [ViewDimension, string | undefined][]).filter(
    (entry): entry is [ViewDimension, string] => entry[1] !== undefined,
  );

const valueOf = (stored: string | null) => (stored === "" ? null : stored);

/** The view reports, read through `db` (the ledger's reader: database.server.ts). */
export function viewReports(db: Kysely<Database>) {
  const scoped = (range: DayRange, filters: Filters) => {
    let query = db.selectFrom("views").where("day", ">=", range.from).where("day", "<=", range.to);
    for (const [dimension, value] of setFilters(filters)) {
      query = query.where(viewColumn(dimension), "=", value);
    }
    return query;
  };
  const daily = (range: DayRange) =>
    db.selectFrom("view_daily").where("day", ">=", range.from).where("day", "<=", range.to);

  /** Each page's visitors under `filters`: distinct keys per day and page, summed. */
  async function pageVisitors(range: DayRange, filters: Filters) {
    const perDay = scoped(range, filters)
      .select((eb) => ["page", eb.fn.count<number>("visitor").distinct().as("visitors")])
      .groupBy(["day", "page"])
      .as("per_day");
    const rows = await db
      .selectFrom(perDay)
      .select((eb) => ["page", eb.fn.sum<number>("visitors").as("visitors")])
      .groupBy("page")
      .execute();
    return new Map(rows.map((row) => [row.page, Number(row.visitors)]));
  }

  async function rankingsFromRollups(range: DayRange): Promise<ViewRankings> {
    const rows = await daily(range)
      .where("dimension", "!=", "total")
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

  async function rankingsUnderFilter(
    range: DayRange,
    [filter, value]: [ViewDimension, string],
  ): Promise<ViewRankings> {
    const [rows, visitors] = await Promise.all([
      db
        .selectFrom("view_filter_daily")
        .where("filter_dimension", "=", filter)
        .where("filter_value", "=", value)
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .select((eb) => ["dimension", "value", eb.fn.sum<number>("views").as("views")])
        .groupBy(["dimension", "value"])
        .execute(),
      pageVisitors(range, { [filter]: value }),
    ]);
    const rankings = emptyRankings();
    for (const row of rows) {
      rankings[row.dimension as ViewDimension]?.set(valueOf(row.value), {
        views: Number(row.views),
        visitors: row.dimension === "page" ? (visitors.get(row.value) ?? 0) : null,
      });
    }
    return rankings;
  }

  /** Every dimension's views from the filtered views, in one scan grouped by all six. */
  async function rankingsFromViews(range: DayRange, filters: Filters): Promise<ViewRankings> {
    const columns = VIEW_DIMENSIONS.map(viewColumn);
    const [rows, visitors] = await Promise.all([
      scoped(range, filters)
        .select((eb) => [...columns, eb.fn.countAll<number>().as("views")])
        .groupBy(columns)
        .execute(),
      pageVisitors(range, filters),
    ]);
    const rankings = emptyRankings();
    for (const row of rows as Record<string, string | number | null>[]) {
      for (const [index, dimension] of VIEW_DIMENSIONS.entries()) {
        const value = valueOf(row[columns[index]!] as string | null);
        const counts = rankings[dimension];
        const views = (counts.get(value)?.views ?? 0) + Number(row.views);
        counts.set(value, {
          views,
          visitors: dimension === "page" ? (visitors.get(value as string) ?? 0) : null,
        });
      }
    }
    return rankings;
  }

  return {
    /**
     * Per day of a range with views: views and unique visitors. Null under a filter on a
     * link or a sub-id (not defined for views).
     */
    async days(range: DayRange, filters: Filters = {}): Promise<ViewDay[] | null> {
      if (!viewsDefinedUnder(filters)) return null;
      const rows =
        setFilters(filters).length === 0
          ? await daily(range)
              .where("dimension", "=", "total")
              .select(["day", "views", "visitors"])
              .orderBy("day")
              .execute()
          : await scoped(range, filters)
              .select((eb) => [
                "day",
                eb.fn.countAll<number>().as("views"),
                eb.fn.count<number>("visitor").distinct().as("visitors"),
              ])
              .groupBy("day")
              .orderBy("day")
              .execute();
      return rows.map((row) => ({
        day: row.day,
        views: Number(row.views),
        visitors: Number(row.visitors),
      }));
    },

    /**
     * Every view dimension's values with their views (and the pages' unique visitors).
     * Null under a filter on a link or a sub-id.
     */
    async rankings(range: DayRange, filters: Filters = {}): Promise<ViewRankings | null> {
      if (!viewsDefinedUnder(filters)) return null;
      const set = setFilters(filters);
      if (set.length === 0) return rankingsFromRollups(range);
      if (set.length === 1) return rankingsUnderFilter(range, set[0]!);
      return rankingsFromViews(range, filters);
    },
  };
}

export type ViewReports = ReturnType<typeof viewReports>;
