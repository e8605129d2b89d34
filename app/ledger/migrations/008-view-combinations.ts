/**
 * The page views' daily combinations (issue 25): `view_combination_daily` holds, per day,
 * the views of each combination of the six view dimensions' values (page, source,
 * campaign, referrer, country, device; "" when missing), so the dashboard's views under two
 * filters or more are sums over these rows instead of a scan of the views. A day has as many
 * rows as combinations seen that day: bounded by the values' variety, not by the traffic
 * (a few thousand a day for the seed's traffic, whether a day has 10,000 views or 150,000).
 * Backfilled from the views. Numbered 008: 007 is another change's (issue 25's shared
 * facts). Frozen: names and columns are the ones of this migration.
 */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The six view dimensions' columns, as the views table names them (migration 005). */
const COLUMNS = [
  ["page", "varchar(256)"],
  ["utm_source", "varchar(100)"],
  ["utm_campaign", "varchar(100)"],
  ["referrer", "varchar(253)"],
  ["country", "varchar(2)"],
  ["device", "varchar(10)"],
] as const;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table: CreateTableBuilder<"view_combination_daily", string> = db.schema
        .createTable("view_combination_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull());
      for (const [name, type] of COLUMNS) {
        table = table.addColumn(name, type, (column) => column.notNull());
      }
      await table
        .addColumn("views", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("view_combination_daily_key", [
          "day",
          ...COLUMNS.map(([name]) => name),
        ])
        .execute();
      const stored = COLUMNS.map(([name]) => sql`coalesce(${sql.ref(name)}, '')`);
      await sql`insert into view_combination_daily
          (day, ${sql.join(COLUMNS.map(([name]) => sql.ref(name)))}, views)
        select day, ${sql.join(stored)}, count(*) from views
        group by day, ${sql.join(stored)}`.execute(db);
    },
  };
}
