/**
 * Unique visitors under filters, from the prints the day's combinations keep
 * (app/ledger/visitor-prints.ts): a day's visitors are the distinct prints of the rows the
 * filters select, and a period's the sum of its days' (a visitor key lasts one day).
 */
import { addPrints } from "~/ledger/visitor-prints";

/** The day's prints of some rows, concatenated (one `string_agg` per day, or per day and page). */
export type PrintRow = { day: string; visitors: string | null };

/** The distinct prints per day of `rows`, however the rows split a day. */
export function visitorsPerDay(rows: readonly PrintRow[]): Map<string, number> {
  const prints = new Map<string, Set<string>>();
  for (const { day, visitors } of rows) {
    let set = prints.get(day);
    if (!set) prints.set(day, (set = new Set()));
    addPrints(set, visitors ?? "");
  }
  return new Map([...prints].map(([day, set]) => [day, set.size]));
}

/** Per page, the sum over days of its distinct prints (rows of one day and one page each). */
export function visitorsPerPage(
  rows: readonly (PrintRow & { page: string })[],
): Map<string, number> {
  const pages = new Map<string, number>();
  for (const { page, visitors } of rows) {
    pages.set(page, (pages.get(page) ?? 0) + addPrints(new Set(), visitors ?? "").size);
  }
  return pages;
}
