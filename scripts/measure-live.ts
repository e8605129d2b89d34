/**
 * `npx tsx scripts/measure-live.ts [clicks …]`: what the dashboard's Ahora block costs on a
 * busy site. For each count, a fresh SQLite ledger gets that many clicks, five times as many
 * page views and their conversions, all inside the last 30 minutes (the seed, then their
 * times moved into the window), and the block's read (app/reports/live.server.ts, through
 * the ledger's reader, no cache) is timed: median of 5, warm. One instance makes that read
 * at most once every 3 seconds however many tabs are open.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";

import { openLedgerDatabase } from "../app/ledger/database.server";
import { liveReports } from "../app/reports/live.server";
import { writeSeed } from "./seed/ledger-seed";

const WINDOW_MS = 30 * 60_000;
const counts = process.argv.slice(2).map(Number);
const links = [
  { id: "home-hero", page: "/", destination: "https://aff.example/a", offer: "bienvenida" },
  { id: "bonos-list", page: "/bonos", destination: "https://aff.example/b" },
];
const today = new Date().toISOString().slice(0, 10);

console.log("| clicks in 30 min | views in 30 min | clicks/s sustained | Ahora read, median ms |");
console.log("| ---: | ---: | ---: | ---: |");
for (const count of counts.length > 0 ? counts : [10_000, 100_000]) {
  const directory = mkdtempSync(path.join(tmpdir(), "measure-live-"));
  const database = await openLedgerDatabase(`sqlite:${path.join(directory, "clicks.sqlite")}`);
  try {
    await writeSeed(database, { count, days: 1, lastDay: today, links, views: count * 5, seed: 5 });
    const now = Date.now();
    for (const table of ["clicks", "views", "conversions"]) {
      await sql`update ${sql.table(table)} set at = ${now} - (abs(random()) % ${WINDOW_MS})`.execute(
        database.db,
      );
    }
    const live = liveReports(database.reader, { cacheMs: 0, clock: () => now });
    await live.activity();
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await live.activity();
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[2]!;
    console.log(
      `| ${count.toLocaleString("en")} | ${(count * 5).toLocaleString("en")} | ${Math.round(count / 1800)} | ${median.toFixed(0)} |`,
    );
  } finally {
    database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
