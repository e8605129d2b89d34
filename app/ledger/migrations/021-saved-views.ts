/**
 * The dashboard's saved views (issue 36): one row per view a person saved under a name,
 * per account (`owner`, the account's e-mail or "admin"): the view's URL query (period,
 * filters, order and figures, as `?period=7d&col=clicks…`) and when it was saved. A name
 * is unique per account, so saving under a name again replaces that view.
 * Frozen: names and columns are this migration's.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("saved_views")
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("owner", "varchar(254)", (column) => column.notNull())
        .addColumn("name", "varchar(60)", (column) => column.notNull())
        .addColumn("query", "varchar(2048)", (column) => column.notNull())
        .addColumn("saved_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("saved_views_owner_name")
        .unique()
        .on("saved_views")
        .columns(["owner", "name"])
        .execute();
    },
  };
}
