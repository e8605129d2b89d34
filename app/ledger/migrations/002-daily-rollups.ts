/**
 * The daily counts of the dashboard's unfiltered views (rollup.server.ts), filled from the
 * clicks already there, and an index per filter for the filtered views. Frozen: the
 * dimensions are the ones that existed when this migration was written, listed here; a
 * dimension added later gets its own migration (backfill and index).
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Dimension → ledger column, as of this migration. */
const DIMENSIONS = [
  ["link", "link_id"],
  ["page", "page"],
  ["campaign", "utm_campaign"],
  ["source", "utm_source"],
  ["subid", "subid"],
  ["country", "country"],
  ["device", "device"],
] as const;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("click_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("is_bot", "smallint", (column) => column.notNull())
        .addColumn("clicks", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("click_daily_key", ["day", "dimension", "value", "is_bot"])
        .execute();
      await db.schema
        .createTable("visitor_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("visitor", "varchar(32)", (column) => column.notNull())
        .addPrimaryKeyConstraint("visitor_daily_key", ["day", "visitor"])
        .execute();
      for (const [dimension, column] of DIMENSIONS) {
        await sql`insert into click_daily (day, dimension, value, is_bot, clicks)
          select day, ${dimension}, coalesce(${sql.ref(column)}, ''), is_bot, count(*)
          from clicks group by day, coalesce(${sql.ref(column)}, ''), is_bot`.execute(db);
        if (column !== "link_id") {
          await db.schema
            .createIndex(`clicks_${column}_day`)
            .ifNotExists()
            .on("clicks")
            .columns([column, "day"])
            .execute();
        }
      }
      await sql`insert into visitor_daily (day, visitor)
        select distinct day, visitor from clicks where is_bot = 0`.execute(db);
    },
  };
}
