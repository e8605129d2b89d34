/**
 * The ledger's batch inserts (facts, and the upserts of their daily counts), their SQL
 * compiled by Kysely once per shape and then only handed new values: batches come
 * hundreds a second at full load, and Kysely's building and compiling of a 500-row insert
 * costs about as much as SQLite's writing of it (docs/performance.md). The SQL is the
 * one Kysely writes for `insertInto(table).values(rows)` (with its `onConflict` and
 * `returning`) on the dialect of `db`. The rows go in statements of a power of two rows
 * each, 512 at most (a batch of 512 in one statement, 300 in 256 + 32 + 8 + 4), so a table
 * has ten shapes at most, whatever its batches' sizes: a prepared statement of 512 rows
 * takes about a megabyte of SQLite's memory, kept per shape (sqlite-dialect.ts), and a
 * statement of 64 rows costs SQLite nearly twice as much a row as one of 512. A batch whose
 * rows do not all have the same columns goes through Kysely as it is (which writes the
 * missing values as DEFAULT on PostgreSQL and as NULL on SQLite).
 */
import { CompiledQuery, sql, type InsertQueryBuilder, type Kysely, type Transaction } from "kysely";
import { LRUCache } from "lru-cache";

import type { Database, Dialect } from "./schema";

/** Values bound per statement: far below SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const PARAMETERS_PER_STATEMENT = 30_000;
/** Rows per statement at most (a power of two). */
const MAX_ROWS = 512;
/** Shapes kept compiled: ten sizes for each table the batches write. */
const KEPT = 256;

type Row = Readonly<Record<string, unknown>>;
type Untyped = Kysely<Record<string, Record<string, unknown>>>;
type Insert = InsertQueryBuilder<Record<string, Record<string, unknown>>, string, object>;

/** What to do with a row whose key is there already (an upsert), and what to return. */
export type OnConflict = {
  /** The key's columns. */
  columns: readonly string[];
  /** Columns the new row's value is added to (counts); none: the row is left as it was. */
  add?: readonly string[];
  /** Text columns the new row's text is appended to (visitors' prints). */
  append?: readonly string[];
  /** Columns of the rows inserted to return (the rows left as they were are not). */
  returning?: readonly string[];
};

/** The compiled SQL by dialect, table, conflict, number of rows and columns. */
const shapes = new LRUCache<string, string>({ max: KEPT });

function withConflict(insert: Insert, table: string, conflict: OnConflict | undefined): Insert {
  if (!conflict) return insert;
  const { columns, add = [], append = [], returning } = conflict;
  const set = [
    ...add.map((column) => [
      column,
      sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ]),
    ...append.map((column) => [
      column,
      sql`${sql.ref(`${table}.${column}`)} || ${sql.ref(`excluded.${column}`)}`,
    ]),
  ];
  let built = insert.onConflict((onConflict) => {
    const target = onConflict.columns(columns as string[]);
    return set.length > 0 ? target.doUpdateSet(Object.fromEntries(set)) : target.doNothing();
  });
  if (returning) built = built.returning(returning as string[]) as unknown as Insert;
  return built;
}

/** The SQL of `rows` rows of `columns` into `table`, compiled by `db` (of `dialect`) once. */
function sqlOf(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  table: keyof Database,
  columns: readonly string[],
  rows: number,
  conflict: OnConflict | undefined,
): string {
  const shape = [dialect, table, rows, JSON.stringify(conflict ?? null), ...columns].join("\u0000");
  let text = shapes.get(shape);
  if (text === undefined) {
    const template = Object.fromEntries(columns.map((column) => [column, null]));
    const insert = (db as unknown as Untyped)
      .insertInto(table)
      .values(Array.from({ length: rows }, () => template)) as Insert;
    text = withConflict(insert, table, conflict).compile().sql;
    shapes.set(shape, text);
  }
  return text;
}

/**
 * Inserts `rows` into `table` (`dialect` is `db`'s), or upserts them with `conflict`;
 * resolves with the rows `conflict.returning` asks for.
 */
export async function insertRows(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  table: keyof Database,
  rows: readonly Row[],
  conflict?: OnConflict,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  if (!rows.every((row) => sameColumns(row, columns))) {
    const insert = (db as unknown as Untyped).insertInto(table).values(rows) as Insert;
    return (await withConflict(insert, table, conflict).execute()) as Record<string, unknown>[];
  }
  const largest = Math.min(MAX_ROWS, Math.floor(PARAMETERS_PER_STATEMENT / columns.length));
  const returned: Record<string, unknown>[] = [];
  for (let start = 0, count = 0; start < rows.length; start += count) {
    count = 1;
    while (count * 2 <= Math.min(largest, rows.length - start)) count *= 2;
    const parameters: unknown[] = [];
    for (let index = start; index < start + count; index++) {
      const row = rows[index]!;
      for (const column of columns) parameters.push(row[column]);
    }
    const query = CompiledQuery.raw(
      sqlOf(db, dialect, table, columns, count, conflict),
      parameters,
    ) as CompiledQuery<Record<string, unknown>>;
    const result = await db.executeQuery(query);
    if (conflict?.returning) returned.push(...result.rows);
  }
  return returned;
}

/** Whether `row` has exactly `columns`, none of them undefined. */
function sameColumns(row: Row, columns: readonly string[]): boolean {
  let count = 0;
  for (const key in row) {
    if (row[key] === undefined) return false;
    count++;
  }
  return count === columns.length && columns.every((column) => column in row);
}
