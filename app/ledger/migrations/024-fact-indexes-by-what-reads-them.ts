/**
 * The facts keep only the indexes something reads (issue 32: each index is one more B-tree
 * written per click or view, and one whose key holds the visitor is written at a random
 * place, so a busy day dirtied a page of it per row):
 * - the views' six covering indexes of 005 go: every report of the views under a filter
 *   reads the daily counts or the combinations since 008 and 013, none reads the views by
 *   a dimension's column;
 * - the clicks' covering indexes of 004 and 005 (column, day, is_bot, visitor, subid) become
 *   (column, day): only the sub-id ranking under filters still reads the clicks by such a
 *   column, on demand; unique visitors under a filter come from the combinations' prints
 *   (013). The sub-id's own index stays whole: a sub-id filter counts its unique visitors
 *   from it.
 * Frozen: names and columns are this migration's.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The views' filter columns whose covering index 005 made. */
const VIEW_COLUMNS = ["page", "utm_source", "utm_campaign", "referrer", "country", "device"];

/** The clicks' paired filter columns whose covering index 004 and 005 made. */
const CLICK_COLUMNS = [
  "link_id",
  "page",
  "utm_campaign",
  "utm_source",
  "country",
  "device",
  "referrer",
];

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of VIEW_COLUMNS) {
        await db.schema.dropIndex(`views_${column}_cover`).ifExists().execute();
      }
      for (const column of CLICK_COLUMNS) {
        await db.schema
          .createIndex(`clicks_${column}_day`)
          .ifNotExists()
          .on("clicks")
          .columns([column, "day"])
          .execute();
        await db.schema.dropIndex(`clicks_${column}_cover`).ifExists().execute();
      }
    },
  };
}
