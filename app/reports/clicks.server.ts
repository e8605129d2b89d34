/**
 * What the marketer's reports read from the ledger: totals, clicks per day, and rankings
 * by link, page, campaign, source, referrer, sub-id, country and device, for a range of
 * days and any combination of filters, with or without bots. Where they read (docs/
 * scaling.md has the sizes that decided it):
 * - no filter: the daily counts (click_daily), and unique visitors from visitor_daily;
 * - one filter, not a sub-id: the daily counts under that filter (click_filter_daily);
 * - two filters or more, none a sub-id: the day's combinations (click_offer_combination_daily,
 *   migration 009), summed;
 * - a sub-id filter, and the sub-id ranking under any filter: the clicks, through the
 *   filter column's index (the sub-id's covering index, or a (column, day) one: migration
 *   024): sub-ids are in no daily count but click_daily (a network may send one per
 *   click), so the dashboard asks for that ranking on demand (`subids`, subidsScanned).
 * Unique visitors (people) are counted per day (the visitor key changes every day by
 * design), so a period's are the sum of its days': without a filter from visitor_daily;
 * under filters without a sub-id from the prints the combinations keep (./visitors.ts: a
 * distinct count over every matching click was past the dashboard's budget for a year,
 * docs/scaling.md); under a sub-id exactly, from the clicks the filter reads anyway.
 */
import { sql, type Kysely, type SelectQueryBuilder } from "kysely";

import { conversionReports } from "./conversions.server";
import { experimentReports } from "./experiments.server";
import { liveReports } from "./live.server";
import { viewReports } from "./views.server";

import {
  DIMENSION_NAMES,
  DIMENSIONS,
  setFilters,
  type DayRange,
  type Dimension,
  type Filters,
} from "~/ledger/dimensions";
import { pagesById } from "~/ledger/chunked";
import { CLICKS, columnOf } from "~/ledger/rollups/families";
import { BOT, FLAG_NAMES, FLAGS, type Flag } from "~/ledger/click-kinds";

import { peopleWhere } from "./people-where";
import { sourceOf, type Source } from "./table-decider";
import { visitorsOfRead } from "./visitors";
import type { ClickCombinationDailyTable, Database } from "~/ledger/schema";

/** click_offer_combination_daily's columns of the paired dimensions. */
type CombinationColumn = Exclude<
  keyof ClickCombinationDailyTable,
  "day" | "is_bot" | "clicks" | "visitors"
>;

/**
 * A period's clicks and unique visitors (people); `uniquesVariance`, where present and not
 * 0, is the variance of a sampled count (./visitors.ts).
 */
export type Totals = {
  humans: number;
  bots: number;
  /**
   * Clicks flagged as likely not a person's, per flag (app/ledger/click-kinds.ts), whether
   * `humans` includes them or not.
   */
  flagged: FlagCounts;
  uniques: number;
  uniquesVariance?: number;
};
export type FlagCounts = Record<Flag, number>;
export type DayCount = { day: string; humans: number; bots: number; flagged: FlagCounts };
export type DayFigures = DayCount & { uniques: number; uniquesVariance?: number };
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

/** The sub-id ranking alone: what no daily count holds under a filter. */
const SUBIDS: Dimension[][] = [["subid"]];

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

/**
 * Adds rows grouped by several dimensions' columns together (each with its `clicks`) to
 * every one of those dimensions' counts, each value read by `valueOf`.
 */
function addGrouped(
  counts: Record<Dimension, Map<string | null, number>>,
  dimensions: readonly Dimension[],
  rows: readonly object[],
  valueOf: (value: string | null) => string | null,
) {
  for (const row of rows as Record<string, string | number | null>[]) {
    for (const dimension of dimensions) {
      const value = valueOf(row[DIMENSIONS[dimension].column] as string | null);
      const map = counts[dimension];
      map.set(value, (map.get(value) ?? 0) + Number(row.clicks));
    }
  }
}

/** Most clicks first; ties by value in code-point order, a missing value last. */
function byClicksThenValue(a: Ranked, b: Ranked): number {
  if (a.clicks !== b.clicks) return b.clicks - a.clicks;
  if (a.value === b.value) return 0;
  if (a.value === null) return 1;
  if (b.value === null) return -1;
  return a.value < b.value ? -1 : 1;
}

