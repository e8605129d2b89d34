/**
 * What the marketer's reports read from the ledger: totals, clicks per day, and rankings
 * by link, page, campaign, source, sub-id, country and device, for a range of days and any
 * combination of filters, with or without bots. Unique visitors are counted per day (the
 * visitor key changes every day by design), so a period's uniques are the sum of its
 * days' uniques. Where they read: no filter, the daily counts (click_daily); one filter
 * other than a sub-id, the daily counts under that filter (click_filter_daily) for every
 * ranking but sub-ids; otherwise, and for the days, the clicks through the filter's
 * covering index (migration 004).
 */
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";

import { conversionReports } from "~/conversions/reports.server";
import { experimentReports } from "~/experiments/reports.server";
import { viewReports } from "~/views/reports.server";

import {
  DIMENSION_NAMES,
  DIMENSIONS,
  type DayRange,
  type Dimension,
  type Filters,
} from "./dimensions";
import { pagesById } from "./chunked";
import { FILTER_PAIRED } from "./rollup.server";
import type { Database } from "./types";

export type Totals = { humans: number; bots: number; uniques: number };
export type DayCount = { day: string; humans: number; bots: number };
export type DayFigures = DayCount & { uniques: number };
export type Ranked = { value: string | null; clicks: number };

/**
 * How the filtered rankings scan the clicks: once per group, grouped by the group's
 * columns together (a few hundred combinations), instead of once per dimension. Sub-ids
 * stand alone: a network may send one per click, and combined with the others they would
 * make as many groups as clicks.
 */
const RANKING_GROUPS: Dimension[][] = [
  DIMENSION_NAMES.filter((dimension) => dimension !== "subid"),
  ["subid"],
];

/** The rankings click_filter_daily does not hold, read from the clicks under a filter. */
const UNPAIRED: Dimension[][] = DIMENSION_NAMES.filter(
  (dimension) => !FILTER_PAIRED.includes(dimension),
).map((dimension) => [dimension]);

const emptyCounts = () =>
  Object.fromEntries(
    DIMENSION_NAMES.map((dimension) => [dimension, new Map<string | null, number>()]),
  ) as Record<Dimension, Map<string | null, number>>;

/** Puts the daily counts' sums per dimension and value into `counts` ("" read as null). */
function setSums(
  counts: Record<Dimension, Map<string | null, number>>,
  rows: readonly { dimension: string; value: string; clicks: number | string }[],
) {
  for (const row of rows) {
    counts[row.dimension as Dimension].set(row.value === "" ? null : row.value, Number(row.clicks));
  }
  return counts;
}

/** Most clicks first; ties by value in code-point order, a missing value last. */
function byClicksThenValue(a: Ranked, b: Ranked): number {
  if (a.clicks !== b.clicks) return b.clicks - a.clicks;
  if (a.value === b.value) return 0;
  if (a.value === null) return 1;
  if (b.value === null) return -1;
  return a.value < b.value ? -1 : 1;
}

/** A range's totals: the sum of its days. */
export function sumDays(days: readonly DayFigures[]): Totals {
  return days.reduce(
    (sum, day) => ({
      humans: sum.humans + day.humans,
      bots: sum.bots + day.bots,
      uniques: sum.uniques + day.uniques,
    }),
    { humans: 0, bots: 0, uniques: 0 },
  );
}

type Query = SelectQueryBuilder<Database, "clicks", object>;

function scoped(query: Query, range: DayRange, filters: Filters): Query {
  let scopedQuery = query.where("day", ">=", range.from).where("day", "<=", range.to);
  for (const [dimension, value] of Object.entries(filters) as [Dimension, string | undefined][]) {
    if (value === undefined) continue;
    scopedQuery = scopedQuery.where(DIMENSIONS[dimension].column, "=", value);
  }
  return scopedQuery;
}

const humans = (eb: ExpressionBuilder<Database, "clicks">) =>
  eb.fn.sum<number>(eb.case().when("is_bot", "=", 0).then(1).else(0).end());
const bots = (eb: ExpressionBuilder<Database, "clicks">) =>
  eb.fn.sum<number>(eb.case().when("is_bot", "=", 1).then(1).else(0).end());

const unfiltered = (filters: Filters) =>
  Object.values(filters).every((value) => value === undefined);

/** The view's one filter when click_filter_daily holds its counts, else null. */
function pairedFilter(filters: Filters): [Dimension, string] | null {
  const set = (Object.entries(filters) as [Dimension, string | undefined][]).filter(
    (entry): entry is [Dimension, string] => entry[1] !== undefined,
  );
  return set.length === 1 && FILTER_PAIRED.includes(set[0]![0]) ? set[0]! : null;
}

