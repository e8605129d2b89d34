/**
 * Whether the one-filter daily tables (`click_filter_daily`, `view_filter_daily`,
 * `conversion_filter_daily`) earn their cost, measured on a seeded ledger
 * (`npm run seed-clicks`); the figures and the decision are in
 * docs/decisions/020-filter-tables-by-the-numbers.md. Not part of `npm run bench`.
 *
 * `npx tsx scripts/measure-filter-tables.ts reads <DATABASE_URL>`: for each family and each
 * one-filter view of 30 days and of a year, the dashboard's days (both periods) and rankings
 * (a) as the reports read them now (app/reports/*.server.ts: the table under the filter)
 * and (b) the same answer from the combinations (`*_combination_daily`, summed) or, for
 * conversions, from the conversions themselves, as two filters read them; and (b2) the
 * combinations read with one `group by` per dimension. Warm, median of 5 (after one run
 * not counted), ms; every answer is compared with (a)'s ("equal"), but for the unique
 * visitors and the bot flags, which (b) leaves out (NOT_IN_B).
 *
 * `… sizes <DATABASE_URL>`: rows and size (with indexes) of the daily tables and the facts.
 *
 * `… writes <DATABASE_URL>`: clicks, views and conversions written in batches of 500 (the
 * facts and their daily counts in one transaction, as the ledger writes them) into empty
 * tables of that ledger, with the filter table's upserts and without them (skipped on the
 * way to the database); rows per second. "sqlite" for a new SQLite file per round; a
 * PostgreSQL ledger has its facts and daily tables emptied first: give it a scratch
 * database, never a seeded one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql, type Kysely } from "kysely";

import { seedClicks, seedConversions, seedViews } from "./seed/ledger-seed";
import { loadContent } from "../app/content/load-content.server";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { DIMENSION_NAMES, type DayRange, type Dimension } from "../app/ledger/dimensions";
import {
  CLICKS,
  columnOf,
  CONVERSIONS,
  VIEWS,
  tablesOf,
  type RollupFamily,
} from "../app/ledger/rollups/families";
import {
  addToDailyCounts,
  combinationsOf,
  filterRowsOf,
} from "../app/ledger/rollups/rollup.server";
import type { ConversionEvent, Database } from "../app/ledger/schema";
import { VIEW_DIMENSIONS, viewColumn, type ViewDimension } from "../app/ledger/view-dimensions";
import { reportQueries } from "../app/reports/clicks.server";
import { noConversions, type ConversionFigures } from "../app/reports/conversions.server";
import { addDays } from "../app/reports/query";
import { todayIn } from "../app/reports/reporting-day";

const [mode, url] = process.argv.slice(2);
if (!mode || !url || !["reads", "sizes", "writes"].includes(mode)) {
  console.error(
    "Usage: npx tsx scripts/measure-filter-tables.ts reads|sizes|writes <DATABASE_URL>",
  );
  process.exit(1);
}

/** The filters measured: shares of the traffic from small to most of it. */
const FILTERS: [Dimension, string][] = [
  ["page", "/bonos"],
  ["device", "mobile"],
  ["country", "ES"],
  ["referrer", "google.com"],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Runs `run` once not counted, then 5 times: the median ms and the last answer. */
async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; answer: T }> {
  let answer = await run();
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    answer = await run();
    times.push(performance.now() - started);
  }
  return { ms: median(times), answer };
}

/**
 * What (a) answers and (b) leaves out: the unique visitors (`uniques`, `uniquesVariance`,
 * `visitors`), read from the visitors' prints under any filter (decision 021) whichever
 * table gives the counts, and the day's clicks by bot flag (`flagged`). Answers are compared
 * without them, and (b)'s times are those of the counts alone: a lower bound.
 */
const NOT_IN_B = /^(uniques|visitors|flagged)/;

