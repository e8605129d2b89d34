/**
 * Alerts (issue 35): one row per incident (`alert_incidents`): what kind (a broken
 * destination, postbacks gone quiet, a surge of orphans), about what (the destination's
 * URL, or the program), in Spanish words, when it opened and when it was resolved, and
 * whether its opening and its resolution were sent. At most one open incident per kind
 * and subject: the partial unique index makes a second opening by another instance a
 * no-op.
 * Frozen: names and columns are this migration's.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("alert_incidents")
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("kind", "varchar(40)", (column) => column.notNull())
        .addColumn("subject", "varchar(2048)", (column) => column.notNull())
        .addColumn("details", "text", (column) => column.notNull())
        .addColumn("opened_at", "bigint", (column) => column.notNull())
        .addColumn("resolved_at", "bigint")
        .addColumn("sent_open", "smallint", (column) => column.notNull().defaultTo(0))
        .addColumn("sent_resolved", "smallint", (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("alert_incidents_open")
        .unique()
        .on("alert_incidents")
        .columns(["kind", "subject"])
        .where(sql.ref("resolved_at"), "is", null)
        .execute();
      await db.schema
        .createIndex("alert_incidents_opened_at")
        .on("alert_incidents")
        .column("opened_at")
        .execute();
    },
  };
}
