/**
 * Conversions are counted apart from their commit (issue 32): `counted` is 0 from the
 * postback's synced transaction until the transaction that adds the conversion to the
 * daily counts sets it to 1. Every conversion already stored is counted (the default, 1).
 * The partial index finds the few waiting without reading the others.
 * Frozen: names and columns are this migration's.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("conversions")
        .addColumn("counted", "smallint", (column) => column.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex("conversions_to_count")
        .on("conversions")
        .column("id")
        .where(sql.ref("counted"), "=", 0)
        .execute();
    },
  };
}
