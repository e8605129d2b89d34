/**
 * The ledger's schema as migrations, run at start by Kysely's Migrator (it records what
 * ran in its own table and takes a lock, so several instances starting at once are safe).
 * One list for both dialects; where they differ (the id column), the migration asks.
 */
import { Migrator, sql, type Kysely, type Migration } from "kysely";

import type { Dialect } from "./database.server";
import { DIMENSIONS } from "./reports.server";

function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "001-clicks": {
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
    },
    // The dashboard (app/admin): daily counts for its unfiltered views (rollup.server.ts),
    // filled from the clicks already there, and an index per filter for the others.
    "002-daily-rollups": {
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
        for (const [dimension, column] of Object.entries(DIMENSIONS)) {
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
    },
  };
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    migrationTableName: "clicks_migrations",
    migrationLockTableName: "clicks_migrations_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`click ledger migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