/** A count per flag, each from `of`. */
export const flagCounts = (of: (flag: Flag) => number): FlagCounts =>
  Object.fromEntries(FLAG_NAMES.map((flag) => [flag, of(flag)])) as FlagCounts;

/** A range's totals: the sum of its days. */
export function sumDays(days: readonly DayFigures[]): Totals {
  return days.reduce<Totals>(
    (sum, day) => ({
      humans: sum.humans + day.humans,
      bots: sum.bots + day.bots,
      flagged: flagCounts((flag) => sum.flagged[flag] + day.flagged[flag]),
      uniques: sum.uniques + day.uniques,
      uniquesVariance: (sum.uniquesVariance ?? 0) + (day.uniquesVariance ?? 0),
    }),
    { humans: 0, bots: 0, flagged: flagCounts(() => 0), uniques: 0, uniquesVariance: 0 },
  );
}

type Query = SelectQueryBuilder<Database, "clicks", object>;

/** Which clicks a ranking counts: people's always, bots' and flagged ones when asked. */
type Kinds = { includeBots: boolean; includeFlagged: boolean };
const kept = (kinds: Kinds) =>
  kinds.includeBots ? sql<boolean>`1 = 1` : peopleWhere(kinds.includeFlagged);

function scoped(query: Query, range: DayRange, filters: Filters): Query {
  let scopedQuery = query.where("day", ">=", range.from).where("day", "<=", range.to);
  for (const [dimension, value] of setFilters(filters)) {
    scopedQuery = scopedQuery.where(DIMENSIONS[dimension].column, "=", value);
  }
  return scopedQuery;
}

/**
 * People's and bots' clicks, and each flag's, per row of the clicks (`measure` 1) or summed
 * from a table of daily counts (`measure` its `clicks` column): one read gives the day's
 * figures and what was flagged.
 */
function perKind(includeFlagged: boolean, measure: "1" | "clicks") {
  const counted = sql.raw(measure);
  const of = (kind: number) =>
    sql<number>`sum(case when is_bot = ${sql.lit(kind)} then ${counted} else 0 end)`;
  return [
    sql<number>`sum(case when ${peopleWhere(includeFlagged)} then ${counted} else 0 end)`.as(
      "humans",
    ),
    of(BOT).as("bots"),
    ...FLAG_NAMES.map((flag) => of(FLAGS[flag]).as(flag)),
  ] as const;
}

/** A row's count per flag (perKind's columns named by the flags). */
const flaggedOf = (row: object): FlagCounts =>
  flagCounts((flag) => Number((row as Record<string, unknown>)[flag] ?? 0));

/**
 * Whether the sub-id ranking under `filters` reads the clicks (and the conversions): where
 * everything else reads daily counts under filters. No daily count pairs sub-ids with other
 * values (one per click at worst), so the dashboard asks for it on demand only.
 */
export function subidsScanned(filters: Filters): boolean {
  const { from } = sourceOf(CLICKS, filters);
  return from === "filtered" || from === "combinations";
}

type CountedDay = {
  day: string;
  humans: number | string | null;
  bots: number | string | null;
  uniques?: number | string | null;
  uniquesVariance?: number;
};

/** Rows of people's and bots' clicks and unique visitors per day, as numbers. */
const figuresOf = (rows: readonly CountedDay[]): DayFigures[] =>
  rows.map((row) => ({
    day: row.day,
    humans: Number(row.humans ?? 0),
    bots: Number(row.bots ?? 0),
    flagged: flaggedOf(row),
    uniques: Number(row.uniques ?? 0),
    uniquesVariance: row.uniquesVariance ?? 0,
  }));

