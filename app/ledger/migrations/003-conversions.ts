/**
 * Click ids and the conversion ledger (issue 22): the clicks gain their id (unique; null
 * for the clicks recorded before), and three tables appear: the conversions an affiliate
 * program reports (postbacks, CSV imports), their daily counts per dimension, and the
 * bounded log of what every postback got. Frozen: a migration imports nothing of the
 * application (only Kysely); the dimensions are the ones that existed when it was written.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("clicks").addColumn("click_id", "varchar(32)").execute();
      await db.schema
        .createIndex("clicks_click_id")
        .ifNotExists()
        .unique()
        .on("clicks")
        .column("click_id")
        .execute();

      await db.schema
        .createTable("conversions")
        .ifNotExists()
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("event", "varchar(12)", (column) => column.notNull())
        .addColumn("amount_cents", "bigint", (column) => column.notNull())
        .addColumn("currency", "varchar(3)", (column) => column.notNull())
        .addColumn("txid", "varchar(100)")
        .addColumn("dedup_key", "varchar(255)", (column) => column.notNull().unique())
        .addColumn("click_id", "varchar(64)", (column) => column.notNull())
        .addColumn("orphan", "smallint", (column) => column.notNull())
        .addColumn("origin", "varchar(10)", (column) => column.notNull())
        .addColumn("click_at", "bigint")
        .addColumn("link_id", "varchar(120)", (column) => column.notNull())
        .addColumn("page", "varchar(256)", (column) => column.notNull())
        .addColumn("utm_source", "varchar(100)")
        .addColumn("utm_campaign", "varchar(100)")
        .addColumn("subid", "varchar(100)")
        .addColumn("country", "varchar(2)")
        .addColumn("device", "varchar(10)", (column) => column.notNull())
        .execute();
      // Reports filter a range of days; attribution and orphans look up click ids;
      // retention deletes by time.
      await db.schema
        .createIndex("conversions_day")
        .ifNotExists()
        .on("conversions")
        .column("day")
        .execute();
      await db.schema
        .createIndex("conversions_click_id")
        .ifNotExists()
        .on("conversions")
        .column("click_id")
        .execute();
      await db.schema
        .createIndex("conversions_at")
        .ifNotExists()
        .on("conversions")
        .column("at")
        .execute();

      await db.schema
        .createTable("conversion_daily")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("dimension", "varchar(10)", (column) => column.notNull())
        .addColumn("value", "varchar(2048)", (column) => column.notNull())
        .addColumn("event", "varchar(12)", (column) => column.notNull())
        .addColumn("currency", "varchar(3)", (column) => column.notNull())
        .addColumn("conversions", "bigint", (column) => column.notNull())
        .addColumn("amount_cents", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("conversion_daily_key", [
          "day",
          "dimension",
          "value",
          "event",
          "currency",
        ])
        .execute();

      await db.schema
        .createTable("postback_log")
        .ifNotExists()
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("outcome", "varchar(10)", (column) => column.notNull())
        .addColumn("origin", "varchar(10)", (column) => column.notNull())
        .addColumn("reason", "varchar(40)")
        .addColumn("event", "varchar(40)")
        .addColumn("click_id", "varchar(64)")
        .addColumn("txid", "varchar(100)")
        .addColumn("amount_cents", "bigint")
        .addColumn("currency", "varchar(3)")
        .execute();
    },
  };
}
