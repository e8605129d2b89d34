/**
 * What the marketer's reports read from the ledger: totals, clicks per day, and rankings
 * by link, page, campaign, source, sub-id, country and device, for a range of days and any
 * combination of filters, with or without bots. Unique visitors are counted per day (the
 * visitor key changes every day by design), so a period's uniques are the sum of its
 * days' uniques.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";

import type { LedgerDatabase } from "./database.server";
import type { Database } from "./schema";

/** Dimensions a report can rank or filter by, as ledger columns. */
export const DIMENSIONS = {
  link: "link_id",
  page: "page",
  campaign: "utm_campaign",
  source: "utm_source",
  subid: "subid",
  country: "country",
  device: "device",
} as const;

export type Dimension = keyof typeof DIMENSIONS;
export type Filters = Partial<Record<Dimension, string>>;
/** Inclusive range of days, YYYY-MM-DD. */
export type DayRange = { from: string; to: string };

export type Totals = { humans: number; bots: number; uniques: number };
export type DayCount = { day: string; humans: number; bots: number };
export type Ranked = { value: string | null; clicks: number };

type Query = SelectQueryBuilder<Database, "clicks", object>;

function scoped(query: Query, range: DayRange, filters: Filters): Query {
  let scopedQuery = query.where("day", ">=", range.from).where("day", "<=", range.to);
  for (const [dimension, value] of Object.entries(filters) as [Dimension, string | undefined][]) {
    if (value === undefined) continue;
    scopedQuery = scopedQuery.where(DIMENSIONS[dimension], "=", value);
  }
  return scopedQuery;
}

const humans = (eb: ExpressionBuilder<Database, "clicks">) =>
  eb.fn.sum<number>(eb.case().when("is_bot", "=", 0).then(1).else(0).end());
const bots = (eb: ExpressionBuilder<Database, "clicks">) =>
  eb.fn.sum<number>(eb.case().when("is_bot", "=", 1).then(1).else(0).end());

const unfiltered = (filters: Filters) =>
  Object.values(filters).every((value) => value === undefined);

export function reportQueries({ db }: LedgerDatabase) {
  const clicks = () => db.selectFrom("clicks");
  /** The daily counts of one dimension over a range (each click counted once per dimension). */
  const daily = (range: DayRange, dimension: Dimension = "device") =>
    db
      .selectFrom("click_daily")
      .where("dimension", "=", dimension)
      .where("day", ">=", range.from)
      .where("day", "<=", range.to);
  const rollupSums = (eb: ExpressionBuilder<Database, "click_daily">) => [
    eb.fn
      .sum<number>(eb.case().when("is_bot", "=", 0).then(eb.ref("clicks")).else(0).end())
      .as("humans"),
    eb.fn
      .sum<number>(eb.case().when("is_bot", "=", 1).then(eb.ref("clicks")).else(0).end())
      .as("bots"),
  ];
  return {
    async totals(range: DayRange, filters: Filters = {}): Promise<Totals> {
      if (unfiltered(filters)) {
        const [row, uniques] = await Promise.all([
          daily(range).select(rollupSums).executeTakeFirst(),
          db
            .selectFrom("visitor_daily")
            .where("day", ">=", range.from)
            .where("day", "<=", range.to)
            .select((eb) => eb.fn.countAll<number>().as("uniques"))
            .executeTakeFirst(),
        ]);
        return {
          humans: Number(row?.humans ?? 0),
          bots: Number(row?.bots ?? 0),
          uniques: Number(uniques?.uniques ?? 0),
        };
      }
      const row = await scoped(clicks(), range, filters)
        .select((eb) => [humans(eb).as("humans"), bots(eb).as("bots")])
        .executeTakeFirst();
      const uniques = await db
        .selectFrom(
          scoped(clicks(), range, filters)
            .where("is_bot", "=", 0)
            .select(["day", "visitor"])
            .distinct()
            .as("daily"),
        )
        .select((eb) => eb.fn.countAll<number>().as("uniques"))
        .executeTakeFirst();
      return {
        humans: Number(row?.humans ?? 0),
        bots: Number(row?.bots ?? 0),
        uniques: Number(uniques?.uniques ?? 0),
      };
    },

    async byDay(range: DayRange, filters: Filters = {}): Promise<DayCount[]> {
      const rows = unfiltered(filters)
        ? await daily(range)
            .select((eb) => ["day", ...rollupSums(eb)])
            .groupBy("day")
            .orderBy("day")
            .execute()
        : await scoped(clicks(), range, filters)
            .select((eb) => ["day", humans(eb).as("humans"), bots(eb).as("bots")])
            .groupBy("day")
            .orderBy("day")
            .execute();
      return rows.map((row) => ({
        day: row.day,
        humans: Number(row.humans),
        bots: Number(row.bots),
      }));
    },

    async top(
      dimension: Dimension,
      range: DayRange,
      filters: Filters = {},
      { includeBots = false, limit = 20 } = {},
    ): Promise<Ranked[]> {
      if (unfiltered(filters)) {
        let query = daily(range, dimension);
        if (!includeBots) query = query.where("is_bot", "=", 0);
        const rows = await query
          .select((eb) => ["value", eb.fn.sum<number>("clicks").as("clicks")])
          .groupBy("value")
          .orderBy("clicks", "desc")
          .orderBy("value")
          .limit(limit)
          .execute();
        return rows.map((row) => ({
          value: row.value === "" ? null : row.value,
          clicks: Number(row.clicks),
        }));
      }
      const column = DIMENSIONS[dimension];
      let query = scoped(clicks(), range, filters);
      if (!includeBots) query = query.where("is_bot", "=", 0);
      const rows = await query
        .select((eb) => [eb.ref(column).as("value"), eb.fn.countAll<number>().as("clicks")])
        .groupBy(column)
        .orderBy("clicks", "desc")
        .orderBy(column)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ value: row.value as string | null, clicks: Number(row.clicks) }));
    },

    /** Per day: people's clicks, bots' clicks and unique visitors (the daily summary export). */
    async daily(
      range: DayRange,
      filters: Filters = {},
    ): Promise<(DayCount & { uniques: number })[]> {
      const [days, uniques] = await Promise.all([
        this.byDay(range, filters),
        scoped(clicks(), range, filters)
          .where("is_bot", "=", 0)
          .select((eb) => ["day", eb.fn.count<number>("visitor").distinct().as("uniques")])
          .groupBy("day")
          .execute(),
      ]);
      const uniquesOf = new Map(uniques.map((row) => [row.day, Number(row.uniques)]));
      return days.map((day) => ({ ...day, uniques: uniquesOf.get(day.day) ?? 0 }));
    },

    /** Every click of a range, oldest first, in pages of `pageSize` (for exports). */
    async *rows(range: DayRange, filters: Filters = {}, pageSize = 5_000) {
      let after = 0;
      for (;;) {
        const page = await scoped(clicks(), range, filters)
          .selectAll()
          .where("id", ">", after)
          .orderBy("id")
          .limit(pageSize)
          .execute();
        if (page.length === 0) return;
        yield* page;
        after = Number(page[page.length - 1]!.id);
      }
    },

    /** The database's own idea of now, to check it answers (health, tests). */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}

export type ReportQueries = ReturnType<typeof reportQueries>;
