/**
 * A/B experiments (issue 24): what each view, click and conversion was shown.
 * - `variants` on `views`, `clicks` and `conversions`: the assignment of the experiments
 *   that applied ("home-h1=B&welcome-split=A", app/experiments/assign.server.ts): for a
 *   view, those of its page; for a click, those of the page it came from plus its link's
 *   destination split; a conversion copies its click's. Null when none applied, and for
 *   everything recorded earlier;
 * - indexes to read one experiment's period grouped by (day, variants): views (day,
 *   variants, visitor), clicks (day, variants, is_bot), conversions (day, variants). The
 *   reports split the text in code, so no table per experiment is needed.
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

const INDEXES = [
  ["views", ["day", "variants", "visitor"]],
  ["clicks", ["day", "variants", "is_bot"]],
  ["conversions", ["day", "variants"]],
] as const;

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, columns] of INDEXES) {
        await db.schema.alterTable(table).addColumn("variants", "varchar(512)").execute();
        await db.schema
          .createIndex(`${table}_variants_day`)
          .ifNotExists()
          .on(table)
          .columns([...columns])
          .execute();
      }
    },
  };
}
