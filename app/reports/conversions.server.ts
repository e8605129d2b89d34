/**
 * What the marketer's reports read from the conversion ledger: per day, registrations,
 * FTDs, deposits (count and amount) and commission (amount) per currency, and the same
 * figures per value of every dimension (link, page, campaign, …). Unfiltered, from the
 * daily counts (`conversion_daily`: one dimension's rows hold every conversion, as `device`
 * does in click_daily); under one filter other than a sub-id, from the same counts under
 * that filter (`conversion_filter_daily`, migration 010), and the sub-id ranking from the
 * conversions; otherwise from the conversions themselves (indexed by day).
 * Orphans (a conversion whose click id matched no click) count in the totals and are
 * reported apart from the rankings' values, never dropped. Amounts stay per currency:
 * euros are never summed with anything else.
 */
import { sql, type Kysely } from "kysely";

import {
  DIMENSION_NAMES,
  DIMENSIONS,
  setFilters,
  type DayRange,
  type Dimension,
  type Filters,
} from "~/ledger/dimensions";
import { pagesById } from "~/ledger/chunked";
import { CONVERSIONS } from "~/ledger/rollups/families";

import { sourceOf } from "./table-decider";
import type { ConversionEvent, Database } from "~/ledger/schema";

/** Amounts in cents per ISO 4217 currency, e.g. { EUR: 123450, USD: 12000 }. */
export type Money = Record<string, number>;

/** What converted: how many of each event, and the deposit and commission amounts. */
export type ConversionFigures = {
  registrations: number;
  ftds: number;
  deposits: number;
  /** First deposits and later deposits together, per currency. */
  depositAmount: Money;
  commission: Money;
};

export type ConversionDay = ConversionFigures & { day: string };

export type ConversionRankings = {
  /** Per dimension, per value (null: the click had none), what its clicks' players did. */
  values: Record<Dimension, Map<string | null, ConversionFigures>>;
  /** The conversions that no click explains ("(sin clic)" on the dashboard). */
  orphans: ConversionFigures;
};

export const noConversions = (): ConversionFigures => ({
  registrations: 0,
  ftds: 0,
  deposits: 0,
  depositAmount: {},
  commission: {},
});

const addMoney = (money: Money, currency: string, cents: number) => {
  money[currency] = (money[currency] ?? 0) + cents;
};

/** Adds `conversions` events of one kind worth `cents` (in `currency`) to `figures`. */
function count(
  figures: ConversionFigures,
  event: ConversionEvent,
  currency: string,
  conversions: number,
  cents: number,
): void {
  switch (event) {
    case "registration":
      figures.registrations += conversions;
      return;
    case "ftd":
      figures.ftds += conversions;
      addMoney(figures.depositAmount, currency, cents);
      return;
    case "deposit":
      figures.deposits += conversions;
      addMoney(figures.depositAmount, currency, cents);
      return;
    case "commission":
      addMoney(figures.commission, currency, cents);
  }
}

/** The sum of several figures (the days of a period, say). */
export function sumConversions(all: readonly ConversionFigures[]): ConversionFigures {
  const sum = noConversions();
  for (const figures of all) {
    sum.registrations += figures.registrations;
    sum.ftds += figures.ftds;
    sum.deposits += figures.deposits;
    for (const [currency, cents] of Object.entries(figures.depositAmount))
      addMoney(sum.depositAmount, currency, cents);
    for (const [currency, cents] of Object.entries(figures.commission))
      addMoney(sum.commission, currency, cents);
  }
  return sum;
}

/** Every dimension's column except sub-ids, then sub-ids alone (see RANKING_GROUPS). */
const GROUPS: Dimension[][] = [
  DIMENSION_NAMES.filter((dimension) => dimension !== "subid"),
  ["subid"],
];

/** Counts and amounts summed from a table of daily figures, per day or per value. */
const SUMMED = [
  "event",
  "currency",
  sql<number>`sum(conversions)`.as("n"),
  sql<number>`sum(amount_cents)`.as("cents"),
] as const;
const SUMMED_PER_DAY = ["day", ...SUMMED] as const;
const SUMMED_PER_VALUE = ["dimension", "value", ...SUMMED] as const;

