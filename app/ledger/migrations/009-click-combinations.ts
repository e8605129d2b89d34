/**
 * The clicks' daily combinations (issue 25), so no view of the dashboard but a sub-id's
 * reads the clicks (2.7–8 s for a year of 10,000,000 clicks on PostgreSQL: docs/scaling.md):
 * - `click_combination_daily` holds, per day and people/bots, the clicks of each
 *   combination of seven dimensions' values (link, page, campaign, source, referrer,
 *   country, device; "" when missing), for two filters or more: sums over these rows. A day
 *   has as many rows as combinations seen that day: bounded by the values' variety, not by
 *   the traffic. Sub-ids stay out: a network may send one per click, and the combinations
 *   would then be as many as the clicks;
 * - `click_filter_daily` (migration 004) gains the referrer's pairs: a referrer filter, and
 *   the referrer ranking under any one filter, read it like the other dimensions.
 * Both backfilled from the clicks. Frozen: names and columns are this migration's.
 */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The seven columns, as the clicks table names and sizes them (migrations 001 and 005). */
const COLUMNS = [
  ["link_id", "varchar(120)"],
  ["page", "varchar(256)"],
  ["utm_campaign", "varchar(100)"],
  ["utm_source", "varchar(100)"],
  ["referrer", "varchar(253)"],
  ["country", "varchar(2)"],
  ["device", "varchar(10)"],
] as const;

/** Dimension → column of the seven, as click_filter_daily names the dimensions. */
const DIMENSIONS = [
  ["link", "link_id"],
  ["page", "page"],
  ["campaign", "utm_campaign"],
  ["source", "utm_source"],
  ["referrer", "referrer"],
  ["country", "country"],
  ["device", "device"],
] as const;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table: CreateTableBuilder<"click_combination_daily", string> = db.schema
        .createTable("click_combination_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull());
      for (const [name, type] of COLUMNS) {
        table = table.addColumn(name, type, (column) => column.notNull());
      }
      await table
        .addColumn("is_bot", "smallint", (column) => column.notNull())
        .addColumn("clicks", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("click_combination_daily_key", [
          "day",
          ...COLUMNS.map(([name]) => name),
          "is_bot",
        ])
        .execute();
      const stored = COLUMNS.map(([name]) => sql`coalesce(${sql.ref(name)}, '')`);
      await sql`insert into click_combination_daily
          (day, ${sql.join(COLUMNS.map(([name]) => sql.ref(name)))}, is_bot, clicks)
        select day, ${sql.join(stored)}, is_bot, count(*) from clicks
        group by day, ${sql.join(stored)}, is_bot`.execute(db);
      // The referrer's pairs in click_filter_daily, from the combinations just made: the
      // referrer under each filter, and each dimension under a referrer filter.
      for (const [filter, filterColumn] of DIMENSIONS) {
        for (const [dimension, column] of DIMENSIONS) {
          if (filter !== "referrer" && dimension !== "referrer") continue;
          await sql`insert into click_filter_daily
              (day, filter_dimension, filter_value, dimension, value, is_bot, clicks)
            select day, ${filter}, ${sql.ref(filterColumn)}, ${dimension}, ${sql.ref(column)},
              is_bot, sum(clicks)
            from click_combination_daily
            group by day, ${sql.ref(filterColumn)}, ${sql.ref(column)}, is_bot`.execute(db);
        }
      }
    },
  };
}
