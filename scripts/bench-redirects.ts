/**
 * Part of `npm run bench`: the outbound redirect, the site's money path, against what Node
 * itself can do for the same answer. One run drives `/go/<link-id>` with autocannon at 50
 * connections for BENCH_REDIRECT_DURATION seconds (default 10) on:
 * - a bare node:http handler answering the same 302, headers recorded from the site's
 *   answer and a Location of the same shape (scripts/bench-bare-redirect.mjs): the reference;
 * - the production server with the ledger off, on SQLite, on SQLite with the link under a
 *   destination split of the "home-h1" experiment (each click assigned its
 *   variant's destination), and on PostgreSQL (a throwaway cluster,
 *   tests/postgres-cluster.ts), started in turn on the same port.
 * Then, with PostgreSQL, it stops the database half-way through a run: every answer must
 * still be a 302, and the clicks queued meanwhile must reach the database once it is back.
 * Prints a Markdown table with each figure's ratio to the bare handler, then each run's CPU
 * per request by thread (the server's, the writer's, V8's helpers, and autocannon's, which
 * runs in this process: on two cores they share, this says which ran out), and whether the
 * targets are met (on SQLite: >= 60 % of bare, p99 <= 10 ms). Exits 1 when a
 * redirect failed or a target was missed, so `npm run bench` says so in its summary. Only
 * ever talks to localhost.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import pg from "pg";

import { startCluster } from "../tests/postgres-cluster";
import { writeRunningExperimentContent } from "../tests/running-experiment";

import { autocannon, type LoadResult } from "./bench-autocannon";
import { cpuPerRequest } from "./bench-cpu";
import { startServer as startServerOn, stopOnExit, stopServer } from "./bench-server";
import { summarize } from "./bench-summary";

const PORT = Number(process.env.BENCH_REDIRECT_PORT ?? 3560);
const DURATION = Number(process.env.BENCH_REDIRECT_DURATION ?? 10);
const LINK = process.env.BENCH_REDIRECT_LINK ?? "home-main-block-1-button-1";
const URL_UNDER_TEST = `http://127.0.0.1:${PORT}/go/${LINK}?utm_campaign=bench&subid=b1`;
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const SPLIT_SCENARIO = "ledger on SQLite, the link under a destination split";
/** Variant B's landing in the split scenario (only ever a Location: nothing fetches it). */
const SPLIT_DESTINATION = "https://afiliados.example/landing-b/";
/** The targets for the redirect with the ledger on SQLite (docs/performance.md). */
const TARGETS = { sqliteShareOfBare: 60, sqliteP99Ms: 10 };

const startServer = (env: Record<string, string>) => startServerOn(PORT, env);

/**
 * The measured run on `port`, and what it cost in CPU per request: each thread of the server
 * (process `pid`) and autocannon, which runs in this process.
 */
async function drive(pid: number, port = PORT): Promise<{ load: LoadResult; cpu: string }> {
  const url = URL_UNDER_TEST.replace(`:${PORT}/`, `:${port}/`);
  await autocannon({ url, connections: 10, duration: 2, headers: { "user-agent": BROWSER_UA } });
  const generator = process.cpuUsage();
  const { result: load, text } = await cpuPerRequest(
    pid,
    () =>
      autocannon({
        url,
        connections: 50,
        duration: DURATION,
        headers: { "user-agent": BROWSER_UA },
      }),
    (result) => result.requests.sent,
  );
  const used = process.cpuUsage(generator);
  const perRequest = (used.user + used.system) / Math.max(1, load.requests.sent);
  return { load, cpu: `${text}; autocannon ${perRequest.toFixed(1)}` };
}

/** The site's answer to one redirect, as the bare handler is to replay it. */
function recordAnswer(): Promise<{ headers: [string, string][]; location: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(URL_UNDER_TEST, { headers: { "user-agent": BROWSER_UA } }, (res) => {
      res.resume();
      const headers: [string, string][] = [];
      for (let index = 0; index < res.rawHeaders.length; index += 2) {
        headers.push([res.rawHeaders[index]!, res.rawHeaders[index + 1]!]);
      }
      const location = res.headers.location ?? "";
      if (res.statusCode !== 302 || !/[?&]clickid=[\w-]{16}$/.test(location)) {
        reject(new Error(`expected a 302 ending in a click id, got ${res.statusCode} ${location}`));
      } else resolve({ headers, location });
    })
      .on("error", reject)
      .end();
  });
}