/**
 * A stable text of an answer without what (b) leaves out: maps as sorted entries, so equal
 * answers compare equal.
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (key, item: unknown) => {
    if (NOT_IN_B.test(key)) return undefined;
    if (item instanceof Map) {
      return [...(item as Map<unknown, unknown>).entries()].sort(([a], [b]) =>
        String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
      );
    }
    if (item && typeof item === "object" && !Array.isArray(item)) {
      return Object.fromEntries(
        Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return item;
  });
}

const valueOf = (stored: string | null) => (stored === "" || stored === null ? null : stored);

/** The answers of (b): the same figures from the combinations or the facts. */
function alternatives(db: Kysely<Database>) {
  const untyped = db as unknown as Kysely<Record<string, Record<string, string | number | null>>>;

  async function clicks(both: DayRange, range: DayRange, [filter, value]: [Dimension, string]) {
    const cube = (days: DayRange) =>
      untyped
        .selectFrom("click_offer_combination_daily")
        .where("day", ">=", days.from)
        .where("day", "<=", days.to)
        .where(columnOf(filter), "=", value);
    const columns = CLICKS.paired.map(columnOf);
    const [dayRows, rankingRows] = await Promise.all([
      cube(both)
        .select([
          "day",
          sql<number>`sum(case when is_bot = 0 then clicks else 0 end)`.as("humans"),
          sql<number>`sum(case when is_bot = 1 then clicks else 0 end)`.as("bots"),
        ])
        .groupBy("day")
        .orderBy("day")
        .execute(),
      cube(range)
        .where("is_bot", "=", 0)
        .select([...columns, sql<number>`sum(clicks)`.as("clicks")])
        .groupBy(columns)
        .execute(),
    ]);
    const days = dayRows.map((row) => ({
      day: row.day,
      humans: Number(row.humans),
      bots: Number(row.bots),
      uniques: null,
    }));
    const counts = Object.fromEntries(
      DIMENSION_NAMES.map((dimension) => [dimension, new Map<string | null, number>()]),
    ) as Record<Dimension, Map<string | null, number>>;
    for (const row of rankingRows) {
      for (const dimension of CLICKS.paired) {
        const map = counts[dimension];
        const key = valueOf(row[columnOf(dimension)] as string);
        map.set(key, (map.get(key) ?? 0) + Number(row.clicks));
      }
    }
    const rankings = Object.fromEntries(
      DIMENSION_NAMES.map((dimension) => [
        dimension,
        [...counts[dimension]]
          .map(([key, clicks]) => ({ value: key, clicks }))
          .sort((a, b) =>
            a.clicks !== b.clicks
              ? b.clicks - a.clicks
              : a.value === b.value
                ? 0
                : a.value === null
                  ? 1
                  : b.value === null
                    ? -1
                    : a.value < b.value
                      ? -1
                      : 1,
          ),
      ]),
    );
    return { days, rankings };
  }

  async function views(both: DayRange, range: DayRange, [filter, value]: [ViewDimension, string]) {
    const cube = (days: DayRange) =>
      untyped
        .selectFrom("view_combination_daily")
        .where("day", ">=", days.from)
        .where("day", "<=", days.to)
        .where(viewColumn(filter), "=", value);
    const daily = (days: DayRange) =>
      db
        .selectFrom("view_daily")
        .where("day", ">=", days.from)
        .where("day", "<=", days.to)
        .where("dimension", "=", "page")
        .where("value", "=", value);
    const columns = VIEW_DIMENSIONS.map(viewColumn);
    const [dayRows, rankingRows, pageRow] = await Promise.all([
      filter === "page"
        ? daily(both).select(["day", "views", "visitors"]).orderBy("day").execute()
        : cube(both)
            .select([
              "day",
              sql<number>`sum(views)`.as("views"),
              sql<number | null>`null`.as("visitors"),
            ])
            .groupBy("day")
            .orderBy("day")
            .execute(),
      cube(range)
        .select([...columns, sql<number>`sum(views)`.as("views")])
        .groupBy(columns)
        .execute(),
      filter === "page"
        ? daily(range)
            .select((eb) => eb.fn.sum<number>("visitors").as("visitors"))
            .executeTakeFirst()
        : undefined,
    ]);
    const days = dayRows.map((row) => ({
      day: row.day,
      views: Number(row.views),
      visitors: row.visitors === null ? null : Number(row.visitors),
    }));
    const rankings = Object.fromEntries(
      VIEW_DIMENSIONS.map((dimension) => [
        dimension,
        new Map<string | null, { views: number; visitors: number | null }>(),
      ]),
    ) as Record<ViewDimension, Map<string | null, { views: number; visitors: number | null }>>;
    for (const row of rankingRows) {
      for (const dimension of VIEW_DIMENSIONS) {
        const key = valueOf(row[viewColumn(dimension)] as string);
        const counts = rankings[dimension];
        const visitors =
          dimension === "page" && pageRow && key === value ? Number(pageRow.visitors ?? 0) : null;
        counts.set(key, { views: (counts.get(key)?.views ?? 0) + Number(row.views), visitors });
      }
    }
    return { days, rankings };
  }

  async function conversions(
    both: DayRange,
    range: DayRange,
    [filter, value]: [Dimension, string],
  ) {
    const facts = (days: DayRange) =>
      untyped
        .selectFrom("conversions")
        .where("day", ">=", days.from)
        .where("day", "<=", days.to)
        .where(columnOf(filter), "=", value);
    const columns = CONVERSIONS.paired.map(columnOf);
    const [dayRows, rankingRows] = await Promise.all([
      facts(both)
        .select([
          "day",
          "event",
          "currency",
          sql<number>`count(*)`.as("n"),
          sql<number>`sum(amount_cents)`.as("cents"),
        ])
        .groupBy(["day", "event", "currency"])
        .execute(),
      facts(range)
        .select([
          ...columns,
          "event",
          "currency",
          sql<number>`count(*)`.as("n"),
          sql<number>`sum(amount_cents)`.as("cents"),
        ])
        .groupBy([...columns, "event", "currency"])
        .execute(),
    ]);
    const byDay = new Map<string, ConversionFigures & { day: string }>();
    for (const row of dayRows) {
      const day = String(row.day);
      let figures = byDay.get(day);
      if (!figures) byDay.set(day, (figures = { day, ...noConversions() }));
      count(figures, row.event as ConversionEvent, String(row.currency), row.n, row.cents);
    }
    const values = Object.fromEntries(
      DIMENSION_NAMES.map((dimension) => [dimension, new Map<string | null, ConversionFigures>()]),
    ) as Record<Dimension, Map<string | null, ConversionFigures>>;
    for (const row of rankingRows) {
      for (const dimension of CONVERSIONS.paired) {
        const key = valueOf(row[columnOf(dimension)] as string | null);
        let figures = values[dimension].get(key);
        if (!figures) values[dimension].set(key, (figures = noConversions()));
        count(figures, row.event as ConversionEvent, String(row.currency), row.n, row.cents);
      }
    }
    return {
      days: [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
      rankings: { values, orphans: noConversions() },
    };
  }

  /**
   * (b2) The rankings from the combinations in one statement of one `group by` per
   * dimension (`union all`): a row per value comes back instead of a row per combination.
   */
  function perDimension(
    table: string,
    measure: string,
    dimensions: readonly Dimension[],
    range: DayRange,
    [filter, value]: [Dimension, string],
    people: boolean,
  ) {
    const parts = dimensions.map(
      (dimension) => sql`select ${dimension} as dimension, ${sql.ref(columnOf(dimension))} as value,
          sum(${sql.ref(measure)}) as n
        from ${sql.table(table)}
        where day >= ${range.from} and day <= ${range.to}
          and ${sql.ref(columnOf(filter))} = ${value} ${people ? sql`and is_bot = 0` : sql``}
        group by ${sql.ref(columnOf(dimension))}`,
    );
    return sql<{
      dimension: string;
      value: string;
      n: number;
    }>`${sql.join(parts, sql` union all `)}`.execute(db);
  }

  async function clicksPerDimension(both: DayRange, range: DayRange, filter: [Dimension, string]) {
    const [days, rows] = await Promise.all([
      db
        .selectFrom("click_offer_combination_daily")
        .where("day", ">=", both.from)
        .where("day", "<=", both.to)
        .where(columnOf(filter[0]) as "page", "=", filter[1])
        .select([
          "day",
          sql<number>`sum(case when is_bot = 0 then clicks else 0 end)`.as("humans"),
          sql<number>`sum(case when is_bot = 1 then clicks else 0 end)`.as("bots"),
        ])
        .groupBy("day")
        .orderBy("day")
        .execute(),
      perDimension("click_offer_combination_daily", "clicks", CLICKS.paired, range, filter, true),
    ]);
    return { days: days.length, values: flatRows(rows.rows) };
  }

  async function viewsPerDimension(both: DayRange, range: DayRange, filter: [Dimension, string]) {
    const [days, rows] = await Promise.all([
      db
        .selectFrom("view_combination_daily")
        .where("day", ">=", both.from)
        .where("day", "<=", both.to)
        .where(columnOf(filter[0]) as "page", "=", filter[1])
        .select(["day", sql<number>`sum(views)`.as("views")])
        .groupBy("day")
        .orderBy("day")
        .execute(),
      perDimension("view_combination_daily", "views", VIEW_DIMENSIONS, range, filter, false),
    ]);
    return { days: days.length, values: flatRows(rows.rows) };
  }

  return { clicks, views, conversions, clicksPerDimension, viewsPerDimension };
}

/** Rankings as sorted "dimension value count" lines, to compare (b2) with (a). */
const flatRows = (rows: readonly { dimension: string; value: string; n: number | string }[]) =>
  rows.map((row) => `${row.dimension} ${valueOf(row.value)} ${Number(row.n)}`).sort();

function flatRankings(rankings: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [dimension, ranking] of Object.entries(rankings)) {
    const entries: [string | null, number][] =
      ranking instanceof Map
        ? [...(ranking as Map<string | null, { views: number }>)].map(([key, figures]) => [
            key,
            figures.views,
          ])
        : (ranking as { value: string | null; clicks: number }[]).map((row) => [
            row.value,
            row.clicks,
          ]);
    for (const [key, n] of entries) lines.push(`${dimension} ${key} ${n}`);
  }
  return lines.sort();
}

