/**
 * Adds a written batch of facts to its family's daily counts (./families.ts), in the batch's
 * transaction: the numbers `select … group by` over the facts would give, kept up to date
 * one batch at a time (the rollup tests check both databases against SQL). The batch is
 * grouped once per day and combination of its paired values; every table is counted from
 * those combinations, so the cost is per combination, not per fact. A missing value (no
 * campaign, no country) is stored as "".
 */
import type { Kysely, Transaction } from "kysely";

import { chunked } from "../chunked";
import { insertRows } from "../insert-rows";
import type { Dimension } from "../dimensions";
import type { Database, Dialect } from "../schema";
import { isSampled, printOf } from "../visitor-prints";

import { columnOf, keepsPrints, PRINTS, SAMPLED_PRINTS, type RollupFamily } from "./families";

type Fact = { readonly day: string } & Readonly<Record<string, unknown>>;
type Row = Record<string, string | number>;

const stored = (fact: Fact, dimension: Dimension) => String(fact[columnOf(dimension)] ?? "");

/**
 * Facts of one day with the same keys and the same value of every paired dimension, and the
 * prints of their visitors (where the family keeps them: keepsPrints).
 */
type Combination = {
  day: string;
  keys: Row;
  values: string[];
  measures: Row;
  prints: Set<string>;
};

/** Adds each of `measures` to the same measure of `row` (both counted here: numbers). */
function addMeasures(row: Row, measures: Row): void {
  for (const name in measures) row[name] = (row[name] as number) + (measures[name] as number);
}

/** Adds `measures` to the row kept under `key`, made by `make` the first time. */
function add(rows: Map<string, Row>, key: string, make: () => Row, measures: Row): void {
  const row = rows.get(key);
  if (row) addMeasures(row, measures);
  else rows.set(key, { ...make(), ...measures });
}

/** A fact's values of the columns its family keeps counts apart by. */
const keysOf = (family: RollupFamily, fact: Fact): Row =>
  Object.fromEntries(family.keys.map((key) => [key, fact[key] as string | number]));

function measuresOf(family: RollupFamily, fact: Fact): Row {
  return Object.fromEntries(
    Object.entries(family.measures).map(([name, measure]) => [
      name,
      "count" in measure ? 1 : Number(fact[measure.sum] ?? 0),
    ]),
  );
}

/** Whether a fact's visitor is counted: people only where the family says so. */
const countsVisitor = (family: RollupFamily, fact: Fact) =>
  family.visitors !== undefined && (!family.visitors.people || fact.is_bot === 0);

/**
 * The batch grouped by day, keys and paired values, its measures summed. It runs over
 * every fact of every batch, so it builds a combination's objects once, not per fact.
 */
export function combinationsOf(family: RollupFamily, batch: readonly Fact[]): Combination[] {
  const combinations = new Map<string, Combination>();
  const printed = keepsPrints(family);
  const columns = family.paired.map(columnOf);
  const measures = Object.entries(family.measures);
  for (const fact of batch) {
    let id = fact.day;
    for (const key of family.keys) id += `\u0000${String(fact[key])}`;
    for (const column of columns) id += `\u0000${String(fact[column] ?? "")}`;
    let combination = combinations.get(id);
    if (!combination) {
      combination = {
        day: fact.day,
        keys: keysOf(family, fact),
        values: columns.map((column) => String(fact[column] ?? "")),
        measures: Object.fromEntries(measures.map(([name]) => [name, 0])),
        prints: new Set(),
      };
      combinations.set(id, combination);
    }
    for (const [name, measure] of measures) {
      combination.measures[name] =
        Number(combination.measures[name]) +
        ("count" in measure ? 1 : Number(fact[measure.sum] ?? 0));
    }
    if (printed && countsVisitor(family, fact))
      combination.prints.add(printOf(String(fact.visitor)));
  }
  return [...combinations.values()];
}