/** The reports, read through `db` (the ledger's reader: database.server.ts). */
export function reportQueries(db: Kysely<Database>) {
  const clicks = () => db.selectFrom("clicks");
  const dailyCounts = (range: DayRange) =>
    db.selectFrom("click_daily").where("day", ">=", range.from).where("day", "<=", range.to);

  /** Per day from the daily counts (no filter): one dimension's counts hold every click. */
  async function daysFromRollups(range: DayRange): Promise<DayFigures[]> {
    const [counted, visitors] = await Promise.all([
      dailyCounts(range)
        .where("dimension", "=", "device")
        .select((eb) => [
          "day",
          eb.fn
            .sum<number>(eb.case().when("is_bot", "=", 0).then(eb.ref("clicks")).else(0).end())
            .as("humans"),
          eb.fn
            .sum<number>(eb.case().when("is_bot", "=", 1).then(eb.ref("clicks")).else(0).end())
            .as("bots"),
        ])
        .groupBy("day")
        .orderBy("day")
        .execute(),
      db
        .selectFrom("visitor_daily")
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .select((eb) => ["day", eb.fn.countAll<number>().as("uniques")])
        .groupBy("day")
        .execute(),
    ]);
    const uniquesOf = new Map(visitors.map((row) => [row.day, Number(row.uniques)]));
    return counted.map((row) => ({
      day: row.day,
      humans: Number(row.humans),
      bots: Number(row.bots),
      uniques: uniquesOf.get(row.day) ?? 0,
    }));
  }

  /** Per day from the clicks themselves, in one scan of the filtered clicks. */
  async function daysFromClicks(range: DayRange, filters: Filters): Promise<DayFigures[]> {
    const rows = await scoped(clicks(), range, filters)
      .select((eb) => [
        "day",
        humans(eb).as("humans"),
        bots(eb).as("bots"),
        eb.fn
          .count<number>(eb.case().when("is_bot", "=", 0).then(eb.ref("visitor")).end())
          .distinct()
          .as("uniques"),
      ])
      .groupBy("day")
      .orderBy("day")
      .execute();
    return rows.map((row) => ({
      day: row.day,
      humans: Number(row.humans),
      bots: Number(row.bots),
      uniques: Number(row.uniques),
    }));
  }

  /** Every dimension's counts from the daily counts (no filter), in one query. */
  async function countsFromRollups(range: DayRange, includeBots: boolean) {
    let query = dailyCounts(range);
    if (!includeBots) query = query.where("is_bot", "=", 0);
    const rows = await query
      .select((eb) => ["dimension", "value", eb.fn.sum<number>("clicks").as("clicks")])
      .groupBy(["dimension", "value"])
      .execute();
    return setSums(emptyCounts(), rows);
  }

  /**
   * The counts under one filter from click_filter_daily (every dimension but sub-ids and
   * referrers), and those two from the clicks (read from the filter's covering index).
   */
  async function countsUnderFilter(
    range: DayRange,
    [filter, value]: [Dimension, string],
    includeBots: boolean,
  ) {
    let query = db
      .selectFrom("click_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);
    if (!includeBots) query = query.where("is_bot", "=", 0);
    const [rows, counts] = await Promise.all([
      query
        .select((eb) => ["dimension", "value", eb.fn.sum<number>("clicks").as("clicks")])
        .groupBy(["dimension", "value"])
        .execute(),
      countsFromClicks(range, { [filter]: value }, includeBots, UNPAIRED),
    ]);
    return setSums(counts, rows);
  }

  /**
   * Every dimension's counts from the filtered clicks: one scan per group of dimensions
   * (RANKING_GROUPS), each grouped by its columns together and added up per dimension here.
   */
  async function countsFromClicks(
    range: DayRange,
    filters: Filters,
    includeBots: boolean,
    groups = RANKING_GROUPS,
  ) {
    const counts = emptyCounts();
    await Promise.all(
      groups.map(async (group) => {
        let query = scoped(clicks(), range, filters);
        if (!includeBots) query = query.where("is_bot", "=", 0);
        const columns = group.map((dimension) => DIMENSIONS[dimension].column);
        const rows = await query
          .select((eb) => [...columns, eb.fn.countAll<number>().as("clicks")])
          .groupBy(columns)
          .execute();
        for (const row of rows as Record<string, string | number | null>[]) {
          for (const [index, dimension] of group.entries()) {
            const value = row[columns[index]!] as string | null;
            const map = counts[dimension];
            map.set(value, (map.get(value) ?? 0) + Number(row.clicks));
          }
        }
      }),
    );
    return counts;
  }

  return {
    /** The conversions' reports on the same reader (app/conversions/reports.server.ts). */
    conversions: conversionReports(db),

    /** The page views' reports on the same reader (app/views/reports.server.ts). */
    views: viewReports(db),

    /** The experiments' results per variant on the same reader (app/experiments). */
    experiments: experimentReports(db),

    /**
     * Per day of a range with clicks: people's clicks, bots' clicks and unique visitors
     * (people). Unfiltered, from the daily counts; filtered, from one scan of the clicks.
     */
    async days(range: DayRange, filters: Filters = {}): Promise<DayFigures[]> {
      return unfiltered(filters) ? daysFromRollups(range) : daysFromClicks(range, filters);
    },

    /**
     * The rankings by every dimension: values by clicks (people only unless `includeBots`),
     * most first, then by value; at most `limit` per dimension (all by default). A missing
     * value is null.
     */
    async rankings(
      range: DayRange,
      filters: Filters = {},
      { includeBots = false, limit = Number.POSITIVE_INFINITY } = {},
    ): Promise<Record<Dimension, Ranked[]>> {
      const paired = pairedFilter(filters);
      const counts = unfiltered(filters)
        ? await countsFromRollups(range, includeBots)
        : paired
          ? await countsUnderFilter(range, paired, includeBots)
          : await countsFromClicks(range, filters, includeBots);
      return Object.fromEntries(
        DIMENSION_NAMES.map((dimension) => [
          dimension,
          [...counts[dimension]]
            .map(([value, clicks]) => ({ value, clicks }))
            .sort(byClicksThenValue)
            .slice(0, limit),
        ]),
      ) as Record<Dimension, Ranked[]>;
    },

    /** Every click of a range, oldest first, in pages of `pageSize` (for exports). */
    rows(range: DayRange, filters: Filters = {}, pageSize = 5_000) {
      return pagesById((after) =>
        scoped(clicks(), range, filters)
          .selectAll()
          .where("id", ">", after)
          .orderBy("id")
          .limit(pageSize)
          .execute(),
      );
    },
  };
}

export type ReportQueries = ReturnType<typeof reportQueries>;
