/**
 * Publishing at a set time (the studio's "Programar"): at most one scheduled publish per
 * document, of its draft as it is at that time, with who asked for it and the note. The
 * instance that first deletes a due row publishes it (one delete, so exactly one does).
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_schedule")
        .ifNotExists()
        .addColumn("document", "varchar(200)", (column) => column.primaryKey())
        .addColumn("publish_at", "bigint", (column) => column.notNull())
        .addColumn("author", "varchar(254)", (column) => column.notNull())
        .addColumn("message", "varchar(500)", (column) => column.notNull().defaultTo(""))
        .execute();
    },
  };
}