/** The daily table's rows: per day, keys, dimension and value (and the total, if kept). */
export function dailyRowsOf(
  family: RollupFamily,
  batch: readonly Fact[],
  combinations: readonly Combination[],
): Row[] {
  const rows = new Map<string, Row>();
  const counted = family.visitors?.counted;
  const put = (day: string, keys: Row, dimension: string, value: string, measures: Row) =>
    add(
      rows,
      [day, ...Object.values(keys), dimension, value].join("\u0000"),
      () => ({ day, dimension, value, ...keys, ...(counted ? { [counted]: 0 } : {}) }),
      measures,
    );
  for (const { day, keys, values, measures } of combinations) {
    if (family.total) put(day, keys, family.total, "", measures);
    for (const [index, dimension] of family.paired.entries()) {
      put(day, keys, dimension, values[index]!, measures);
    }
  }
  const unpaired = family.dimensions.filter((dimension) => !family.paired.includes(dimension));
  for (const fact of unpaired.length > 0 ? batch : []) {
    const keys = keysOf(family, fact);
    for (const dimension of unpaired) {
      put(fact.day, keys, dimension, stored(fact, dimension), measuresOf(family, fact));
    }
  }
  return [...rows.values()];
}

/**
 * The filter table's rows: every pair of paired dimensions, from the combinations (81 per
 * combination for the clicks' nine). Nearly every pair is a row of its own, so the rows are
 * found through maps keyed by the values themselves, one per day and keys, filter and
 * dimension, instead of by a key string built per pair.
 */
export function filterRowsOf(family: RollupFamily, combinations: readonly Combination[]): Row[] {
  const paired = family.paired;
  const rows: Row[] = [];
  // Per day and keys, per filter, per filter value: per dimension, the row of each value.
  const groups = new Map<string, Map<string, Map<string, Row>[]>[]>();
  for (const { day, keys, values, measures } of combinations) {
    const prefix = [day, ...Object.values(keys)].join("\u0000");
    let byFilter = groups.get(prefix);
    if (!byFilter) {
      byFilter = paired.map(() => new Map());
      groups.set(prefix, byFilter);
    }
    for (let at = 0; at < paired.length; at++) {
      const filterValue = values[at]!;
      let byDimension = byFilter[at]!.get(filterValue);
      if (!byDimension) {
        byDimension = paired.map(() => new Map());
        byFilter[at]!.set(filterValue, byDimension);
      }
      for (let index = 0; index < paired.length; index++) {
        const value = values[index]!;
        const row = byDimension[index]!.get(value);
        if (row) addMeasures(row, measures);
        else {
          const made: Row = {
            day,
            filter_dimension: paired[at]!,
            filter_value: filterValue,
            dimension: paired[index]!,
            value,
            ...keys,
            ...measures,
          };
          byDimension[index]!.set(value, made);
          rows.push(made);
        }
      }
    }
  }
  return rows;
}

const combinationRowOf = (
  family: RollupFamily,
  { day, keys, values, measures, prints }: Combination,
): Row => ({
  day,
  ...Object.fromEntries(
    family.paired.map((dimension, index) => [columnOf(dimension), values[index]!]),
  ),
  ...keys,
  ...measures,
  ...(keepsPrints(family)
    ? {
        [PRINTS]: [...prints].join(""),
        [SAMPLED_PRINTS]: [...prints].filter(isSampled).join(""),
      }
    : {}),
});

/**
 * The rows sorted by their key: every writer (another batch, another instance) then locks
 * the rows of a table in the same order, so two concurrent upserts on PostgreSQL wait for
 * each other instead of deadlocking. SQLite locks the whole file for a write, so its rows
 * go as they are (the sort of a batch's filter rows was a sixth of its counting).
 */
