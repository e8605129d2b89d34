/**
 * Redirects (issue 34): each revision of a page keeps the path it was published at
 * (`content_revisions.path`), so every path a page ever had is one indexed read and an old
 * path answers 301 to the page's path now; filled in here for the revisions already stored.
 * And the paths that answered 404 (`not_found_paths`): per day (UTC, `YYYY-MM-DD`) and path,
 * how many times, at most a fixed number of paths a day (the writer's bound), no query
 * string and nothing about the visitor.
 * Frozen: names and columns are the ones of this migration.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** Revisions read at a time while the paths are filled in. */
const BATCH = 500;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("content_revisions").addColumn("path", "varchar(200)").execute();
      let after = 0;
      for (;;) {
        const { rows } = await sql<{ id: number; data: string | null }>`
          select id, data from content_revisions
          where id > ${after} and document like 'pages/%' order by id limit ${BATCH}`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows) {
          let slug: unknown = null;
          try {
            slug = row.data === null ? null : (JSON.parse(row.data) as { slug?: unknown }).slug;
          } catch {
            slug = null;
          }
          if (typeof slug === "string" && slug.length <= 200) {
            await sql`update content_revisions set path = ${slug} where id = ${row.id}`.execute(db);
          }
        }
        after = Number(rows.at(-1)!.id);
      }
      await db.schema
        .createIndex("content_revisions_path")
        .ifNotExists()
        .on("content_revisions")
        .columns(["path", "document"])
        .execute();
      await db.schema
        .createTable("not_found_paths")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.notNull())
        .addColumn("path", "varchar(200)", (column) => column.notNull())
        .addColumn("hits", "bigint", (column) => column.notNull())
        .addPrimaryKeyConstraint("not_found_paths_pk", ["day", "path"])
        .execute();
    },
  };
}
