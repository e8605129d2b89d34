/**
 * The figures of one dashboard view, from the ledger's reports: totals for the period and
 * the one before, clicks per day (every day of the period, zeros included), and the
 * rankings by each dimension with each row's share of the period's clicks by people.
 */
import { DIMENSION_NAMES, type Dimension } from "~/clicks/dimensions";
import { sumDays, type ReportQueries, type Totals } from "~/clicks/reports.server";

import { addDays, daysIn, type View } from "./query";

export type RankedRow = { value: string | null; clicks: number; share: number };
export type Dashboard = {
  totals: { current: Totals; previous: Totals };
  days: { day: string; humans: number; bots: number }[];
  rankings: Record<Dimension, RankedRow[]>;
  /** How long the queries took, in milliseconds (shown in the page's footer line). */
  queryMs: number;
};

export const RANKED_ROWS = 10;

export async function loadDashboard(reports: ReportQueries, view: View): Promise<Dashboard> {
  const started = performance.now();
  // One pass over both periods (they are consecutive) and one for every ranking.
  const [both, ranked] = await Promise.all([
    reports.days({ from: view.previous.from, to: view.range.to }, view.filters),
    reports.rankings(view.range, view.filters, { limit: RANKED_ROWS }),
  ]);
  const inCurrent = both.filter((row) => row.day >= view.range.from);
  const current = sumDays(inCurrent);
  const previous = sumDays(both.filter((row) => row.day < view.range.from));
  const counted = new Map(inCurrent.map((row) => [row.day, row]));
  const days = Array.from({ length: daysIn(view.range) }, (_, index) => {
    const day = addDays(view.range.from, index);
    const row = counted.get(day);
    return { day, humans: row?.humans ?? 0, bots: row?.bots ?? 0 };
  });
  const rankings = Object.fromEntries(
    DIMENSION_NAMES.map((name) => [
      name,
      ranked[name].map((row) => ({
        ...row,
        share: current.humans > 0 ? row.clicks / current.humans : 0,
      })),
    ]),
  ) as Record<Dimension, RankedRow[]>;
  return {
    totals: { current, previous },
    days,
    rankings,
    queryMs: Math.round(performance.now() - started),
  };
}