/** The conversion reports, read through `db` (the ledger's reader). */
export function conversionReports(db: Kysely<Database>) {
  const scoped = (range: DayRange, filters: Filters) => {
    let query = db
      .selectFrom("conversions")
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);
    for (const [dimension, value] of setFilters(filters)) {
      query = query.where(DIMENSIONS[dimension].column, "=", value);
    }
    return query;
  };
  const daily = (range: DayRange) =>
    db.selectFrom("conversion_daily").where("day", ">=", range.from).where("day", "<=", range.to);
  const underFilter = (range: DayRange, [filter, value]: [Dimension, string]) =>
    db
      .selectFrom("conversion_filter_daily")
      .where("filter_dimension", "=", filter)
      .where("filter_value", "=", value)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);

  type Counted = { day: string; event: string; currency: string; n: number; cents: number };

  function toDays(rows: readonly Counted[]): ConversionDay[] {
    const days = new Map<string, ConversionDay>();
    for (const row of rows) {
      let day = days.get(row.day);
      if (!day) days.set(row.day, (day = { day: row.day, ...noConversions() }));
      count(day, row.event as ConversionEvent, row.currency, Number(row.n), Number(row.cents));
    }
    return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  async function rankingsFromRollups(range: DayRange): Promise<ConversionRankings> {
    const rows = await daily(range)
      .select(SUMMED_PER_VALUE)
      .groupBy(["dimension", "value", "event", "currency"])
      .execute();
    const values = emptyValues();
    // Every click has a link id, so a conversion under "" for the link is an orphan; in
    // the other dimensions "" holds the orphans and the clicks without a value together,
    // and the orphans are taken out of it below.
    const orphans = noConversions();
    for (const row of rows) {
      if (row.dimension === "link" && row.value === "")
        count(orphans, row.event, row.currency, Number(row.n), Number(row.cents));
    }
    for (const row of rows) {
      const dimension = row.dimension as Dimension;
      if (!(dimension in values) || (dimension === "link" && row.value === "")) continue;
      const figures = entry(values[dimension], row.value === "" ? null : row.value);
      count(figures, row.event, row.currency, Number(row.n), Number(row.cents));
    }
    for (const dimension of DIMENSION_NAMES) {
      const none = values[dimension].get(null);
      if (!none) continue;
      const rest = subtract(none, orphans);
      if (isEmpty(rest)) values[dimension].delete(null);
      else values[dimension].set(null, rest);
    }
    return { values, orphans };
  }

  /**
   * Under one filter: every paired dimension from conversion_filter_daily, sub-ids from the
   * conversions. No orphan matches a filter (its values are all "").
   */
  async function rankingsUnderFilter(
    range: DayRange,
    [filter, value]: [Dimension, string],
    subids: boolean,
  ): Promise<ConversionRankings> {
    const [rows, { values }] = await Promise.all([
      underFilter(range, [filter, value])
        .select(SUMMED_PER_VALUE)
        .groupBy(["dimension", "value", "event", "currency"])
        .execute(),
      rankingsFromConversions(range, { [filter]: value }, subids ? [["subid"]] : []),
    ]);
    for (const row of rows) {
      const figures = entry(
        values[row.dimension as Dimension],
        row.value === "" ? null : row.value,
      );
      count(figures, row.event, row.currency, Number(row.n), Number(row.cents));
    }
    return { values, orphans: noConversions() };
  }

  async function rankingsFromConversions(
    range: DayRange,
    filters: Filters,
    groups = GROUPS,
  ): Promise<ConversionRankings> {
    const values = emptyValues();
    const orphans = noConversions();
    await Promise.all(
      groups.map(async (group, index) => {
        const columns = group.map((dimension) => DIMENSIONS[dimension].column);
        const rows = (await scoped(range, filters)
          .select((eb) => [
            ...columns,
            "orphan",
            "event",
            "currency",
            eb.fn.countAll<number>().as("n"),
            eb.fn.sum<number>("amount_cents").as("cents"),
          ])
          .groupBy([...columns, "orphan", "event", "currency"])
          .execute()) as unknown as (Record<string, string | null> & {
          orphan: number;
          event: ConversionEvent;
          currency: string;
          n: number;
          cents: number;
        })[];
        for (const row of rows) {
          const [n, cents] = [Number(row.n), Number(row.cents)];
          if (Number(row.orphan) === 1) {
            // The first group sees every orphan once.
            if (index === 0) count(orphans, row.event, row.currency, n, cents);
            continue;
          }
          for (const [at, dimension] of group.entries()) {
            const value = row[columns[at]!] ?? null;
            count(
              entry(values[dimension], value === "" ? null : value),
              row.event,
              row.currency,
              n,
              cents,
            );
          }
        }
      }),
    );
    return { values, orphans };
  }

  return {
    /** Per day of a range with conversions (days without any are left out). */
    async days(range: DayRange, filters: Filters = {}): Promise<ConversionDay[]> {
      const source = sourceOf(CONVERSIONS, filters);
      const rows =
        source.from === "filtered"
          ? await underFilter(range, source.filter)
              .where("dimension", "=", source.filter[0])
              .where("value", "=", source.filter[1])
              .select(SUMMED_PER_DAY)
              .groupBy(["day", "event", "currency"])
              .execute()
          : source.from === "rollups"
            ? await daily(range)
                .where("dimension", "=", "device")
                .select(SUMMED_PER_DAY)
                .groupBy(["day", "event", "currency"])
                .execute()
            : await scoped(range, filters)
                .select((eb) => [
                  "day",
                  "event",
                  "currency",
                  eb.fn.countAll<number>().as("n"),
                  eb.fn.sum<number>("amount_cents").as("cents"),
                ])
                .groupBy(["day", "event", "currency"])
                .execute();
      return toDays(rows);
    },

    /**
     * Every dimension's values with their conversions, and the orphans apart. With
     * `subids: false`, the sub-id ranking is left empty where it would read the conversions
     * (under filters without a sub-id), as for clicks.
     */
    async rankings(
      range: DayRange,
      filters: Filters = {},
      { subids = true } = {},
    ): Promise<ConversionRankings> {
      const source = sourceOf(CONVERSIONS, filters);
      if (source.from === "filtered") return rankingsUnderFilter(range, source.filter, subids);
      if (source.from === "rollups") return rankingsFromRollups(range);
      const scanned = subids || filters.subid !== undefined;
      return rankingsFromConversions(range, filters, scanned ? GROUPS : GROUPS.slice(0, 1));
    },

    /** Every conversion of a range, oldest first, in pages of `pageSize` (for exports). */
    rows(range: DayRange, filters: Filters = {}, pageSize = 5_000) {
      return pagesById((after) =>
        scoped(range, filters)
          .selectAll()
          .where("id", ">", after)
          .orderBy("id")
          .limit(pageSize)
          .execute(),
      );
    },
  };
}

