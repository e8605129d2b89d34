/**
 * Part of `npm run bench`: the outbound redirect's rate before, during and after a storage
 * fault, as ratios to the rate before it (the "normal rate" of docs/clicks.md, "A write that
 * fails"; tests/e2e/ledger-faults.spec.ts proves the rest: one log line each way, no click
 * lost). Two faults, each on a production server of its own:
 * - a full disk under the SQLite ledger: the ledger on a tmpfs of its own (mounting one needs
 *   root, as CI runs; without it this row says so), filled to its last byte, then emptied;
 *   large enough for every click of the three phases once the filler is gone;
 * - PostgreSQL stopped (tests/postgres-cluster.ts), then started again.
 * Each phase is autocannon at 50 connections for BENCH_FAULT_DURATION seconds (default 5).
 * A fault's phase starts once the server has logged the failed write, and "after" once it
 * has logged that writes resumed. A click answered and not stored was either dropped by the
 * queue's bound (app/ledger/batch-queue.ts: logged, "queue full: dropped N oldest clicks (M
 * in all)"), which happens when the load outruns the ledger's writes for long enough, fault
 * or not, or lost without a word; the table says which. Exits 1 when a redirect was not a
 * 302 or a click answered was not stored. Only ever talks to localhost.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import Database from "better-sqlite3";
import pg from "pg";

import { startCluster } from "../tests/postgres-cluster";

import { autocannon, type LoadResult } from "./bench-autocannon";
import { stopOnExit, stopServer } from "./bench-server";
import { summarize } from "./bench-summary";

const PORT = Number(process.env.BENCH_FAULT_PORT ?? 3580);
const DURATION = Number(process.env.BENCH_FAULT_DURATION ?? 5);
const CONNECTIONS = 50;
const URL_UNDER_TEST = `http://127.0.0.1:${PORT}/go/home-main-block-1-button-1?utm_campaign=bench`;
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
/** How long a log line or a count may take to show (the back-off's longest delay is 30 s). */
const WAIT_MS = 60_000;

type Server = { child: ChildProcess; log: () => string };

/** The production server with its stderr kept (the ledger's incident lines). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn("node", ["build/server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  stopOnExit(child);
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const server = { child, log: () => output };
  await until(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null))?.ok);
  return server;
}

/** Polls `condition` every 100 ms until it holds; throws after WAIT_MS. */
async function until(condition: () => unknown, what = "the server to start"): Promise<void> {
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; await sleep(100)) {
    if (await condition()) return;
  }
  throw new Error(`gave up waiting for ${what}`);
}

const drive = () =>
  autocannon({
    url: URL_UNDER_TEST,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "user-agent": BROWSER_UA },
  });

const redirects = (result: LoadResult) => result.statusCodeStats["302"]?.count ?? 0;
const failures = (result: LoadResult) =>
  result.errors +
  result.timeouts +
  Object.entries(result.statusCodeStats)
    .filter(([code]) => code !== "302")
    .reduce((sum, [, stats]) => sum + stats.count, 0);

/** One redirect on a connection of its own, closed after (none left open for autocannon). */
const redirectOnce = () =>
  new Promise<void>((resolve) => {
    get(URL_UNDER_TEST, { agent: false, headers: { "user-agent": BROWSER_UA } }, (answer) =>
      answer.resume().once("end", resolve),
    ).once("error", () => resolve());
  });

