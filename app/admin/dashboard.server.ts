/**
 * The figures of one dashboard view, from the ledger's reports: clicks and conversions for
 * the period and the one before, clicks and commission per day (every day of the period,
 * zeros included), and the rankings by each dimension, where each value has its clicks,
 * share, registrations, FTDs, commission and EPC, in the view's order: the first
 * RANKED_ROWS of each, or every row of the one the view asks for (`all=`). Conversions no
 * click explains close every ranking as one "(sin clic)" row.
 */
import { DIMENSION_NAMES, type Dimension } from "~/clicks/dimensions";
import { sumDays, type ReportQueries, type Totals } from "~/clicks/reports.server";
import {
  noConversions,
  sumConversions,
  type ConversionFigures,
  type Money,
} from "~/conversions/reports.server";

import { addDays, daysIn, RANKED_ROWS, type Sort, type View } from "./query";

/** A period's clicks and conversions. */
export type PeriodFigures = Totals & ConversionFigures;

export type RankedRow = {
  /** The dimension's value; null when the clicks had none. */
  value: string | null;
  /** The row of the conversions without a click ("(sin clic)"). */
  orphan: boolean;
  /** Words for a link id, from content (its page and button): links only. */
  label: string | null;
  clicks: number;
  share: number;
  registrations: number;
  ftds: number;
  /** Commission in euro cents. */
  commission: number;
  /** Commission in other currencies (never summed with euros). */
  otherCommission: Money;
  /** Euro cents of commission per click by a person; null without clicks. */
  epc: number | null;
};

export type Ranking = { rows: RankedRow[]; total: number };

export type Dashboard = {
  totals: { current: PeriodFigures; previous: PeriodFigures };
  days: { day: string; humans: number; bots: number; commission: number }[];
  rankings: Record<Dimension, Ranking>;
  /** How long the queries took, in milliseconds (shown in the page's footer line). */
  queryMs: number;
};

/** Euro cents of commission per click by a person (null when nobody clicked). */
export const epcOf = (commission: Money, clicks: number): number | null =>
  clicks > 0 ? (commission.EUR ?? 0) / clicks : null;

/** The view's order: most first by the sort column, then most clicks, then by value. */
export function compareRows(sort: Sort) {
  return (a: RankedRow, b: RankedRow): number => {
    const [x, y] = [a[sort] ?? Number.NEGATIVE_INFINITY, b[sort] ?? Number.NEGATIVE_INFINITY];
    if (x !== y) return y - x;
    if (a.clicks !== b.clicks) return b.clicks - a.clicks;
    if (a.value === b.value) return 0;
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return a.value < b.value ? -1 : 1;
  };
}

function rowOf(
  value: string | null,
  clicks: number,
  figures: ConversionFigures,
  humans: number,
): Omit<RankedRow, "label"> {
  const { EUR: commission = 0, ...otherCommission } = figures.commission;
  return {
    value,
    orphan: false,
    clicks,
    share: humans > 0 ? clicks / humans : 0,
    registrations: figures.registrations,
    ftds: figures.ftds,
    commission,
    otherCommission,
    epc: epcOf(figures.commission, clicks),
  };
}

export async function loadDashboard(
  reports: ReportQueries,
  view: View,
  /** Words for each link id (content's link table). */
  labelOf: (linkId: string) => string | undefined = () => undefined,
): Promise<Dashboard> {
  const started = performance.now();
  const both = { from: view.previous.from, to: view.range.to };
  // One pass over both periods (they are consecutive) and one for every ranking, for
  // clicks and conversions alike.
  const [clickDays, conversionDays, clickRanks, conversionRanks] = await Promise.all([
    reports.days(both, view.filters),
    reports.conversions.days(both, view.filters),
    reports.rankings(view.range, view.filters),
    reports.conversions.rankings(view.range, view.filters),
  ]);
  const inCurrent = <T extends { day: string }>(rows: T[]) =>
    rows.filter((row) => row.day >= view.range.from);
  const inPrevious = <T extends { day: string }>(rows: T[]) =>
    rows.filter((row) => row.day < view.range.from);
  const current = {
    ...sumDays(inCurrent(clickDays)),
    ...sumConversions(inCurrent(conversionDays)),
  };
  const previous = {
    ...sumDays(inPrevious(clickDays)),
    ...sumConversions(inPrevious(conversionDays)),
  };

  const clicksOn = new Map(clickDays.map((row) => [row.day, row]));
  const commissionOn = new Map(conversionDays.map((row) => [row.day, row.commission.EUR ?? 0]));
  const days = Array.from({ length: daysIn(view.range) }, (_, index) => {
    const day = addDays(view.range.from, index);
    const row = clicksOn.get(day);
    return {
      day,
      humans: row?.humans ?? 0,
      bots: row?.bots ?? 0,
      commission: commissionOn.get(day) ?? 0,
    };
  });

  const order = compareRows(view.sort);
  const rankings = Object.fromEntries(
    DIMENSION_NAMES.map((name) => {
      const converted = conversionRanks.values[name];
      const values = new Set([...clickRanks[name].map((row) => row.value), ...converted.keys()]);
      const clicksOf = new Map(clickRanks[name].map((row) => [row.value, row.clicks]));
      const all = [...values]
        .map((value) => ({
          ...rowOf(
            value,
            clicksOf.get(value) ?? 0,
            converted.get(value) ?? noConversions(),
            current.humans,
          ),
          label: name === "link" && value !== null ? (labelOf(value) ?? null) : null,
        }))
        .sort(order);
      const rows = view.all === name ? all : all.slice(0, RANKED_ROWS);
      const orphans = conversionRanks.orphans;
      if (orphans.registrations + orphans.ftds + orphans.deposits > 0 || hasMoney(orphans)) {
        rows.push({ ...rowOf(null, 0, orphans, current.humans), orphan: true, label: null });
      }
      return [name, { rows, total: all.length }];
    }),
  ) as Record<Dimension, Ranking>;

  return {
    totals: { current, previous },
    days,
    rankings,
    queryMs: Math.round(performance.now() - started),
  };
}

const hasMoney = (figures: ConversionFigures) =>
  Object.keys(figures.commission).length > 0 || Object.keys(figures.depositAmount).length > 0;