/** As conversions.server.ts counts a row of figures. */
function count(
  figures: ConversionFigures,
  event: ConversionEvent,
  currency: string,
  n: number | string | null,
  cents: number | string | null,
) {
  const [conversions, amount] = [Number(n), Number(cents)];
  const money = (into: Record<string, number>) => {
    into[currency] = (into[currency] ?? 0) + amount;
  };
  if (event === "registration") figures.registrations += conversions;
  if (event === "ftd") {
    figures.ftds += conversions;
    money(figures.depositAmount);
  }
  if (event === "deposit") {
    figures.deposits += conversions;
    money(figures.depositAmount);
  }
  if (event === "commission") money(figures.commission);
}

async function reads() {
  const database = await openLedgerDatabase(url);
  try {
    const reports = reportQueries(database.reader);
    const other = alternatives(database.reader);
    const { last } = await database.db
      .selectFrom("clicks")
      .select((eb) => eb.fn.max("day").as("last"))
      .executeTakeFirstOrThrow();
    const lastDay = String(last);
    console.log(`${database.describe}, last day ${lastDay}; ms, median of 5 warm runs`);
    console.log(
      "| view | filter | clicks (a) | clicks (b) | clicks (b2) | views (a) | views (b) | views (b2) | conversions (a) | conversions (b) | equal |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    // MEASURE_DAYS=365 and MEASURE_FILTERS=device,country narrow a long run.
    const lengths = (process.env.MEASURE_DAYS ?? "30,365").split(",").map(Number);
    const only = process.env.MEASURE_FILTERS?.split(",");
    for (const length of lengths) {
      const range = { from: addDays(lastDay, -(length - 1)), to: lastDay };
      const both = { from: addDays(range.from, -length), to: lastDay };
      for (const filter of FILTERS.filter(([name]) => !only || only.includes(name))) {
        const filters = { [filter[0]]: filter[1] };
        const clicksA = await timed(async () => {
          const [days, rankings] = await Promise.all([
            reports.days(both, filters),
            reports.rankings(range, filters, { subids: false }),
          ]);
          return { days, rankings };
        });
        const clicksB = await timed(() => other.clicks(both, range, filter));
        const viewsA = await timed(async () => {
          const [days, rankings] = await Promise.all([
            reports.views.days(both, filters),
            reports.views.rankings(range, filters),
          ]);
          return { days, rankings };
        });
        const viewsB = await timed(() =>
          other.views(both, range, filter as [ViewDimension, string]),
        );
        const conversionsA = await timed(async () => {
          const [days, rankings] = await Promise.all([
            reports.conversions.days(both, filters),
            reports.conversions.rankings(range, filters, { subids: false }),
          ]);
          return { days, rankings };
        });
        const conversionsB = await timed(() => other.conversions(both, range, filter));
        const clicksB2 = await timed(() => other.clicksPerDimension(both, range, filter));
        const viewsB2 = await timed(() => other.viewsPerDimension(both, range, filter));
        const equal = [
          [clicksA, clicksB],
          [viewsA, viewsB],
          [conversionsA, conversionsB],
        ].map(([a, b]) => canonical(a!.answer) === canonical(b!.answer));
        equal.push(
          canonical(flatRankings(clicksA.answer.rankings)) === canonical(clicksB2.answer.values) &&
            clicksA.answer.days.length === clicksB2.answer.days,
          canonical(flatRankings(viewsA.answer.rankings ?? {})) ===
            canonical(viewsB2.answer.values) && viewsA.answer.days?.length === viewsB2.answer.days,
        );
        const ms = (figure: { ms: number }) => Math.round(figure.ms).toLocaleString("en");
        console.log(
          `| ${length === 30 ? "30 days" : "year"} | ${filter.join(" ")} | ${ms(clicksA)} | ${ms(clicksB)} | ${ms(clicksB2)} | ${ms(viewsA)} | ${ms(viewsB)} | ${ms(viewsB2)} | ${ms(conversionsA)} | ${ms(conversionsB)} | ${equal.every(Boolean) ? "yes" : `NO (${equal.join(", ")})`} |`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

const TABLES = [
  "clicks",
  "click_filter_daily",
  "click_offer_combination_daily",
  "views",
  "view_filter_daily",
  "view_combination_daily",
  "conversions",
  "conversion_filter_daily",
] as const;

async function sizes() {
  const database = await openLedgerDatabase(url);
  const untyped = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  try {
    console.log(`${database.describe}`);
    console.log("| table | rows | MB with indexes |");
    console.log("| --- | ---: | ---: |");
    for (const table of TABLES) {
      const { n } = await untyped
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      const bytes =
        database.dialect === "postgres"
          ? (
              await sql<{
                bytes: string;
              }>`select pg_total_relation_size(${table}) as bytes`.execute(database.db)
            ).rows[0]!.bytes
          : (
              await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat
                where name in (select name from sqlite_master where tbl_name = ${table})`.execute(
                database.db,
              )
            ).rows[0]!.bytes;
      console.log(
        `| \`${table}\` | ${Number(n).toLocaleString("en")} | ${(Number(bytes) / 1024 / 1024).toFixed(0)} |`,
      );
    }
  } finally {
    await database.close();
  }
}

/**
 * The same transaction with every insert into a filter table skipped (its statement is not
 * sent): addToDailyCounts as it would be without those tables, but for building their
 * rows in JavaScript (measured apart).
 */
function skippingFilterTables<T extends object>(trx: T): T {
  return new Proxy(trx, {
    get(target, name, receiver) {
      if (name === "executeQuery") {
        // The daily counts' statements are compiled once and run through executeQuery.
        return (query: { sql: string }) =>
          /^insert into "[a-z_]+_filter_daily"/.test(query.sql)
            ? Promise.resolve({ rows: [] })
            : (target as unknown as Kysely<Record<string, object>>).executeQuery(query as never);
      }
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

const BATCH = 500;

async function writes() {
  const content = loadContent();
  const lastDay = todayIn("Europe/Madrid");
  const traffic = {
    days: 1,
    lastDay,
    links: [...content.links.values()],
    pages: content.pages.map((page) => page.slug),
  };
  const COUNT = Number(process.env.MEASURE_WRITE_COUNT ?? 50_000);
  const clicks = [...seedClicks({ ...traffic, count: COUNT })];
  const views = [...seedViews({ ...traffic, count: COUNT })];
  let next = 0x2545f491;
  const random = () => {
    next = (next * 1103515245 + 12345) % 2 ** 31;
    return next / 2 ** 31;
  };
  const conversions = seedConversions(clicks, random, 1).slice(0, COUNT / 2);
  const batches = <T>(rows: readonly T[]) =>
    Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, index) =>
      rows.slice(index * BATCH, (index + 1) * BATCH),
    );
  // The filter rows' own building in JavaScript (left in "without": measured apart).
  for (const [name, family, rows] of [
    ["clicks", CLICKS, clicks],
    ["views", VIEWS, views],
    ["conversions", CONVERSIONS, conversions],
  ] as const) {
    const combined = batches<object>(rows).map((batch) =>
      combinationsOf(family, batch as unknown as Parameters<typeof combinationsOf>[1]),
    );
    const times: number[] = [];
    let filterRows = 0;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      filterRows = combined.reduce((sum, each) => sum + filterRowsOf(family, each).length, 0);
      times.push(performance.now() - started);
    }
    console.log(
      `${name}: building the filter rows in JavaScript, ${Math.round(median(times))} ms for ${filterRows.toLocaleString("en")} rows from ${rows.length.toLocaleString("en")} facts (median of 5)`,
    );
  }

  const directory = mkdtempSync(path.join(tmpdir(), "measure-writes-"));
  const sqliteFile = () => `sqlite:${path.join(directory, `${Math.random()}.sqlite`)}`;
  const results: Record<string, number[]> = {};
  try {
    for (let round = 0; round < 3; round++) {
      for (const skip of [false, true]) {
        const target = url === "sqlite" ? sqliteFile() : url!;
        const database = await openLedgerDatabase(target);
        try {
          if (url !== "sqlite") {
            for (const family of [CLICKS, VIEWS, CONVERSIONS] as RollupFamily[]) {
              for (const table of [family.fact, ...tablesOf(family)]) {
                await sql`delete from ${sql.table(table)}`.execute(database.db);
              }
            }
          }
          const db = database.db;
          for (const [name, family, rows] of [
            ["clicks", CLICKS, clicks],
            ["views", VIEWS, views],
            ["conversions", CONVERSIONS, conversions],
          ] as const) {
            const started = performance.now();
            for (const batch of batches<object>(rows)) {
              await db.transaction().execute(async (trx) => {
                await (trx as unknown as Kysely<Record<string, object>>)
                  .insertInto(family.fact)
                  .values(batch as object[])
                  .execute();
                await addToDailyCounts(
                  skip ? skippingFilterTables(trx) : trx,
                  family,
                  batch as never,
                  database.dialect,
                );
              });
            }
            const rate = rows.length / ((performance.now() - started) / 1000);
            (results[`${name} ${skip ? "without" : "with"}`] ??= []).push(rate);
          }
          if (skip) {
            const { n } = await (
              database.db as unknown as Kysely<Record<string, Record<string, unknown>>>
            )
              .selectFrom("click_filter_daily")
              .select(sql<number>`count(*)`.as("n"))
              .executeTakeFirstOrThrow();
            if (Number(n) !== 0) throw new Error("the filter table was written");
          }
        } finally {
          await database.close();
        }
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  console.log(
    `${url === "sqlite" ? "SQLite file" : url}: ${COUNT.toLocaleString("en")} clicks, ${COUNT.toLocaleString("en")} views, ${conversions.length.toLocaleString("en")} conversions of one day, batches of ${BATCH}, rows/s (median of 3 rounds)`,
  );
  console.log("| family | with the filter table | without | gain |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const name of ["clicks", "views", "conversions"]) {
    const withTable = median(results[`${name} with`]!);
    const without = median(results[`${name} without`]!);
    console.log(
      `| ${name} | ${Math.round(withTable).toLocaleString("en")} | ${Math.round(without).toLocaleString("en")} | ${((without / withTable - 1) * 100).toFixed(0)} % |`,
    );
  }
}

if (mode === "reads") await reads();
else if (mode === "sizes") await sizes();
else await writes();
