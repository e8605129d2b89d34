/**
 * Page views (issue 23), counted by the site itself and joined to the clicks:
 * - `views`: one row per human page view: time, day, page (a content page or "404"), the
 *   visit's source (utm_source, utm_medium, utm_campaign of the landing URL, or the
 *   external referrer's host), device class, browser family, country and the daily visitor
 *   key. Bots are never stored. No IP, no User-Agent;
 * - `view_daily`: views and unique visitors per day, dimension and value. The dimension
 *   "total" (value "") holds the day's views and visitors; the visitors of the other rows
 *   are counted for pages only (0 elsewhere);
 * - `view_filter_daily`: view_daily's views under each one-dimension filter, as
 *   click_filter_daily is for clicks;
 * - `view_visitor_daily`: the visitor keys already counted per day and page ("" for the
 *   whole site), so a visitor's second view of a page does not count a second visitor.
 *   It only deduplicates: the counts live in view_daily, and old days are deleted;
 * - `referrer` on clicks and conversions: the external host the visit came from, when it
 *   had no utm_source (the browser sends it with the click as `ref`), a report dimension.
 *   Earlier clicks had none: their daily counts get "" for it.
 * Frozen: names and columns are the ones of this migration.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Dimension → views column, as of this migration. */
const VIEW_DIMENSIONS = [
  ["page", "page"],
  ["campaign", "utm_campaign"],
  ["source", "utm_source"],
  ["referrer", "referrer"],
  ["country", "country"],
  ["device", "device"],
] as const;

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("views")
        .ifNotExists()
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("page", "varchar(256)", (column) => column.notNull())
        .addColumn("utm_source", "varchar(100)")
        .addColumn("utm_medium", "varchar(100)")
        .addColumn("utm_campaign", "varchar(100)")
        .addColumn("referrer", "varchar(253)")
        .addColumn("country", "varchar(2)")
        .addColumn("device", "varchar(10)", (column) => column.notNull())
        .addColumn("browser", "varchar(40)", (column) => column.notNull())
        .addColumn("visitor", "varchar(32)", (column) => column.notNull())
        .execute();
      // Retention deletes by time; the filtered reports read a filter column's covering
      // index (column, day, page, visitor) instead of the table.
      await db.schema.createIndex("views_at").ifNotExists().on("views").column("at").execute();
      for (const [, column] of VIEW_DIMENSIONS) {
        await db.schema
          .createIndex(`views_${column}_cover`)
          .ifNotExists()
          .on("views")
          .columns(
            column === "page" ? ["page", "day", "visitor"] : [column, "day", "page", "visitor"],
          )
          .execute();
      }

      await db.schema
        .createTable("view_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("views", "bigint", (column) => column.notNull())
        .addColumn("visitors", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("view_daily_key", ["day", "dimension", "value"])
        .execute();

      await db.schema
        .createTable("view_filter_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("filter_dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("filter_value", "varchar(2048)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("views", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("view_filter_daily_key", [
          "filter_dimension",
          "filter_value",
          "day",
          "dimension",
          "value",
        ])
        .execute();
      await db.schema
        .createIndex("view_filter_daily_day")
        .ifNotExists()
        .on("view_filter_daily")
        .column("day")
        .execute();

      await db.schema
        .createTable("view_visitor_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("page", "varchar(256)", (column) => column.notNull())
        .addColumn("visitor", "varchar(32)", (column) => column.notNull())
        .addPrimaryKeyConstraint("view_visitor_daily_key", ["day", "page", "visitor"])
        .execute();

      for (const table of ["clicks", "conversions"]) {
        await db.schema.alterTable(table).addColumn("referrer", "varchar(253)").execute();
      }
      await db.schema
        .createIndex("clicks_referrer_cover")
        .ifNotExists()
        .on("clicks")
        .columns(["referrer", "day", "is_bot", "visitor", "subid"])
        .execute();
      // The clicks and conversions so far came from no known referrer.
      await sql`insert into click_daily (day, dimension, value, is_bot, clicks)
        select day, 'referrer', '', is_bot, count(*) from clicks group by day, is_bot`.execute(db);
      await sql`insert into conversion_daily
          (day, dimension, value, event, currency, conversions, amount_cents)
        select day, 'referrer', '', event, currency, count(*), sum(amount_cents)
        from conversions group by day, event, currency`.execute(db);
    },
  };
}
