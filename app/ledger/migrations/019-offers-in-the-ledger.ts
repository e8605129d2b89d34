/**
 * The offer as a dimension of the ledger: each click keeps the offer its link promoted at
 * the time of the click (`clicks.offer`, null for a link of no offer) and each conversion
 * the offer of its click (`conversions.offer`), so a link later moved to another offer
 * keeps its past clicks where they were. The daily counts gain the dimension "offer":
 * - `click_offer_combination_daily` is the clicks' combinations with `offer` in the key, its
 *   rows copied from `click_combination_daily` with offer "". A new table rather than a new
 *   key: during a rolling deploy on PostgreSQL the release before still upserts the old
 *   table on its old key, and must keep working (deploy/README.md); a later migration drops
 *   it there. On SQLite one process serves, so it is dropped here;
 * - `click_daily`, `click_filter_daily`, `conversion_daily` and `conversion_filter_daily`
 *   gain the offer's rows: every earlier fact under offer "" (none was recorded), as a
 *   rebuild from the facts would count them. Filled from the daily counts themselves (the
 *   link's rows count every fact), so days whose facts retention deleted keep their counts.
 * Frozen: names, columns and the dimension's name are this migration's.
 */
import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

/** The combination table's columns before this migration (migration 009), as it sizes them. */
const COMBINED = [
  ["link_id", "varchar(120)"],
  ["page", "varchar(256)"],
  ["utm_campaign", "varchar(100)"],
  ["utm_source", "varchar(100)"],
  ["referrer", "varchar(253)"],
  ["country", "varchar(2)"],
  ["device", "varchar(10)"],
] as const;

/** The dimensions paired under one filter before this migration (migrations 004, 009, 010). */
const PAIRED = ["link", "page", "campaign", "source", "referrer", "country", "device"];

/** Each family's daily tables, the columns its counts are kept apart by, what they add up. */
const FAMILIES = [
  {
    daily: "click_daily",
    filter: "click_filter_daily",
    keys: ["is_bot"],
    measures: ["clicks"],
  },
  {
    daily: "conversion_daily",
    filter: "conversion_filter_daily",
    keys: ["event", "currency"],
    measures: ["conversions", "amount_cents"],
  },
] as const;

const OFFER = "offer";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const facts of ["clicks", "conversions"]) {
        await db.schema.alterTable(facts).addColumn(OFFER, "varchar(100)").execute();
      }

      let table: CreateTableBuilder<"click_offer_combination_daily", string> = db.schema
        .createTable("click_offer_combination_daily")
        .addColumn("day", "varchar(10)", (column) => column.notNull());
      for (const [name, type] of COMBINED) {
        table = table.addColumn(name, type, (column) => column.notNull());
      }
      await table
        .addColumn(OFFER, "varchar(100)", (column) => column.notNull())
        .addColumn("is_bot", "smallint", (column) => column.notNull())
        .addColumn("clicks", "bigint", (column) => column.notNull())
        .addColumn("visitors", "text", (column) => column.notNull().defaultTo(""))
        .addColumn("sampled", "text", (column) => column.notNull().defaultTo(""))
        .addPrimaryKeyConstraint("click_offer_combination_daily_key", [
          "day",
          ...COMBINED.map(([name]) => name),
          OFFER,
          "is_bot",
        ])
        .execute();
      const copied = [...COMBINED.map(([name]) => name), "is_bot", "clicks", "visitors", "sampled"];
      const columns = sql.join(copied.map((name) => sql.ref(name)));
      await sql`insert into click_offer_combination_daily (day, ${columns}, offer)
        select day, ${columns}, '' from click_combination_daily`.execute(db);
      if (dialect === "sqlite") await db.schema.dropTable("click_combination_daily").execute();

      for (const { daily, filter, keys, measures } of FAMILIES) {
        const kept = sql.join(keys.map((key) => sql.ref(key)));
        const summed = sql.join(measures.map((measure) => sql`sum(${sql.ref(measure)})`));
        const named = sql.join(measures.map((measure) => sql.ref(measure)));
        // Every earlier fact under each filter, as offer "" (the link's rows count them all).
        await sql`insert into ${sql.table(filter)}
            (day, filter_dimension, filter_value, dimension, value, ${kept}, ${named})
          select day, filter_dimension, filter_value, ${OFFER}, '', ${kept}, ${summed}
          from ${sql.table(filter)} where dimension = 'link'
          group by day, filter_dimension, filter_value, ${kept}`.execute(db);
        // Under the filter offer "": every dimension as it is unfiltered, and the offer.
        await sql`insert into ${sql.table(filter)}
            (day, filter_dimension, filter_value, dimension, value, ${kept}, ${named})
          select day, ${OFFER}, '', dimension, value, ${kept}, ${named}
          from ${sql.table(daily)} where dimension in (${sql.join(PAIRED)})`.execute(db);
        await sql`insert into ${sql.table(filter)}
            (day, filter_dimension, filter_value, dimension, value, ${kept}, ${named})
          select day, ${OFFER}, '', ${OFFER}, '', ${kept}, ${summed}
          from ${sql.table(daily)} where dimension = 'link'
          group by day, ${kept}`.execute(db);
        await sql`insert into ${sql.table(daily)} (day, dimension, value, ${kept}, ${named})
          select day, ${OFFER}, '', ${kept}, ${summed}
          from ${sql.table(daily)} where dimension = 'link'
          group by day, ${kept}`.execute(db);
      }
    },
  };
}
