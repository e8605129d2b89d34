/**
 * Part of `npm run bench`: the dashboard's speed with a large ledger. Seeds
 * BENCH_DASHBOARD_CLICKS clicks (default 1,000,000), about BENCH_DASHBOARD_CONVERSIONS
 * conversions (default 100,000: registrations, FTDs, deposits, commissions, a few orphans
 * and US dollars) and BENCH_DASHBOARD_VIEWS page views (default 5,000,000, on the same
 * pages, sources and visitors) over 400 days into a fresh SQLite file and into a throwaway
 * PostgreSQL cluster, prints what each holds, starts the production server on each with the
 * dashboard on, logs in, and times every kind of view (median of 5 after a warm-up): the
 * periods of 30 days or less (target 300 ms) and the year (target 1 s), unfiltered and
 * with filters from narrow to broad. Prints a Markdown table with each median, its ratio
 * to the target, whether it is met, and the login page (no query) as the same run's
 * reference; then how long a
 * visitor's page takes while the heaviest view is being computed. Exits 1 when
 * a view takes more than three times its target. Only ever talks to localhost.
 *
 * BENCH_DASHBOARD_URL=<DATABASE_URL> times an existing ledger instead (nothing seeded or
 * changed: seed it with `npm run seed-clicks`, vacuum a PostgreSQL one first), for the
 * sizes docs/scaling.md reads; BENCH_DASHBOARD_ONLY=<words> keeps the views whose name
 * starts with them (e.g. `year`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";

import { addDays } from "../app/reports/query";
import { EVENTS_PER_REGISTRATION, type Seeded, writeSeed } from "./seed/ledger-seed";
import {
  type LedgerDatabase,
  openLedgerDatabase,
  parseDatabaseUrl,
} from "../app/ledger/database.server";
import { loadContent } from "../app/content/load-content.server";
import { startCluster } from "../tests/postgres-cluster";

import { startServer, stopServer } from "./bench-server";
import { countRows } from "./ledger-rows";
import { todayIn } from "../app/reports/reporting-day";

const PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 3570);
const CLICKS = Number(process.env.BENCH_DASHBOARD_CLICKS ?? 1_000_000);
const CONVERSIONS = Number(process.env.BENCH_DASHBOARD_CONVERSIONS ?? 100_000);
const PAGE_VIEWS = Number(process.env.BENCH_DASHBOARD_VIEWS ?? 5_000_000);
/** The seed's registration rate that gives about CONVERSIONS (92 % of clicks are people). */
const REGISTRATION_RATE = CONVERSIONS / (CLICKS * 0.92 * EVENTS_PER_REGISTRATION);
const PASSWORD = "bench-dashboard-password";
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TIME_ZONE = "Europe/Madrid";

const today = todayIn(TIME_ZONE);
const year = `period=custom&from=${addDays(today, -364)}&to=${today}`;
const ALL_VIEWS: [string, string, number][] = [
  ["today", "period=today", 300],
  ["7 days", "period=7d", 300],
  ["30 days", "", 300],
  ["this month", "period=month", 300],
  ["last month", "period=last-month", 300],
  ["30 days, page /bonos", "page=/bonos", 300],
  ["30 days, referrer google.com", "referrer=google.com", 300],
  ["30 days, pages by views", "sort=views&all=page", 300],
  ["30 days, page / + campaign", "page=/&campaign=verano", 300],
  ["30 days, country PT (4 %)", "country=PT", 300],
  ["30 days, device mobile (65 %)", "device=mobile", 300],
  ["30 days, every link by commission", "sort=commission&all=link", 300],
  ["30 days, commission chart, country ES", "chart=commission&country=ES", 300],
  ["year", year, 1000],
  ["year, page /bonos", `${year}&page=/bonos`, 1000],
  ["year, source google", `${year}&source=google`, 1000],
  ["year, country ES (85 %)", `${year}&country=ES`, 1000],
  ["year, page / + campaign", `${year}&page=/&campaign=verano`, 1000],
  ["year, device mobile (65 %)", `${year}&device=mobile`, 1000],
  ["year, referrer google.com", `${year}&referrer=google.com`, 1000],
  ["year, country ES + device mobile", `${year}&country=ES&device=mobile`, 1000],
  ["year, sub-id sub3", `${year}&subid=sub3`, 1000],
  // Computed on demand only (Calcular por sub-id): every click and conversion of the year.
  ["year, device mobile, sub-ids asked for", `${year}&device=mobile&all=subid`, 2000],
];

const EXISTING = process.env.BENCH_DASHBOARD_URL;
const ONLY = process.env.BENCH_DASHBOARD_ONLY;
const VIEWS = ALL_VIEWS.filter(([name]) => ONLY === undefined || name.startsWith(ONLY));

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200 && response.status !== 401) {
    throw new Error(`${url} answered ${response.status}`);
  }
  return performance.now() - started;
}

