/**
 * What each event family keeps beside its facts, declared once. One declaration names the
 * fact table, the columns a count is kept apart by (people and bots; event and currency),
 * what a row adds up, the dimensions, and the daily tables:
 * - `daily`: per day, dimension and value (`click_daily`, `view_daily`, `conversion_daily`);
 * - `filter`: the same under each one-dimension filter, every pair of `paired`;
 * - `combination` (optional): per day and combination of every `paired` value, what two
 *   filters or more read; with `visitors`, each row also keeps its visitors' prints
 *   (app/ledger/visitor-prints.ts), the unique visitors under any filter;
 * - `visitors` (optional): the day's distinct visitor keys.
 * A family's batch is counted in its own transaction, or, with `countedLater`, by the next.
 * The batch counter and upsert (./rollup.server.ts), the SQL rebuild (./rebuild.server.ts),
 * retention and the reports' choice of table (app/reports/table-decider.ts) all read these,
 * so a new dimension is one entry in DIMENSIONS and one migration.
 */
import { DIMENSION_NAMES, DIMENSIONS, type Dimension } from "../dimensions";
import type { Database } from "../schema";
import { VIEW_DIMENSIONS, VIEW_TOTAL } from "../view-dimensions";

/** What a daily row adds up: the facts counted, or the sum of one of their columns. */
export type Measure = { count: true } | { sum: string };

export type RollupFamily = {
  /** The table of the facts themselves. */
  fact: "clicks" | "views" | "conversions";
  /** Columns a count is kept apart by, beside the day and the dimension. */
  keys: readonly string[];
  /** The daily tables' measure columns. */
  measures: Readonly<Record<string, Measure>>;
  /** The daily table's dimensions. */
  dimensions: readonly Dimension[];
  /** The dimensions paired under one filter and combined per day (no sub-ids: see PAIRED). */
  paired: readonly Dimension[];
  /** The dimension name of the daily table's row for the whole site (value ""), if any. */
  total?: string;
  tables: {
    daily: keyof Database;
    filter: keyof Database;
    combination?: keyof Database;
  };
  /**
   * The facts' column that is 0 until they are in the daily counts, when they are counted
   * after their own commit (countWaiting, ./rollup.server.ts) rather than in it: a postback
   * is answered once its conversion is stored, without waiting for its dozens of daily rows.
   */
  countedLater?: string;
  visitors?: {
    table: keyof Database;
    /** Only people's facts (`is_bot = 0`) count. */
    people?: boolean;
    /** Kept per page too ("" for the whole site). */
    byPage?: boolean;
    /**
     * The daily column that counts the visitors a batch adds, for the total row and each
     * page; without it the visitor keys are kept for distinct counts at read time.
     */
    counted?: string;
    /** Only the keys of the last days are kept (older ones are deleted by retention). */
    keepDays?: number;
  };
};

/**
 * The dimensions daily counts pair and combine: all but sub-ids, which a network may send
 * one per click (paired or combined with every other value, as many rows as clicks).
 */
export const PAIRED: readonly Dimension[] = DIMENSION_NAMES.filter(
  (dimension) => dimension !== "subid",
);

export const CLICKS = {
  fact: "clicks",
  keys: ["is_bot"],
  measures: { clicks: { count: true } },
  dimensions: DIMENSION_NAMES,
  paired: PAIRED,
  tables: {
    daily: "click_daily",
    filter: "click_filter_daily",
    combination: "click_offer_combination_daily",
  },
  visitors: { table: "visitor_daily", people: true },
} as const satisfies RollupFamily;

export const VIEWS = {
  fact: "views",
  keys: [],
  measures: { views: { count: true } },
  dimensions: VIEW_DIMENSIONS,
  paired: VIEW_DIMENSIONS,
  total: VIEW_TOTAL,
  tables: {
    daily: "view_daily",
    filter: "view_filter_daily",
    combination: "view_combination_daily",
  },
  visitors: { table: "view_visitor_daily", byPage: true, counted: "visitors", keepDays: 2 },
} as const satisfies RollupFamily;

/** Orphans (no click) count under "" in every dimension, and in the day's totals. */
export const CONVERSIONS = {
  fact: "conversions",
  keys: ["event", "currency"],
  measures: { conversions: { count: true }, amount_cents: { sum: "amount_cents" } },
  dimensions: DIMENSION_NAMES,
  paired: PAIRED,
  tables: { daily: "conversion_daily", filter: "conversion_filter_daily" },
  countedLater: "counted",
} as const satisfies RollupFamily;

/** The combination tables' columns of the visitors' prints, all and sampled (migration 013). */
export const PRINTS = "visitors";
export const SAMPLED_PRINTS = "sampled";

/** Whether the family's combinations keep their visitors' prints. */
export const keepsPrints = (family: RollupFamily): boolean =>
  family.tables.combination !== undefined && family.visitors !== undefined;

/** A dimension's column in the facts and in a combination table. */
export const columnOf = (dimension: Dimension): string => DIMENSIONS[dimension].column;

/** Every daily table of a family, the visitor keys included (for rebuilds and retention). */
export const tablesOf = (family: RollupFamily): (keyof Database)[] =>
  [
    family.tables.daily,
    family.tables.filter,
    family.tables.combination,
    family.visitors?.table,
  ].filter((table): table is keyof Database => table !== undefined);
