/**
 * Which table a report reads under a set of filters, for every event family (declared in
 * app/ledger/rollups/families.ts): the daily counts without a filter, the counts under one
 * filter for one paired filter, the day's combinations for several paired filters (where the
 * family keeps them), and the facts themselves otherwise (a sub-id among the filters, or two
 * filters on conversions). Every report asks here; none decides on its own.
 */
import type { Dimension, Filters } from "~/ledger/dimensions";
import { setFilters } from "~/ledger/dimensions";
import type { RollupFamily } from "~/ledger/rollups/families";

export type Source =
  | { from: "rollups" }
  | { from: "filtered"; filter: [Dimension, string] }
  | { from: "combinations" }
  | { from: "facts" };

export function sourceOf(family: RollupFamily, filters: Filters): Source {
  const set = setFilters(filters);
  if (set.length === 0) return { from: "rollups" };
  const paired = set.every(([dimension]) => family.paired.includes(dimension));
  if (paired && set.length === 1) return { from: "filtered", filter: set[0]! };
  if (paired && family.tables.combination) return { from: "combinations" };
  return { from: "facts" };
}