/** What an existing ledger holds, counted (the seed's own figures when it seeds). */
async function holdings(database: LedgerDatabase): Promise<Seeded> {
  return {
    clicks: await countRows(database.db, "clicks"),
    conversions: await countRows(database.db, "conversions"),
    views: await countRows(database.db, "views"),
  };
}

async function measure(label: string, databaseUrl: string, seed: boolean) {
  const database = await openLedgerDatabase(databaseUrl);
  const started = performance.now();
  const content = loadContent();
  const seeded = seed
    ? await writeSeed(database, {
        count: CLICKS,
        days: 400,
        lastDay: today,
        links: [...content.links.values()],
        pages: content.pages.map((page) => page.slug),
        views: PAGE_VIEWS,
        registrationRate: REGISTRATION_RATE,
        clickRollups: "rebuild",
      })
    : await holdings(database);
  const seedSeconds = seed ? (performance.now() - started) / 1000 : 0;
  // A live PostgreSQL ledger is vacuumed by autovacuum as it grows; a million rows loaded
  // the second before timing are not yet, and without the visibility map the covering
  // indexes (migration 004) cannot answer alone. Measure the ledger as it runs.
  if (seed && database.dialect === "postgres") await sql`vacuum analyze`.execute(database.db);
  await database.close();

  const server = await startServer(PORT, {
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: PASSWORD,
    REPORT_TIME_ZONE: TIME_ZONE,
  });
  try {
    const login = await fetch(`${ORIGIN}/admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", password: PASSWORD }),
      redirect: "manual",
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    if (!cookie) throw new Error(`login failed: ${login.status}`);
    const reference = [];
    for (let run = 0; run < 6; run++) reference.push(await timed(`${ORIGIN}/admin`, ""));
    const rows = [];
    for (const [name, query, target] of VIEWS) {
      const url = `${ORIGIN}/admin${query ? `?${query}` : ""}`;
      await timed(url, cookie);
      const runs = [];
      for (let run = 0; run < 5; run++) runs.push(await timed(url, cookie));
      rows.push({ name, target, ms: median(runs) });
    }
    // A visitor's page while the heaviest view is being computed: it must not wait for it.
    const heaviest = `${ORIGIN}/admin?${VIEWS[VIEWS.length - 1]![1]}`;
    const during = [];
    for (let run = 0; run < 5; run++) {
      const report = timed(heaviest, cookie);
      await new Promise((resolve) => setTimeout(resolve, 50));
      during.push(await timed(`${ORIGIN}/terms`, ""));
      await report;
    }
    return {
      label,
      seeded,
      seedSeconds,
      reference: median(reference.slice(1)),
      visitorDuring: median(during),
      rows,
    };
  } finally {
    await stopServer(server);
  }
}

const directory = mkdtempSync(path.join(tmpdir(), "bench-dashboard-"));
const cluster = EXISTING ? null : await startCluster();
let failed = false;
try {
  const results = cluster
    ? [
        await measure("SQLite", `sqlite:${path.join(directory, "clicks.sqlite")}`, true),
        await measure("PostgreSQL", cluster.url, true),
      ]
    : [await measure(parseDatabaseUrl(EXISTING).dialect, EXISTING!, false)];
  for (const { label, seeded } of results) {
    console.log(
      `${label}: ${EXISTING ? "holds" : "seeded"} ${seeded.views.toLocaleString("en")} page views, ${seeded.clicks.toLocaleString("en")} clicks and ${seeded.conversions.toLocaleString("en")} conversions`,
    );
  }
  console.log(
    `\nDashboard with ${results[0]!.seeded.views.toLocaleString("en")} page views, ${results[0]!.seeded.clicks.toLocaleString("en")} clicks and ${results[0]!.seeded.conversions.toLocaleString("en")} conversions ${EXISTING ? "(an existing ledger)" : "over 400 days"} (median of 5, ms; ratio to target; ✓ met, ✗ not)\n`,
  );
  console.log(`| view | target | ${results.map((result) => result.label).join(" | ")} |`);
  console.log(`| --- | ---: | ${results.map(() => "---:").join(" | ")} |`);
  for (const [index, [name, , target]] of VIEWS.entries()) {
    const cells = results.map(({ rows }) => {
      const { ms } = rows[index]!;
      if (ms > target * 3) failed = true;
      return `${ms.toFixed(0)} (${(ms / target).toFixed(2)}) ${ms > target ? "✗" : "✓"}`;
    });
    console.log(`| ${name} | ${target} | ${cells.join(" | ")} |`);
  }
  console.log(
    `| reference: login page, no query | | ${results.map((result) => result.reference.toFixed(1)).join(" | ")} |`,
  );
  console.log(
    `| a visitor's /terms while the last view is computed | | ${results.map((result) => result.visitorDuring.toFixed(1)).join(" | ")} |`,
  );
  if (!EXISTING) {
    console.log(
      `| seeding the views, clicks and conversions (s) | | ${results.map((result) => result.seedSeconds.toFixed(1)).join(" | ")} |`,
    );
  }
} finally {
  cluster?.destroy();
  rmSync(directory, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
