/**
 * Part of `npm run bench`: the postback receiver on SQLite. The production server starts
 * with POSTBACK_TOKEN set and POSTBACK_RATE_LIMIT raised out of the way (this measures the
 * receiver and the conversion ledger's group commit, not the limiter), on a ledger seeded
 * with clicks so every postback is attributed. autocannon at 50 connections fires distinct
 * deposits (a txid of their own each) for BENCH_POSTBACK_DURATION seconds (default 10),
 * then the same requests go to a bare node:http handler answering 200 "OK": Node's own
 * limit, the reference of the same run. Every 200 must be a conversion stored: the rows
 * are counted afterwards, and how long after the run the conversions' daily counts (written
 * after each answer) caught up. Target: 10,000 postbacks stored per second. Only ever talks to localhost.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import SQLite from "better-sqlite3";

import { seedClickId, writeSeed } from "./seed/ledger-seed";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { env } from "../app/config/env.server";
import { loadContent } from "../app/content/load-content.server";

import { autocannon, type LoadRequest, type LoadResult } from "./bench-autocannon";
import { startServer, stopOnExit, stopServer } from "./bench-server";
import { summarize } from "./bench-summary";
import { todayIn } from "../app/reports/reporting-day";

const PORT = Number(process.env.BENCH_POSTBACK_PORT ?? 3570);
const BARE_PORT = PORT + 1;
const DURATION = Number(process.env.BENCH_POSTBACK_DURATION ?? 10);
const CONNECTIONS = 50;
const TARGET_PER_SECOND = 10_000;
const TOKEN = "bench-postback-token-0123456789abcdef";
const CLICKS = 10_000;
const SEED = 22;

/** Distinct deposits on the seeded clicks: `prefix` keeps the warm-up's txids apart. */
function postbacks(prefix: string) {
  let next = 0;
  return [
    {
      setupRequest: (request: LoadRequest): LoadRequest => {
        const n = next++;
        request.method = "GET";
        request.path = `/postback/${TOKEN}?click_id=${seedClickId(SEED, n % CLICKS)}&event=deposit&amount=25.00&currency=EUR&txid=${prefix}-${n}`;
        return request;
      },
    },
  ];
}

const drive = (port: number, prefix: string, duration = DURATION) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: postbacks(prefix),
  });

/**
 * Milliseconds until no stored conversion waits to be counted (the server counts them
 * after their answers), read from the ledger file beside the running server.
 */
async function untilCounted(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const file = new SQLite(databaseUrl.slice("sqlite:".length), { readonly: true });
  try {
    const waiting = file.prepare("select count(*) as n from conversions where counted = 0");
    while ((waiting.get() as { n: number }).n > 0) await sleep(50); // polled: another process counts
    return performance.now() - started;
  } finally {
    file.close();
  }
}

const oks = (result: LoadResult) => result.statusCodeStats["200"]?.count ?? 0;
const failures = (result: LoadResult) =>
  result.errors +
  result.timeouts +
  Object.entries(result.statusCodeStats)
    .filter(([code]) => code !== "200")
    .reduce((sum, [, stats]) => sum + stats.count, 0);

/** A bare node:http handler answering 200 "OK" to anything, in its own process. */
async function startBare(): Promise<ChildProcess> {
  const child = spawn(
    "node",
    [
      "-e",
      `require("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "text/plain" }); res.end("OK accepted\\n"); }).listen(${BARE_PORT}, "127.0.0.1")`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  stopOnExit(child);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${BARE_PORT}/`);
      return child;
    } catch {
      await sleep(100); // not listening yet
    }
  }
  child.kill("SIGKILL");
  throw new Error("the bare handler did not start");
}

async function main(): Promise<number> {
  const directory = mkdtempSync(path.join(tmpdir(), "bench-postbacks-"));
  const databaseUrl = `sqlite:${path.join(directory, "clicks.sqlite")}`;
  try {
    const database = await openLedgerDatabase(databaseUrl);
    await writeSeed(database, {
      count: CLICKS,
      days: 1,
      lastDay: todayIn(env.REPORT_TIME_ZONE),
      links: [...loadContent().links.values()],
      seed: SEED,
    });
    await database.close();

    const server = await startServer(PORT, {
      DATABASE_URL: databaseUrl,
      POSTBACK_TOKEN: TOKEN,
      POSTBACK_RATE_LIMIT: "1000000",
    });
    let site: LoadResult;
    let caughtUpMs: number;
    try {
      await drive(PORT, "warm", 2);
      site = await drive(PORT, "run");
      caughtUpMs = await untilCounted(databaseUrl);
    } finally {
      await stopServer(server); // writes what waits, then exits
    }
    const counted = await openLedgerDatabase(databaseUrl);
    const row = await counted.db
      .selectFrom("conversions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("txid", "like", "run-%")
      .where("orphan", "=", 0)
      .executeTakeFirstOrThrow();
    await counted.close();
    const stored = Number(row.n);

    const bare = await startBare();
    let reference: LoadResult;
    try {
      await drive(BARE_PORT, "warm", 2);
      reference = await drive(BARE_PORT, "run");
    } finally {
      bare.kill("SIGTERM");
    }

    // Over the run's measured length, not the nominal one: a busy machine may overrun it.
    const accepted = oks(site) / site.duration;
    console.log(
      `\nPostbacks (distinct deposits, GET), ${CONNECTIONS} connections, ${DURATION} s each (autocannon); POSTBACK_RATE_LIMIT raised: the receiver is measured, not the limiter:\n`,
    );
    console.log(
      `The conversions' daily counts, written after each postback's answer, had caught up ${(caughtUpMs / 1000).toFixed(1)} s after the run's end.\n`,
    );
    console.log("| server | requests/s | p50 ms | p99 ms | 200s | failed | note |");
    console.log("| ------ | ---------: | -----: | -----: | ---: | -----: | ---- |");
    const line = (name: string, result: LoadResult, note: string) =>
      console.log(
        `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${oks(result)} | ${failures(result)} | ${note} |`,
      );
    line('bare node:http, 200 "OK"', reference, "reference");
    line(
      "site, ledger on SQLite",
      site,
      `${accepted.toFixed(0)} accepted postbacks/s, ${((site.requests.average / reference.requests.average) * 100).toFixed(1)} % of the reference; ${stored} conversions stored`,
    );

    summarize(
      `- postbacks on SQLite: ${(stored / site.duration).toFixed(0)} stored/s, ${accepted.toFixed(0)} answered 200/s, ${((site.requests.average / reference.requests.average) * 100).toFixed(0)} % of a bare node:http 200 (target >= ${TARGET_PER_SECOND} stored/s: ${accepted >= TARGET_PER_SECOND ? "met" : "NOT met"})`,
    );
    // Answers still in flight when autocannon stops are stored but not counted as 200s.
    const consistent = stored >= oks(site) && stored - oks(site) <= CONNECTIONS;
    if (!consistent)
      console.log(`\nStored conversions (${stored}) do not match the 200s (${oks(site)}).`);
    if (failures(site) > 0) console.log("\nSome postbacks were not answered 200.");
    if (accepted < TARGET_PER_SECOND) {
      console.log(`\nTarget missed: ${TARGET_PER_SECOND} postbacks stored/s.`);
    }
    return consistent && failures(site) === 0 && accepted >= TARGET_PER_SECOND ? 0 : 1;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

process.exitCode = await main();
