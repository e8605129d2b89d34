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
 * Unique visitors (of the site, and of each page) are exact without a filter and under a
 * page filter (view_daily's own rows); under any other filter they are the distinct prints
 * of the matching combinations (./visitors.ts), as a distinct count over the filter's
 * views would be past the dashboard's budget for a year (docs/dashboard.md).
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
import {
  printsFor,
  visitorsOfRead,
  visitorsPerPage,
  type Estimate,
  type PrintRow,
} from "./visitors";

type CombinationColumn = Exclude<keyof ViewCombinationDailyTable, "day" | "views" | "visitors">;

/**
 * A day's views and unique visitors; `visitorsVariance`, where present and not 0, is the
 * variance of a sampled count (./visitors.ts).
 */
export type ViewDay = { day: string; views: number; visitors: number; visitorsVariance?: number };

/** A value's views, and its unique visitors for a page (null for other dimensions). */
export type ViewCount = { views: number; visitors: number | null; visitorsVariance?: number };

/** Per view dimension, per value (null: the views had none), its views. */
export type ViewRankings = Record<ViewDimension, Map<string | null, ViewCount>>;

/** The views and unique visitors of a period (the sum of its days). */
export function sumViewDays(days: readonly ViewDay[]): Required<Omit<ViewDay, "day">> {
  return days.reduce<Required<Omit<ViewDay, "day">>>(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors + day.visitors,
      visitorsVariance: sum.visitorsVariance + (day.visitorsVariance ?? 0),
    }),
    { views: 0, visitors: 0, visitorsVariance: 0 },
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

  /** Per page, the unique visitors under `filters` (the sum of each day's prints). */
  const visitorsByPage = async (range: DayRange, filters: Filters, views: number) => {
    const { column, rate } = printsFor(views);
    const rows = await combinations(range, filters)
      .select(["day", "page", sql<string>`string_agg(${sql.ref(column)}, '')`.as("visitors")])
      .groupBy(["day", "page"])
      .execute();
    return visitorsPerPage(rows, rate);
  };

  /**
   * Per day, the unique visitors of a read of `views` views under `filters`, from the
   * combinations' prints (or from `sample`, the sample the read's counting scan brought).
   */
  const visitorsByDay = (
    range: DayRange,
    filters: Filters,
    views: number,
    sample?: readonly PrintRow[],
  ) =>
    visitorsOfRead(
      views,
      (column) =>
        combinations(range, filters)
          .select(["day", sql<string>`string_agg(${sql.ref(column)}, '')`.as("visitors")])
          .groupBy("day")
          .execute(),
      sample,
    );

  /** The total of some rows' views. */
  const viewsOf = (rows: readonly { views: number | string }[]) =>
    rows.reduce((sum, row) => sum + Number(row.views), 0);

  /** Puts each page's visitors into the page ranking's counts. */
  const withPageVisitors = (rankings: ViewRankings, visitors: Map<string, Estimate>) => {
    for (const [page, count] of rankings.page) {
      const estimate = visitors.get(page ?? "");
      rankings.page.set(page, {
        ...count,
        visitors: estimate?.count ?? 0,
        visitorsVariance: estimate?.variance ?? 0,
      });
    }
    return rankings;
  };

  /**
   * The views of each value under one filter; the pages' visitors from a page filter's own
   * row, or from the combinations' prints under another filter.
   */
  async function rankingsUnderFilter(
    range: DayRange,
    [filter, value]: [ViewDimension, string],
  ): Promise<ViewRankings> {
    const rows = await db
      .selectFrom("view_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .select((eb) => ["dimension", "value", eb.fn.sum<number>("views").as("views")])
      .groupBy(["dimension", "value"])
      .execute();
    const visitors =
      filter === "page"
        ? await daily(range)
            .where("dimension", "=", "page")
            .where("value", "=", value)
            .select((eb) => eb.fn.sum<number>("visitors").as("visitors"))
            .executeTakeFirst()
            .then((row) => new Map([[value, { count: Number(row?.visitors ?? 0), variance: 0 }]]))
        : await visitorsByPage(
            range,
            { [filter]: value },
            viewsOf(rows.filter((row) => row.dimension === filter)),
          );
    const rankings = emptyRankings();
    for (const row of rows) {
      rankings[row.dimension as ViewDimension]?.set(valueOf(row.value), {
        views: Number(row.views),
        visitors: null,
      });
    }
    return withPageVisitors(rankings, visitors);
  }

  /**
   * Every dimension's views from the filtered combinations, grouped by the values the
   * filters leave free (a filtered dimension holds its value only: its views are the total).
   */
  async function rankingsFromCombinations(
    range: DayRange,
    filters: Filters,
  ): Promise<ViewRankings> {
    const fixed = new Map(setViewFilters(filters));
    const free = VIEW_DIMENSIONS.filter((dimension) => !fixed.has(dimension));
    const columns = free.map(viewColumn) as CombinationColumn[];
    const query = combinations(range, filters).select((eb) => [
      ...columns,
      eb.fn.sum<number>("views").as("views"),
    ]);
    // Every dimension filtered: one sum, null without views (counted as 0).
    const rows = await (columns.length > 0 ? query.groupBy(columns) : query).execute();
    const rankings = emptyRankings();
    for (const row of rows as Record<string, string | number | null>[]) {
      for (const [index, dimension] of free.entries()) {
        const value = valueOf(row[columns[index]!] as string | null);
        const counts = rankings[dimension];
        counts.set(value, {
          views: (counts.get(value)?.views ?? 0) + Number(row.views),
          visitors: null,
        });
      }
    }
    const views = viewsOf(rows);
    if (views > 0) {
      for (const [dimension, value] of fixed)
        rankings[dimension].set(value, { views, visitors: null });
    }
    return withPageVisitors(rankings, await visitorsByPage(range, filters, views));
  }

  /** Days' views with the visitors estimated for each (0 for a day without any). */
  const withVisitors = (
    rows: readonly { day: string; views: number | string }[],
    visitors: Map<string, Estimate>,
  ) =>
    rows.map((row) => ({
      ...row,
      visitors: visitors.get(row.day)?.count ?? 0,
      visitorsVariance: visitors.get(row.day)?.variance ?? 0,
    }));

  /**
   * Per day under one filter: a page's row of view_daily, else view_filter_daily's views and
   * the combinations' prints.
   */
  async function daysUnderFilter(range: DayRange, [filter, value]: [ViewDimension, string]) {
    if (filter === "page") {
      return daily(range)
        .where("dimension", "=", "page")
        .where("value", "=", value)
        .select(["day", "views", "visitors"])
        .orderBy("day")
        .execute();
    }
    const rows = await db
      .selectFrom("view_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to)
      .where("dimension", "=", filter)
      .where("value", "=", value)
      .select(["day", "views"])
      .orderBy("day")
      .execute();
    return withVisitors(rows, await visitorsByDay(range, { [filter]: value }, viewsOf(rows)));
  }

  /**
   * Per day under two filters or more: the combinations' views and prints, the sample in
   * the same scan (what a large read counts; a small one then reads every print).
   */
  async function daysFromCombinations(range: DayRange, filters: Filters) {
    const rows = await combinations(range, filters)
      .select((eb) => [
        "day",
        eb.fn.sum<number>("views").as("views"),
        sql<string>`string_agg(sampled, '')`.as("sampled"),
      ])
      .groupBy("day")
      .orderBy("day")
      .execute();
    const visitors = await visitorsByDay(
      range,
      filters,
      viewsOf(rows),
      rows.map((row) => ({ day: row.day, visitors: row.sampled })),
    );
    return withVisitors(rows, visitors);
  }

  return {
    /**
     * Per day of a range with views: views and unique visitors. Null under a filter on a
     * link or a sub-id (not defined for views).
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
            : await daysFromCombinations(range, filters);
      return rows.map((row) => ({
        day: row.day,
        views: Number(row.views),
        visitors: Number(row.visitors),
        ...("visitorsVariance" in row ? { visitorsVariance: row.visitorsVariance } : {}),
      }));
    },

    /**
     * Every view dimension's values with their views (and the pages' unique visitors). Null
     * under a filter on a link or a sub-id.
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
