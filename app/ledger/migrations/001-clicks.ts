/**
 * The clicks table and the indexes every report and the retention use. Frozen: a
 * migration imports nothing of the application (only Kysely), so a fresh database and an
 * old one end up with the same schema whatever the current code says.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("clicks")
        .ifNotExists()
        .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("link_id", "varchar(120)", (column) => column.notNull())
        .addColumn("destination", "varchar(2048)", (column) => column.notNull())
        .addColumn("page", "varchar(256)", (column) => column.notNull())
        .addColumn("utm_source", "varchar(100)")
        .addColumn("utm_medium", "varchar(100)")
        .addColumn("utm_campaign", "varchar(100)")
        .addColumn("utm_content", "varchar(100)")
        .addColumn("utm_term", "varchar(100)")
        .addColumn("gclid", "varchar(100)")
        .addColumn("fbclid", "varchar(100)")
        .addColumn("subid", "varchar(100)")
        .addColumn("country", "varchar(2)")
        .addColumn("device", "varchar(10)", (column) => column.notNull())
        .addColumn("browser", "varchar(40)", (column) => column.notNull())
        .addColumn("is_bot", "smallint", (column) => column.notNull())
        .addColumn("visitor", "varchar(32)", (column) => column.notNull())
        .execute();
      // Every report filters a range of days; retention deletes by time.
      await db.schema
        .createIndex("clicks_day")
        .ifNotExists()
        .on("clicks")
        .columns(["day", "is_bot"])
        .execute();
      await db.schema.createIndex("clicks_at").ifNotExists().on("clicks").column("at").execute();
      await db.schema
        .createIndex("clicks_link_day")
        .ifNotExists()
        .on("clicks")
        .columns(["link_id", "day"])
        .execute();
    },
  };
}