export type ConversionReports = ReturnType<typeof conversionReports>;

const emptyValues = () =>
  Object.fromEntries(
    DIMENSION_NAMES.map((dimension) => [dimension, new Map<string | null, ConversionFigures>()]),
  ) as Record<Dimension, Map<string | null, ConversionFigures>>;

function entry(map: Map<string | null, ConversionFigures>, value: string | null) {
  let figures = map.get(value);
  if (!figures) map.set(value, (figures = noConversions()));
  return figures;
}

function subtractMoney(a: Money, b: Money): Money {
  const result: Money = { ...a };
  for (const [currency, cents] of Object.entries(b)) {
    result[currency] = (result[currency] ?? 0) - cents;
    if (result[currency] === 0) delete result[currency];
  }
  return result;
}

function subtract(a: ConversionFigures, b: ConversionFigures): ConversionFigures {
  return {
    registrations: a.registrations - b.registrations,
    ftds: a.ftds - b.ftds,
    deposits: a.deposits - b.deposits,
    depositAmount: subtractMoney(a.depositAmount, b.depositAmount),
    commission: subtractMoney(a.commission, b.commission),
  };
}

function isEmpty(figures: ConversionFigures): boolean {
  return (
    figures.registrations === 0 &&
    figures.ftds === 0 &&
    figures.deposits === 0 &&
    Object.keys(figures.depositAmount).length === 0 &&
    Object.keys(figures.commission).length === 0
  );
}