/** Redirects, ten at a time, until `done` holds (clicks to fail the first write with). */
async function redirectUntil(done: () => boolean, what: string): Promise<void> {
  let running = true;
  const loops = Array.from({ length: 10 }, async () => {
    while (running) await redirectOnce();
  });
  try {
    await until(done, what);
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

type Row = {
  fault: string;
  phases: LoadResult[];
  stored: number;
  /** Clicks the queue's bound dropped, as the server logged them. */
  dropped: number;
  note: string;
};

/** The last "(M in all)" of the queue's overflow lines: every click it dropped, logged. */
function droppedIn(log: string): number {
  const counts = [
    ...log.matchAll(/\[clicks\] queue full: dropped \d+ oldest clicks \((\d+) in all\)/g),
  ];
  return counts.length > 0 ? Number(counts.at(-1)![1]) : 0;
}

/** Before, during (`begin` to `end`), after; the clicks stored once writes resumed. */
async function measure(
  fault: string,
  server: Server,
  begin: () => void,
  end: () => void,
  storedClicks: () => Promise<number> | number,
): Promise<Row> {
  await autocannon({ url: URL_UNDER_TEST, connections: 10, duration: 2 }); // warm-up
  const before = await drive();
  begin();
  // The fault counts from the first failed write (a filled disk may take a few batches).
  await redirectUntil(() => server.log().includes("[clicks] cannot write"), "the failed write");
  const during = await drive();
  end();
  await until(() => server.log().includes("[clicks] writing again"), "writes to resume");
  const after = await drive();
  const answered = [before, during, after].reduce((sum, phase) => sum + redirects(phase), 0);
  // The backlog is written before the server stops (a shutdown has SHUTDOWN_GRACE_MS).
  await until(async () => (await storedClicks()) >= answered, "the backlog to be written").catch(
    () => {},
  );
  await stopServer(server.child);
  const incident = server.log().match(/\[clicks\] cannot write .*/)?.[0] ?? "";
  return {
    fault,
    phases: [before, during, after],
    stored: await storedClicks(),
    dropped: droppedIn(server.log()),
    note: incident,
  };
}

function fill(directory: string): string {
  const filler = path.join(directory, "filler");
  const descriptor = openSync(filler, "w");
  try {
    for (const chunk = Buffer.alloc(64 * 1024); ;) writeSync(descriptor, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(descriptor);
  }
  return filler;
}

async function fullDisk(directory: string): Promise<Row | string> {
  const disk = path.join(directory, "disk");
  mkdirSync(disk);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1g", "tmpfs", disk], { stdio: "pipe" });
  } catch {
    return "full disk: not measured (mounting a tmpfs needs root)";
  }
  try {
    const file = path.join(disk, "clicks.sqlite");
    const server = await startServer({ DATABASE_URL: `sqlite:${file}` });
    let filler = "";
    return await measure(
      "full disk, ledger on SQLite",
      server,
      () => (filler = fill(disk)),
      () => unlinkSync(filler),
      () => {
        const ledger = new Database(file, { readonly: true });
        try {
          return (ledger.prepare("select count(*) as n from clicks").get() as { n: number }).n;
        } finally {
          ledger.close();
        }
      },
    );
  } finally {
    execFileSync("umount", [disk], { stdio: "pipe" });
  }
}

async function outage(): Promise<Row> {
  const cluster = await startCluster();
  try {
    const server = await startServer({ DATABASE_URL: cluster.url });
    return await measure(
      "PostgreSQL stopped",
      server,
      () => cluster.stop(),
      () => cluster.start(),
      async () => {
        const client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: string }>("select count(*) as n from clicks");
          return Number(rows[0]!.n);
        } finally {
          await client.end();
        }
      },
    );
  } finally {
    cluster.destroy();
  }
}

async function main(): Promise<number> {
  const directory = mkdtempSync(path.join(tmpdir(), "bench-faults-"));
  const rows: (Row | string)[] = [];
  try {
    rows.push(await fullDisk(directory));
    rows.push(await outage());
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  let ok = true;
  console.log(
    `\nRedirect before, during and after a storage fault, ${CONNECTIONS} connections, ${DURATION} s a phase (autocannon):\n`,
  );
  console.log(
    "| fault | before req/s | during | after | 302s | failed | stored | dropped, logged | lost unlogged | first log line |",
  );
  console.log(
    "| ----- | -----------: | -----: | ----: | ---: | -----: | -----: | --------------: | ------------: | -------------- |",
  );
  for (const row of rows) {
    if (typeof row === "string") {
      console.log(`| ${row} |`);
      continue;
    }
    const [before, during, after] = row.phases as [LoadResult, LoadResult, LoadResult];
    const rate = (result: LoadResult) => result.requests.average;
    const ratio = (result: LoadResult) => `${((rate(result) / rate(before)) * 100).toFixed(0)} %`;
    const answered = row.phases.reduce((sum, phase) => sum + redirects(phase), 0);
    const failed = row.phases.reduce((sum, phase) => sum + failures(phase), 0);
    // The clicks that opened the fault, and answers in flight when autocannon stops, are
    // stored but not counted here: `missing` is at most what was not stored.
    const missing = Math.max(0, answered - row.stored);
    const unlogged = Math.max(0, missing - row.dropped);
    ok &&= failed === 0 && missing === 0;
    console.log(
      `| ${row.fault} | ${rate(before).toFixed(0)} | ${ratio(during)} | ${ratio(after)} | ${answered} | ${failed} | ${row.stored} | ${row.dropped} | ${unlogged} | ${row.note} |`,
    );
    const losses =
      missing === 0
        ? "no click lost"
        : `${missing} clicks NOT stored: ${Math.min(missing, row.dropped)} dropped by the queue's bound and logged (the load outran the ledger's writes), ${unlogged} lost unlogged`;
    summarize(
      `- redirect during a fault (${row.fault}): ${ratio(during)} of its rate before, ${ratio(after)} after; ${failed} failed; ${losses}`,
    );
  }
  return ok ? 0 : 1;
}

process.exitCode = await main();
