/**
 * The content studio's storage (decision 022): the site's content lives in the ledger's
 * database, beside the events it earns, so one backup and one PostgreSQL serve both.
 * - `content_revisions`: every published version of a document (the site settings, or one
 *   page), never updated or deleted. A document's newest revision is what the site serves;
 *   `data` null is a page taken off the site. `source` says where it came from (the studio,
 *   the content files, a restore, or a change of the files kept apart as a conflict).
 * - `content_drafts`: at most one draft per document, saved as the marketer types;
 *   `version` grows with every save, and a save names the version it was made from, so the
 *   second of two tabs saving the same document is refused instead of overwriting.
 * - `content_files`: the hash of each content file as last seen (read at a start, or written
 *   by `npm run content:export`) and the revision it matched, so a start tells a file a
 *   developer changed from one left as it was, and a change from a conflict.
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("content_revisions")
        .ifNotExists()
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("document", "varchar(200)", (column) => column.notNull())
        .addColumn("data", "text")
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("author", "varchar(200)", (column) => column.notNull())
        .addColumn("message", "varchar(500)", (column) => column.notNull().defaultTo(""))
        .addColumn("source", "varchar(20)", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("content_revisions_document")
        .ifNotExists()
        .on("content_revisions")
        .columns(["document", "id"])
        .execute();
      await db.schema
        .createTable("content_drafts")
        .ifNotExists()
        .addColumn("document", "varchar(200)", (column) => column.primaryKey())
        .addColumn("data", "text", (column) => column.notNull())
        .addColumn("version", "integer", (column) => column.notNull())
        .addColumn("base_revision", "bigint")
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("author", "varchar(200)", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("content_files")
        .ifNotExists()
        .addColumn("document", "varchar(200)", (column) => column.primaryKey())
        .addColumn("hash", "varchar(64)", (column) => column.notNull())
        .addColumn("revision", "bigint", (column) => column.notNull())
        .execute();
    },
  };
}
