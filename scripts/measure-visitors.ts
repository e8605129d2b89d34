/**
 * `npx tsx scripts/measure-visitors.ts <DATABASE_URL> [last day]`: how long the dashboard's
 * per-day queries take on a seeded ledger, with and without filters (medians of 5, warm),
 * and how many unique visitors they report against the exact distinct count of the facts.
 * Opening the ledger runs its pending migrations first (timed: 013 backfills the prints).
 */
import { sql } from "kysely";

import { openLedgerDatabase } from "../app/ledger/database.server";
import { DIMENSIONS, type Dimension, type Filters } from "../app/ledger/dimensions";
import { reportQueries, sumDays } from "../app/reports/clicks.server";
import { sumViewDays } from "../app/reports/views.server";

const url = process.argv[2];
if (!url) {
  console.error("Usage: npx tsx scripts/measure-visitors.ts <DATABASE_URL> [last day]");
  process.exit(1);
}
const opened = performance.now();
const database = await openLedgerDatabase(url);
console.log(
  `opened (migrations included) in ${((performance.now() - opened) / 1000).toFixed(1)} s`,
);
const last =
  process.argv[3] ??
  (await sql<{ day: string }>`select max(day) as day from clicks`.execute(database.db)).rows[0]!
    .day;
const minus = (days: number) =>
  new Date(Date.parse(`${last}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const reports = reportQueries(database.reader);

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < 5; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

const views: [string, Filters][] = [
  ["no filter", {}],
  ["page /bonos", { page: "/bonos" }],
  ["device mobile", { device: "mobile" }],
  ["country ES", { country: "ES" }],
  ["country ES + device mobile", { country: "ES", device: "mobile" }],
  ["page / + campaign verano", { page: "/", campaign: "verano" }],
  ["sub-id sub3", { subid: "sub3" }],
];
console.log(
  "| range | view | clicks' days ms | views' days ms | who clicked | exact | who viewed | exact |",
);
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [rangeName, range] of [
  ["30 days", { from: minus(29), to: last }],
  ["year", { from: minus(364), to: last }],
] as const) {
  for (const [name, filters] of views) {
    const clickMs = await median(() => reports.days(range, filters));
    const viewMs = await median(() => reports.views.days(range, filters));
    const clicked = sumDays(await reports.days(range, filters)).uniques;
    const viewDays = await reports.views.days(range, filters);
    const viewed = viewDays === null ? null : sumViewDays(viewDays).visitors;
    const where = Object.entries(filters).map(([dimension, value]) => {
      const column = DIMENSIONS[dimension as Dimension].column;
      return sql`${sql.ref(column)} = ${value}`;
    });
    const scope = sql.join(
      [sql`day >= ${range.from}`, sql`day <= ${range.to}`, ...where],
      sql` and `,
    );
    const exact = async (facts: string, people: boolean) =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from (select distinct day, visitor
            from ${sql.table(facts)} where ${scope} ${people ? sql`and is_bot = 0` : sql``}) as d`.execute(
            database.db,
          )
        ).rows[0]!.n,
      );
    const exactClicked = await exact("clicks", true);
    const exactViewed = filters.subid ? null : await exact("views", false);
    console.log(
      `| ${rangeName} | ${name} | ${clickMs.toFixed(0)} | ${viewMs.toFixed(0)} | ${clicked} | ${exactClicked} | ${viewed ?? "—"} | ${exactViewed ?? "—"} |`,
    );
  }
}
await database.close();
