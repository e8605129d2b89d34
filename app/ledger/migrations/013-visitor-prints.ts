/**
 * Unique visitors under any filter: each row of the day's combinations (migrations 008 and
 * 009) gains `visitors`, the prints of the visitors it counts, concatenated: the first six
 * characters of each daily visitor key (base64url, 36 bits), people only for the clicks.
 * Two filters or one, the visitors of a day are the distinct prints of the rows the filters
 * select; two visitors share a print about once in 2^36 pairs. `sampled` keeps the prints
 * that begin with A, B, C or D (one visitor in 16), for reads too large to count them all.
 * Backfilled from the facts. Frozen: names, columns, the print's length and the sample are
 * this migration's.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Each combination table, the facts it counts, its columns, and the facts it keeps prints of. */
const TABLES = [
  {
    table: "click_combination_daily",
    facts: "clicks",
    columns: ["link_id", "page", "utm_campaign", "utm_source", "referrer", "country", "device"],
    keys: ["is_bot"],
    people: sql`is_bot = 0`,
  },
  {
    table: "view_combination_daily",
    facts: "views",
    columns: ["page", "utm_source", "utm_campaign", "referrer", "country", "device"],
    keys: [],
    people: sql`1 = 1`,
  },
] as const;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const { table, facts, columns, keys, people } of TABLES) {
        for (const column of ["visitors", "sampled"]) {
          await db.schema
            .alterTable(table)
            .addColumn(column, "text", (definition) => definition.notNull().defaultTo(""))
            .execute();
        }
        const named = [...columns, ...keys].map((name) => sql.ref(name));
        // Per fact: its day, its values as the combinations store them ("" when missing),
        // its keys, and its print.
        const perFact = [
          ...columns.map((name) => sql`coalesce(${sql.ref(name)}, '') as ${sql.ref(name)}`),
          ...keys.map((name) => sql.ref(name)),
          // Padded, so that a key shorter than a print (none the server makes) keeps its width.
          sql`substr(visitor || '======', 1, 6) as print`,
        ];
        const matched = [...columns, ...keys].map(
          (name) => sql`${sql.table(table)}.${sql.ref(name)} = prints.${sql.ref(name)}`,
        );
        // string_agg is PostgreSQL's and SQLite's (3.44 and later) name for the same.
        await sql`update ${sql.table(table)}
          set visitors = prints.visitors, sampled = coalesce(prints.sampled, '')
          from (
            select day, ${sql.join(named)}, string_agg(print, '') as visitors,
              string_agg(case when substr(print, 1, 1) in ('A', 'B', 'C', 'D') then print end, '')
                as sampled
            from (
              select distinct day, ${sql.join(perFact)} from ${sql.table(facts)} where ${people}
            ) as distinct_prints
            group by day, ${sql.join(named)}
          ) as prints
          where ${sql.table(table)}.day = prints.day and ${sql.join(matched, sql` and `)}`.execute(
          db,
        );
      }
    },
  };
}
