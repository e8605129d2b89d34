/**
 * The conversions under one filter (issue 25): `conversion_filter_daily` holds
 * conversion_daily's counts and amounts (migration 003) again under each one-dimension
 * filter, every pair of seven dimensions (link, page, campaign, source, referrer, country,
 * device; "" when missing), as click_filter_daily does for clicks, so the dashboard's
 * conversions under one filter are sums over these rows instead of a scan of the conversions
 * (2–2.7 s for a year of 1,600,000 conversions on PostgreSQL under a broad filter:
 * docs/scaling.md). Sub-ids are neither filter nor ranked: a network may send one per
 * click. Orphans (no click) are "" everywhere, so no filter's value ever matches them.
 * Backfilled from the conversions. Frozen: names and columns are this migration's.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Dimension → column of the conversions, as of this migration. */
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
      await db.schema
        .createTable("conversion_filter_daily")
        .ifNotExists()
        .addColumn("filter_dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("filter_value", "varchar(2048)", (column) => column.notNull())
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("event", "varchar(12)", (column) => column.notNull())
        .addColumn("currency", "varchar(3)", (column) => column.notNull())
        .addColumn("conversions", "bigint", (column) => column.notNull())
        .addColumn("amount_cents", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("conversion_filter_daily_key", [
          "filter_dimension",
          "filter_value",
          "day",
          "dimension",
          "value",
          "event",
          "currency",
        ])
        .execute();
      // Retention deletes by day.
      await db.schema
        .createIndex("conversion_filter_daily_day")
        .ifNotExists()
        .on("conversion_filter_daily")
        .column("day")
        .execute();
      for (const [filter, filterColumn] of DIMENSIONS) {
        for (const [dimension, column] of DIMENSIONS) {
          const [filterValue, value] = [
            sql`coalesce(${sql.ref(filterColumn)}, '')`,
            sql`coalesce(${sql.ref(column)}, '')`,
          ];
          await sql`insert into conversion_filter_daily (filter_dimension, filter_value, day,
              dimension, value, event, currency, conversions, amount_cents)
            select ${filter}, ${filterValue}, day, ${dimension}, ${value}, event, currency,
              count(*), sum(amount_cents)
            from conversions
            group by ${filterValue}, day, ${value}, event, currency`.execute(db);
        }
      }
    },
  };
}