/** The reports, read through `db` (the ledger's reader: database.server.ts). */
export function reportQueries(db: Kysely<Database>) {
  const clicks = () => db.selectFrom("clicks");
  const dailyCounts = (range: DayRange) =>
    db.selectFrom("click_daily").where("day", ">=", range.from).where("day", "<=", range.to);

  /** The range's combinations under every filter set (a filter's value is never ""). */
  const combinations = (range: DayRange, filters: Filters) => {
    let query = db
      .selectFrom("click_offer_combination_daily")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);
    for (const [dimension, value] of setFilters(filters)) {
      query = query.where(DIMENSIONS[dimension].column as CombinationColumn, "=", value);
    }
    return query;
  };

  /** The range's daily counts under one filter. */
  const underFilter = (range: DayRange, [filter, value]: [Dimension, string]) =>
    db
      .selectFrom("click_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);

  /** Per day from the daily counts (no filter): one dimension's counts hold every click. */
  async function daysFromRollups(range: DayRange, includeFlagged: boolean): Promise<DayFigures[]> {
    const [counted, visitors] = await Promise.all([
      dailyCounts(range)
        .where("dimension", "=", "device")
        .select(["day", ...perKind(includeFlagged, "clicks")])
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
      flagged: flaggedOf(row),
      uniques: uniquesOf.get(row.day) ?? 0,
      uniquesVariance: 0,
    }));
  }

  /**
   * Per day under filters, from the daily counts under one filter or the combinations; the
   * unique visitors from the combinations' prints.
   */
  async function daysFromCounts(
    range: DayRange,
    filters: Filters,
    source: Source,
    includeFlagged: boolean,
  ): Promise<DayFigures[]> {
    const perDay = ["day", ...perKind(includeFlagged, "clicks")] as const;
    // The combinations' scan also brings the sample of prints, what a large read counts:
    // a small one then reads every print (a second, short scan).
    const sampled = sql<string>`string_agg(case when is_bot = 0 then sampled end, '')`;
    const rows: { day: string; humans: number; bots: number; sampled?: string | null }[] =
      await (source.from === "filtered"
        ? underFilter(range, source.filter)
            .where("dimension", "=", source.filter[0])
            .where("value", "=", source.filter[1])
            .select(perDay)
            .groupBy("day")
            .orderBy("day")
            .execute()
        : combinations(range, filters)
            .select([...perDay, sampled.as("sampled")])
            .groupBy("day")
            .orderBy("day")
            .execute());
    // As many prints as people's clicks at most: the sample past EXACT_UP_TO of them.
    const uniques = await visitorsOfRead(
      rows.reduce((sum, row) => sum + Number(row.humans), 0),
      (column) =>
        combinations(range, filters)
          .where("is_bot", "=", 0)
          .select(["day", sql<string>`string_agg(${sql.ref(column)}, '')`.as("visitors")])
          .groupBy("day")
          .execute(),
      source.from === "combinations"
        ? rows.map((row) => ({ day: row.day, visitors: row.sampled ?? "" }))
        : undefined,
    );
    return figuresOf(
      rows.map((row) => ({
        ...row,
        uniques: uniques.get(row.day)?.count ?? 0,
        uniquesVariance: uniques.get(row.day)?.variance ?? 0,
      })),
    );
  }

  /** Per day from the clicks themselves (a sub-id filter), in one scan of them. */
  async function daysFromClicks(
    range: DayRange,
    filters: Filters,
    includeFlagged: boolean,
  ): Promise<DayFigures[]> {
    const rows = await scoped(clicks(), range, filters)
      .select([
        "day",
        ...perKind(includeFlagged, "1"),
        sql<number>`count(distinct case when is_bot = 0 then visitor end)`.as("uniques"),
      ])
      .groupBy("day")
      .orderBy("day")
      .execute();
    return figuresOf(rows);
  }

  /** Every dimension's counts from the daily counts (no filter), in one query. */
  async function countsFromRollups(range: DayRange, kinds: Kinds) {
    const rows = await dailyCounts(range)
      .where(kept(kinds))
      .select((eb) => ["dimension", "value", eb.fn.sum<number>("clicks").as("clicks")])
      .groupBy(["dimension", "value"])
      .execute();
    return setSums(emptyCounts(), rows);
  }

  /**
   * The counts under one filter from click_filter_daily, and the sub-ids' from the clicks
   * (none unless `subids`).
   */
  async function countsUnderFilter(
    range: DayRange,
    filter: [Dimension, string],
    kinds: Kinds,
    subids: boolean,
  ) {
    const filters = { [filter[0]]: filter[1] };
    const [rows, counts] = await Promise.all([
      underFilter(range, filter)
        .where(kept(kinds))
        .select((eb) => ["dimension", "value", eb.fn.sum<number>("clicks").as("clicks")])
        .groupBy(["dimension", "value"])
        .execute(),
      countsFromClicks(range, filters, kinds, subids ? SUBIDS : []),
    ]);
    return setSums(counts, rows);
  }

  /**
   * The counts from the filtered combinations, grouped by their seven columns together and
   * added up per dimension here, and the sub-ids' from the clicks (none unless `subids`).
   */
  async function countsFromCombinations(
    range: DayRange,
    filters: Filters,
    kinds: Kinds,
    subids: boolean,
  ) {
    // Grouped by the values the filters leave free: a filtered dimension holds its value
    // only, with every click of the read.
    const fixed = new Map(setFilters(filters));
    const free = CLICKS.paired.filter((dimension) => !fixed.has(dimension));
    const columns = free.map(columnOf) as CombinationColumn[];
    const query = combinations(range, filters)
      .where(kept(kinds))
      .select((eb) => [...columns, eb.fn.sum<number>("clicks").as("clicks")]);
    // Every dimension filtered: one sum, null without clicks (counted as 0).
    const [rows, counts] = await Promise.all([
      (columns.length > 0 ? query.groupBy(columns) : query).execute(),
      countsFromClicks(range, filters, kinds, subids ? SUBIDS : []),
    ]);
    // A daily count stores a missing value as "".
    addGrouped(counts, free, rows, (stored) => (stored === "" ? null : stored));
    const clicks = rows.reduce((sum, row) => sum + Number(row.clicks), 0);
    for (const [dimension, value] of clicks > 0 ? fixed : []) {
      counts[dimension].set(value, (counts[dimension].get(value) ?? 0) + clicks);
    }
    return counts;
  }

  /**
   * Every dimension's counts (or `groups`' only) from the filtered clicks: one scan per
   * group of dimensions, each grouped by its columns together and added up per dimension.
   */
  async function countsFromClicks(
    range: DayRange,
    filters: Filters,
    kinds: Kinds,
    groups = RANKING_GROUPS,
  ) {
    const counts = emptyCounts();
    await Promise.all(
      groups.map(async (group) => {
        const columns = group.map((dimension) => DIMENSIONS[dimension].column);
        const rows = await scoped(clicks(), range, filters)
          .where(kept(kinds))
          .select((eb) => [...columns, eb.fn.countAll<number>().as("clicks")])
          .groupBy(columns)
          .execute();
        addGrouped(counts, group, rows, (value) => value);
      }),
    );
    return counts;
  }

  return {
    /** The conversions' reports on the same reader (app/reports/conversions.server.ts). */
    conversions: conversionReports(db),

    /** The page views' reports on the same reader (app/reports/views.server.ts). */
    views: viewReports(db),

    /** The experiments' results per variant on the same reader (app/experiments). */
    experiments: experimentReports(db),

    /** The last 30 minutes (the Ahora block), cached per instance (./live.server.ts). */
    live: liveReports(db),

    /**
     * Per day of a range with clicks: people's clicks (flagged ones too with
     * `includeFlagged`), bots' clicks, each flag's clicks and unique visitors (people). Read
     * where sourceOf says.
     */
    async days(
      range: DayRange,
      filters: Filters = {},
      { includeFlagged = false } = {},
    ): Promise<DayFigures[]> {
      const source = sourceOf(CLICKS, filters);
      if (source.from === "rollups") return daysFromRollups(range, includeFlagged);
      if (source.from === "facts") return daysFromClicks(range, filters, includeFlagged);
      return daysFromCounts(range, filters, source, includeFlagged);
    },

    /**
     * The rankings by every dimension: values by clicks (people only unless `includeBots`;
     * flagged clicks only with `includeFlagged`),
     * most first, then by value; at most `limit` per dimension (all by default). A missing
     * value is null. With `subids: false`, the sub-id ranking is left empty where it would
     * read the clicks (under a filter other than a sub-id: subidsScanned).
     */
    async rankings(
      range: DayRange,
      filters: Filters = {},
      {
        includeBots = false,
        includeFlagged = false,
        limit = Number.POSITIVE_INFINITY,
        subids = true,
      } = {},
    ): Promise<Record<Dimension, Ranked[]>> {
      const kinds = { includeBots, includeFlagged };
      const source = sourceOf(CLICKS, filters);
      const counts =
        source.from === "rollups"
          ? await countsFromRollups(range, kinds)
          : source.from === "filtered"
            ? await countsUnderFilter(range, source.filter, kinds, subids)
            : source.from === "combinations"
              ? await countsFromCombinations(range, filters, kinds, subids)
              : await countsFromClicks(range, filters, kinds);
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
