/**
 * The dashboard's views with one filter (issue 22: a year of device=mobile took 1.1 s on
 * SQLite, over the 1 s target) read daily counts instead of the clicks:
 * - `click_filter_daily`: clicks per day, filter dimension and value, ranked dimension and
 *   value, and people/bots: click_daily once more under each filter value. Sub-ids are
 *   left out on both sides: a network may send one per click, and paired with every other
 *   value they would make as many rows as clicks;
 * - one covering index per filter column (column, day, is_bot, visitor, subid) in place of
 *   002's (column, day): the filtered days (with unique visitors) and the sub-id ranking
 *   are then read from the index alone, never from the table.
 * Frozen: the dimensions are the ones that existed when this migration was written.
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

const PAIRED = DIMENSIONS.filter(([dimension]) => dimension !== "subid");

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("click_filter_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("filter_dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("filter_value", "varchar(2048)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("is_bot", "smallint", (column) => column.notNull())
        .addColumn("clicks", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("click_filter_daily_key", [
          "filter_dimension",
          "filter_value",
          "day",
          "dimension",
          "value",
          "is_bot",
        ])
        .execute();
      // Retention deletes by day.
      await db.schema
        .createIndex("click_filter_daily_day")
        .ifNotExists()
        .on("click_filter_daily")
        .column("day")
        .execute();
      for (const [filter, filterColumn] of PAIRED) {
        for (const [dimension, column] of PAIRED) {
          await sql`insert into click_filter_daily
              (day, filter_dimension, filter_value, dimension, value, is_bot, clicks)
            select day, ${filter}, coalesce(${sql.ref(filterColumn)}, ''), ${dimension},
              coalesce(${sql.ref(column)}, ''), is_bot, count(*)
            from clicks
            group by day, coalesce(${sql.ref(filterColumn)}, ''), coalesce(${sql.ref(column)}, ''), is_bot`.execute(
            db,
          );
        }
      }
      for (const [, column] of DIMENSIONS) {
        await db.schema
          .createIndex(`clicks_${column}_cover`)
          .ifNotExists()
          .on("clicks")
          .columns(
            column === "subid"
              ? [column, "day", "is_bot", "visitor"]
              : [column, "day", "is_bot", "visitor", "subid"],
          )
          .execute();
        await db.schema
          .dropIndex(column === "link_id" ? "clicks_link_day" : `clicks_${column}_day`)
          .ifExists()
          .execute();
      }
    },
  };
}