function inLockOrder(
  rows: readonly Row[],
  key: readonly string[],
  dialect: Dialect,
): readonly Row[] {
  if (dialect === "sqlite") return rows;
  const keyOf = (row: Row) => key.map((column) => String(row[column])).join("\u0000");
  return rows
    .map((row) => [keyOf(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}

/**
 * Inserts `rows`, adding `measures` to the rows already there and appending the text of
 * `appended` (a row's prints: a visitor seen again in a later batch is counted once when
 * read), in lock order.
 */
async function upsert(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  table: keyof Database,
  rows: readonly Row[],
  conflict: readonly string[],
  measures: readonly string[],
  appended: readonly string[] = [],
): Promise<void> {
  await insertRows(db, dialect, table, inLockOrder(rows, conflict, dialect), {
    columns: conflict,
    add: measures,
    append: appended,
  });
}

/**
 * Inserts the batch's visitor keys; returns how many each (day, page) gained (the keys an
 * insert actually adds, so a visitor counts once across batches, processes and servers).
 */
async function addVisitors(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  family: RollupFamily,
  batch: readonly Fact[],
): Promise<Map<string, number>> {
  const gained = new Map<string, number>();
  const visitors = family.visitors;
  if (!visitors) return gained;
  const keys = new Map<string, Row>();
  for (const fact of batch) {
    if (visitors.people && fact.is_bot !== 0) continue;
    const visitor = String(fact.visitor);
    for (const page of visitors.byPage ? ["", String(fact.page)] : [null]) {
      const row: Row =
        page === null ? { day: fact.day, visitor } : { day: fact.day, page, visitor };
      keys.set(Object.values(row).join("\u0000"), row);
    }
  }
  const conflict = visitors.byPage ? ["day", "page", "visitor"] : ["day", "visitor"];
  const inserted = await insertRows(
    db,
    dialect,
    visitors.table,
    inLockOrder([...keys.values()], conflict, dialect),
    {
      columns: conflict,
      // Only the keys this batch adds come back: its new visitors.
      ...(visitors.counted ? { returning: ["day", "page"] } : {}),
    },
  );
  for (const { day, page } of inserted) {
    const key = `${String(day)}\u0000${String(page)}`;
    gained.set(key, (gained.get(key) ?? 0) + 1);
  }
  return gained;
}

/** Adds a written batch to its family's daily counts (inside the batch's transaction). */
export async function addToDailyCounts(
  db: Kysely<Database> | Transaction<Database>,
  family: RollupFamily,
  batch: readonly Fact[],
  dialect: Dialect,
): Promise<void> {
  // Visitors first: the keys this batch is the first to insert are its new visitors.
  const gained = await addVisitors(db, dialect, family, batch);
  const measures = Object.keys(family.measures);
  const combinations = combinationsOf(family, batch);
  const daily = dailyRowsOf(family, batch, combinations);
  const counted = family.visitors?.counted;
  if (counted) {
    for (const row of daily) {
      // Visitors are counted for the whole site and per page only.
      const page =
        row.dimension === family.total ? "" : row.dimension === "page" ? String(row.value) : null;
      if (page !== null) row[counted] = gained.get(`${row.day}\u0000${page}`) ?? 0;
    }
  }
  await upsert(
    db,
    dialect,
    family.tables.daily,
    daily,
    ["day", "dimension", "value", ...family.keys],
    counted ? [...measures, counted] : measures,
  );
  await upsert(
    db,
    dialect,
    family.tables.filter,
    filterRowsOf(family, combinations),
    ["filter_dimension", "filter_value", "day", "dimension", "value", ...family.keys],
    measures,
  );
  if (family.tables.combination) {
    await upsert(
      db,
      dialect,
      family.tables.combination,
      combinations.map((combination) => combinationRowOf(family, combination)),
      ["day", ...family.paired.map(columnOf), ...family.keys],
      measures,
      keepsPrints(family) ? [PRINTS, SAMPLED_PRINTS] : [],
    );
  }
}

/**
 * Adds up to `limit` facts of a family counted after their commit (`countedLater`) to its
 * daily counts, oldest first, and marks them counted, in one transaction: a crash before
 * its commit leaves them waiting for the next. On PostgreSQL the rows are locked and those
 * another instance is counting skipped, so no fact is counted twice. Returns how many.
 */
export async function countWaiting(
  db: Kysely<Database>,
  family: RollupFamily,
  limit: number,
  dialect: Dialect,
): Promise<number> {
  const column = family.countedLater;
  if (!column) return 0;
  const untyped = db as unknown as Kysely<Record<string, Row & { id: number }>>;
  return untyped.transaction().execute(async (trx) => {
    let waiting = trx
      .selectFrom(family.fact)
      .selectAll()
      .where(column, "=", 0)
      .orderBy("id")
      .limit(limit);
    if (dialect === "postgres") waiting = waiting.forUpdate().skipLocked();
    const facts = (await waiting.execute()) as unknown as Fact[];
    if (facts.length === 0) return 0;
    await addToDailyCounts(trx as unknown as Transaction<Database>, family, facts, dialect);
    for (const part of chunked(facts, 500)) {
      await trx
        .updateTable(family.fact)
        .set({ [column]: 1 })
        .where(
          "id",
          "in",
          part.map((fact) => fact.id as number),
        )
        .execute();
    }
    return facts.length;
  });
}
