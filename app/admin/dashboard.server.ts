/**
 * The figures of one dashboard view, from the ledger's reports: totals for the period and
 * the one before, clicks per day (every day of the period, zeros included), and the
 * rankings by each dimension with each row's share of the period's clicks by people.
 */
import type { ReportQueries, Totals } from "~/clicks/reports.server";

import { addDays, daysIn, FILTERS, type FilterName, type View } from "./query";

export type RankedRow = { value: string | null; clicks: number; share: number };
export type Dashboard = {
  totals: { current: Totals; previous: Totals };
  days: { day: string; humans: number; bots: number }[];
  rankings: Record<FilterName, RankedRow[]>;
  /** How long the queries took, in milliseconds (shown in the page's footer line). */
  queryMs: number;
};

export const RANKED_ROWS = 10;

export async function loadDashboard(reports: ReportQueries, view: View): Promise<Dashboard> {
  const started = performance.now();
  const names = Object.keys(FILTERS) as FilterName[];
  const [current, previous, byDay, ...ranked] = await Promise.all([
    reports.totals(view.range, view.filters),
    reports.totals(view.previous, view.filters),
    reports.byDay(view.range, view.filters),
    ...names.map((name) => reports.top(name, view.range, view.filters, { limit: RANKED_ROWS })),
  ]);
  const counted = new Map(byDay.map((row) => [row.day, row]));
  const days = Array.from({ length: daysIn(view.range) }, (_, index) => {
    const day = addDays(view.range.from, index);
    return counted.get(day) ?? { day, humans: 0, bots: 0 };
  });
  const rankings = Object.fromEntries(
    names.map((name, index) => [
      name,
      ranked[index]!.map((row) => ({
        ...row,
        share: current.humans > 0 ? row.clicks / current.humans : 0,
      })),
    ]),
  ) as Record<FilterName, RankedRow[]>;
  return {
    totals: { current, previous },
    days,
    rankings,
    queryMs: Math.round(performance.now() - started),
  };
}
