/**
 * The page views' daily counts (migration 005) recomputed from the views themselves by SQL
 * `group by`: what the view ledger keeps up to date one batch at a time, in one pass here.
 * For seeding millions of views fast (scripts/seed/ledger-seed.ts) and as a cross-check of
 * the ledger's own counting: after it, the tables hold exactly what the views say.
 * - `view_daily`: views per day and value of each view dimension; unique visitors for the
 *   day ("total") and per page;
 * - `view_combination_daily`: the day's combinations of values, with their views (one scan
 *   of the views);
 * - `view_filter_daily`: those views under each one-dimension filter, every pair from the
 *   far smaller combinations;
 * - `view_visitor_daily`: the visitor keys of the last two days with views only, the ones
 *   the ledger still deduplicates against (older rows are deleted by design).
 * Runs in one transaction.
 */
import { sql, type Kysely } from "kysely";

import { stored } from "./rebuild-clicks.server";
import type { Database } from "../schema";

import { VIEW_DIMENSIONS, VIEW_TOTAL, viewColumn } from "~/reports/view-dimensions";

/** Replaces every daily count of views with the counts of the views table. */
export async function rebuildViewRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [
      "view_daily",
      "view_combination_daily",
      "view_filter_daily",
      "view_visitor_daily",
    ]) {
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    await sql`insert into view_daily (day, dimension, value, views, visitors)
      select day, ${VIEW_TOTAL}, '', count(*), count(distinct visitor) from views group by day`.execute(
      trx,
    );
    await sql`insert into view_daily (day, dimension, value, views, visitors)
      select day, 'page', page, count(*), count(distinct visitor) from views group by day, page`.execute(
      trx,
    );
    for (const dimension of VIEW_DIMENSIONS.filter((name) => name !== "page")) {
      const value = stored(viewColumn(dimension));
      await sql`insert into view_daily (day, dimension, value, views, visitors)
        select day, ${dimension}, ${value}, count(*), 0 from views group by day, ${value}`.execute(
        trx,
      );
    }

    // The day's combinations of the six values, with their views.
    const columns = VIEW_DIMENSIONS.map((dimension) => viewColumn(dimension));
    await sql`insert into view_combination_daily (day, ${sql.join(columns.map((column) => sql.ref(column)))}, views)
      select day, ${sql.join(columns.map(stored))}, count(*)
      from views group by day, ${sql.join(columns.map(stored))}`.execute(trx);
    for (const filter of VIEW_DIMENSIONS) {
      for (const dimension of VIEW_DIMENSIONS) {
        const [filterValue, value] = [sql.ref(viewColumn(filter)), sql.ref(viewColumn(dimension))];
        await sql`insert into view_filter_daily
            (day, filter_dimension, filter_value, dimension, value, views)
          select day, ${filter}, ${filterValue}, ${dimension}, ${value}, sum(views)
          from view_combination_daily group by day, ${filterValue}, ${value}`.execute(trx);
      }
    }

    const recent = await sql<{ day: string }>`select distinct day from views
      order by day desc limit 2`.execute(trx);
    if (recent.rows.length === 0) return;
    const days = sql.join(recent.rows.map((row) => row.day));
    await sql`insert into view_visitor_daily (day, page, visitor)
      select distinct day, page, visitor from views where day in (${days})
      union select distinct day, '', visitor from views where day in (${days})`.execute(trx);
  });
}
