/**
 * The studio's media library (decision 022): each uploaded image once (`media`, by the
 * first 12 hex digits of the SHA-256 of the uploaded bytes: the same photo uploaded twice is
 * one image), with its name, its alternative text, its largest size and who uploaded it;
 * and the files made from it (`media_files`, by the path the site serves them at, under
 * /media/), their bytes in the database so every instance serves the same files and a
 * backup holds them.
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("media")
        .ifNotExists()
        .addColumn("id", "varchar(12)", (column) => column.primaryKey())
        .addColumn("name", "varchar(120)", (column) => column.notNull())
        .addColumn("alt", "varchar(300)", (column) => column.notNull())
        .addColumn("width", "integer", (column) => column.notNull())
        .addColumn("height", "integer", (column) => column.notNull())
        .addColumn("uploaded_bytes", "integer", (column) => column.notNull())
        .addColumn("author", "varchar(254)", (column) => column.notNull())
        .addColumn("at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("media_files")
        .ifNotExists()
        .addColumn("path", "varchar(200)", (column) => column.primaryKey())
        .addColumn("media", "varchar(12)", (column) => column.notNull())
        .addColumn("width", "integer", (column) => column.notNull())
        .addColumn("height", "integer", (column) => column.notNull())
        .addColumn("content_type", "varchar(40)", (column) => column.notNull())
        .addColumn("body", bytes, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("media_files_media")
        .ifNotExists()
        .on("media_files")
        .column("media")
        .execute();
    },
  };
}