/** The bare reference on its own port, resolved once it answers. */
async function startBare(port: number, answerFile: string) {
  const child = spawn("node", ["scripts/bench-bare-redirect.mjs", String(port), answerFile], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  stopOnExit(child);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill("SIGKILL");
  throw new Error("the bare handler did not start");
}

const redirects = (result: LoadResult) => result.statusCodeStats["302"]?.count ?? 0;
const failures = (result: LoadResult) =>
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
  const row = (name: string, result: LoadResult, note: string) => {
    rows.push(
      `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${redirects(result)} | ${failures(result)} | ${note} |`,
    );
    if (failures(result) > 0) ok = false;
  };
  const verdicts: string[] = [];
  /** Each run's CPU per request, per thread (bench-cpu.ts). */
  const cpuRows: string[] = [];
  let targetsMet = true;
  try {
    // The link sends variant B of "home-h1" to a second landing: each click is
    // assigned a variant and recorded with it.
    const splitContent = writeRunningExperimentContent(path.join(directory, "content-split"), {
      edit: (site) => {
        site.affiliate.splits = [
          { link: LINK, experiment: "home-h1", destinations: { B: SPLIT_DESTINATION } },
        ];
      },
    });
    const scenarios: [string, Record<string, string>][] = [
      ["ledger off", { CLICK_LEDGER: "false" }],
      ["ledger on SQLite", { DATABASE_URL: `sqlite:${path.join(directory, "clicks.sqlite")}` }],
      [
        SPLIT_SCENARIO,
        {
          DATABASE_URL: `sqlite:${path.join(directory, "clicks-split.sqlite")}`,
          CONTENT_DIR: splitContent,
        },
      ],
      ["ledger on PostgreSQL", { DATABASE_URL: cluster.url }],
    ];
    const answerFile = path.join(directory, "answer.json");
    const results = new Map<string, LoadResult>();
    for (const [name, env] of scenarios) {
      const server = await startServer(env);
      if (env.DATABASE_URL?.startsWith("sqlite:")) {
        writeFileSync(answerFile, JSON.stringify(await recordAnswer()));
      }
      const { load, cpu } = await drive(server.pid!);
      results.set(name, load);
      cpuRows.push(`| ${name} | ${cpu} |`);
      await stopServer(server);
    }
    const bareServer = await startBare(PORT + 1, answerFile);
    const { load: bare, cpu: bareCpu } = await drive(bareServer.pid!, PORT + 1);
    cpuRows.unshift(`| bare node:http, same 302 | ${bareCpu} |`);
    await stopServer(bareServer);

    const share = (result: LoadResult) => (result.requests.average / bare.requests.average) * 100;
    row("bare node:http, same 302", bare, "reference");
    for (const [name, result] of results)
      row(name, result, `${share(result).toFixed(0)} % of bare`);
    const sqlite = results.get("ledger on SQLite")!;
    const met = (yes: boolean) => {
      targetsMet &&= yes;
      return yes ? "met" : "NOT met";
    };
    const split = results.get(SPLIT_SCENARIO)!;
    verdicts.push(
      `ledger on SQLite at >= ${TARGETS.sqliteShareOfBare} % of bare: ${share(sqlite).toFixed(0)} %, ${met(share(sqlite) >= TARGETS.sqliteShareOfBare)}`,
      `ledger on SQLite p99 <= ${TARGETS.sqliteP99Ms} ms: ${sqlite.latency.p99} ms, ${met(sqlite.latency.p99 <= TARGETS.sqliteP99Ms)}`,
      `with a destination split at >= ${TARGETS.sqliteShareOfBare} % of bare: ${share(split).toFixed(0)} %, ${met(share(split) >= TARGETS.sqliteShareOfBare)}`,
      `with a destination split p99 <= ${TARGETS.sqliteP99Ms} ms: ${split.latency.p99} ms, ${met(split.latency.p99 <= TARGETS.sqliteP99Ms)}`,
    );
    summarize(
      `- redirect, ledger on SQLite: ${sqlite.requests.average.toFixed(0)} req/s, ${share(sqlite).toFixed(0)} % of a bare node:http 302 (${bare.requests.average.toFixed(0)} req/s), p99 ${sqlite.latency.p99} ms at 50 connections (targets >= ${TARGETS.sqliteShareOfBare} %, <= ${TARGETS.sqliteP99Ms} ms: ${share(sqlite) >= TARGETS.sqliteShareOfBare && sqlite.latency.p99 <= TARGETS.sqliteP99Ms ? "met" : "NOT met"})`,
    );

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
  console.log(
    "\nCPU per request, µs (user + system), by thread of the server and the load generator: two cores serve them all\n",
  );
  console.log("| scenario | µs per request |");
  console.log("| -------- | -------------- |");
  for (const line of cpuRows) console.log(line);
  console.log(
    `\nTargets (measured on a shared machine: compare runs):\n${verdicts.map((line) => `- ${line}`).join("\n")}`,
  );
  if (!ok) console.log("\nA redirect failed.");
  return ok && targetsMet ? 0 : 1;
}

process.exitCode = await main();
