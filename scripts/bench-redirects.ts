/**
 * Part of `npm run bench`: what the click ledger costs the outbound redirect. One run
 * starts the production server three times on the same port, with the ledger off, on
 * SQLite and on PostgreSQL (a throwaway cluster, tests/postgres-cluster.ts), and drives
 * `/go/<link-id>` with autocannon at 50 connections for BENCH_REDIRECT_DURATION seconds
 * (default 10). Then, with PostgreSQL, it stops the database half-way through a run: every
 * answer must still be a 302, and the clicks queued meanwhile must reach the database once
 * it is back. Prints a Markdown table; exits 1 when the ledger costs 20 % or more of the
 * throughput, or a redirect fails. Only ever talks to localhost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// @ts-expect-error autocannon 8 ships no type declarations (typed below)
import autocannonUntyped from "autocannon";
import pg from "pg";

import { startCluster } from "../tests/postgres-cluster";

import { startServer as startServerOn, stopServer } from "./bench-server";

type Result = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
const autocannon = autocannonUntyped as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<Result>;

const PORT = Number(process.env.BENCH_REDIRECT_PORT ?? 3560);
const DURATION = Number(process.env.BENCH_REDIRECT_DURATION ?? 10);
const LINK = process.env.BENCH_REDIRECT_LINK ?? "home-main-block-1-button-1";
const URL_UNDER_TEST = `http://127.0.0.1:${PORT}/go/${LINK}?utm_campaign=bench&subid=b1`;
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const COST_LIMIT_PERCENT = 20;

const startServer = (env: Record<string, string>) => startServerOn(PORT, env);

async function drive(): Promise<Result> {
  await autocannon({
    url: URL_UNDER_TEST,
    connections: 10,
    duration: 2,
    headers: { "user-agent": BROWSER_UA },
  });
  return autocannon({
    url: URL_UNDER_TEST,
    connections: 50,
    duration: DURATION,
    headers: { "user-agent": BROWSER_UA },
  });
}

const redirects = (result: Result) => result.statusCodeStats["302"]?.count ?? 0;
const failures = (result: Result) =>
  result.errors +
  result.timeouts +
  Object.entries(result.statusCodeStats)
    .filter(([code]) => code !== "302")
    .reduce((sum, [, stats]) => sum + stats.count, 0);

async function countClicks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from clicks where utm_campaign = 'bench'",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const directory = mkdtempSync(path.join(tmpdir(), "bench-redirects-"));
  const cluster = await startCluster();
  const rows: string[] = [];
  let ok = true;
  const row = (name: string, result: Result, note = "") => {
    rows.push(
      `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${redirects(result)} | ${failures(result)} | ${note} |`,
    );
    if (failures(result) > 0) ok = false;
  };
  try {
    const scenarios: [string, Record<string, string>][] = [
      ["ledger off", { CLICK_LEDGER: "false" }],
      ["ledger on SQLite", { DATABASE_URL: `sqlite:${path.join(directory, "clicks.sqlite")}` }],
      ["ledger on PostgreSQL", { DATABASE_URL: cluster.url }],
    ];
    const results: Result[] = [];
    for (const [name, env] of scenarios) {
      const server = await startServer(env);
      const result = await drive();
      await stopServer(server);
      results.push(result);
      const base = results[0]!.requests.average;
      const cost = ((base - result.requests.average) / base) * 100;
      const note =
        results.length === 1 ? "reference" : `cost ${cost.toFixed(1)} % of the reference`;
      if (results.length > 1 && cost >= COST_LIMIT_PERCENT) ok = false;
      row(name, result, note);
    }

    // PostgreSQL stops half-way through a run, then comes back.
    const server = await startServer({ DATABASE_URL: cluster.url });
    const before = await countClicks(cluster.url);
    const run = autocannon({
      url: URL_UNDER_TEST,
      connections: 50,
      duration: DURATION,
      headers: { "user-agent": BROWSER_UA },
    });
    await sleep((DURATION * 1000) / 3);
    cluster.stop();
    await sleep((DURATION * 1000) / 3);
    cluster.start();
    const result = await run;
    await sleep(3_000);
    await stopServer(server);
    const written = (await countClicks(cluster.url)) - before;
    row(
      "PostgreSQL stopped for a third of the run",
      result,
      `${written} clicks reached PostgreSQL once it was back (autocannon counted ${redirects(result)} 302s; it does not count answers still in flight when it stops)`,
    );
  } finally {
    cluster.destroy();
    rmSync(directory, { recursive: true, force: true });
  }
  console.log(`\nRedirect /go/${LINK}, 50 connections, ${DURATION} s each (autocannon):\n`);
  console.log("| scenario | requests/s | p50 ms | p99 ms | 302s | failed | note |");
  console.log("| -------- | ---------: | -----: | -----: | ---: | -----: | ---- |");
  for (const line of rows) console.log(line);
  if (!ok)
    console.log(
      `\nTarget missed: a failed redirect, or a ledger cost of ${COST_LIMIT_PERCENT} % or more.`,
    );
  return ok ? 0 : 1;
}

process.exitCode = await main();
