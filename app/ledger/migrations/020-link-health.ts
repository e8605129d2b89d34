/**
 * The destination monitor's history (issue 35): one row per check of one affiliate
 * destination (`link_checks`: its verdict, the reasons in Spanish, each hop's status and
 * host as JSON, the last host, whether the click id and the sub-id survived, how long it
 * took), kept 90 days; the warnings a person accepted (`link_check_acceptances`: the
 * destination, the chain of hosts they accepted, when and who), which hold until the chain
 * changes. And the clicks a link's fallback received while its destination was broken
 * (`clicks.fallback`, 1; 0 for every other click), with an index of those alone.
 * The older release's table `click_combination_daily` (migration 019 kept it on
 * PostgreSQL for the rolling deploy that brought it in) is dropped: no release that writes
 * it still runs beside this one.
 * Frozen: names and columns are this migration's.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("link_checks")
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("url", "varchar(2048)", (column) => column.notNull())
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("health", "varchar(5)", (column) => column.notNull())
        .addColumn("reasons", "text", (column) => column.notNull())
        .addColumn("hops", "text", (column) => column.notNull())
        .addColumn("final_host", "varchar(253)")
        .addColumn("click_id_kept", "smallint", (column) => column.notNull())
        .addColumn("sub_id_kept", "smallint", (column) => column.notNull())
        .addColumn("ms", "integer", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("link_checks_url_at")
        .on("link_checks")
        .columns(["url", "at"])
        .execute();
      await db.schema.createIndex("link_checks_at").on("link_checks").column("at").execute();
      await db.schema
        .createTable("link_check_acceptances")
        .addColumn("url", "varchar(2048)", (column) => column.primaryKey())
        .addColumn("chain", "text", (column) => column.notNull())
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("by", "varchar(254)", (column) => column.notNull())
        .execute();
      await db.schema
        .alterTable("clicks")
        .addColumn("fallback", "smallint", (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("clicks_fallback_at")
        .on("clicks")
        .column("at")
        .where(sql.ref("fallback"), "=", 1)
        .execute();
      await db.schema.dropTable("click_combination_daily").ifExists().execute();
    },
  };
}
