/**
 * The clicks' daily counts recomputed from the clicks themselves by SQL `group by`: what
 * the click ledger keeps up to date one batch at a time (./clicks.server.ts), in one pass
 * here. For seeding millions of clicks fast (`npm run seed-clicks`, scripts/seed/ledger-seed.ts)
 * and as a cross-check of the ledger's own counting: after it, the tables hold exactly what
 * the clicks say.
 * - `click_combination_daily`: the day's combinations of values (PAIRED), one scan;
 * - `click_daily`: clicks per day and value of each dimension, from the combinations, and
 *   sub-ids from the clicks;
 * - `click_filter_daily`: every pair of PAIRED, from the far smaller combinations;
 * - `visitor_daily`: the day's distinct visitor keys among people.
 * Runs in one transaction.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";

import { DIMENSIONS } from "~/reports/dimensions";
import { COMBINATION_COLUMNS, PAIRED } from "./clicks.server";
import type { Database } from "../schema";

/** A column's value as the daily counts store it: "" when missing (clicks and views). */
export const stored = (column: string): RawBuilder<string> => sql`coalesce(${sql.ref(column)}, '')`;

/** Replaces every daily count of clicks with the counts of the clicks table. */
export async function rebuildClickRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [
      "click_combination_daily",
      "click_daily",
      "click_filter_daily",
      "visitor_daily",
    ]) {
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    const columns = sql.join(COMBINATION_COLUMNS.map((column) => sql.ref(column)));
    const values = sql.join(COMBINATION_COLUMNS.map(stored));
    await sql`insert into click_combination_daily (day, ${columns}, is_bot, clicks)
      select day, ${values}, is_bot, count(*) from clicks
      group by day, ${values}, is_bot`.execute(trx);

    for (const dimension of PAIRED) {
      const column = sql.ref(DIMENSIONS[dimension].column);
      await sql`insert into click_daily (day, dimension, value, is_bot, clicks)
        select day, ${dimension}, ${column}, is_bot, sum(clicks)
        from click_combination_daily group by day, ${column}, is_bot`.execute(trx);
    }
    const subid = stored(DIMENSIONS.subid.column);
    await sql`insert into click_daily (day, dimension, value, is_bot, clicks)
      select day, 'subid', ${subid}, is_bot, count(*) from clicks
      group by day, ${subid}, is_bot`.execute(trx);

    for (const filter of PAIRED) {
      for (const dimension of PAIRED) {
        const [filterValue, value] = [
          sql.ref(DIMENSIONS[filter].column),
          sql.ref(DIMENSIONS[dimension].column),
        ];
        await sql`insert into click_filter_daily
            (day, filter_dimension, filter_value, dimension, value, is_bot, clicks)
          select day, ${filter}, ${filterValue}, ${dimension}, ${value}, is_bot, sum(clicks)
          from click_combination_daily group by day, ${filterValue}, ${value}, is_bot`.execute(trx);
      }
    }

    await sql`insert into visitor_daily (day, visitor)
      select distinct day, visitor from clicks where is_bot = 0`.execute(trx);
  });
}
