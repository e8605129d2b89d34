/**
 * `npm run bench`: load test of the production build. Builds (unless BENCH_SKIP_BUILD=1),
 * starts `node server.mjs` on BENCH_PORT (default 3500), warms it up, then drives `/` and
 * `/terms` at 50 connections (BENCH_DURATION s each, default 20) and soaks `/` at 20
 * connections (BENCH_SOAK_DURATION s, default 60), reading the server's resident memory
 * from /proc before and after. Prints a Markdown table and exits 1 when a target is missed:
 * any non-2xx or error, p99 >= 100 ms at 50 connections, RSS growth across the soak (before it
 * to after it settled) >= 15%.
 * Only ever talks to localhost.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

// @ts-expect-error autocannon 8 ships no type declarations (typed below)
import autocannonUntyped from "autocannon";

/** The part of autocannon's options and result this script uses. */
type AutocannonOptions = {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
};
type Histogram = { average: number; p50: number; p99: number };
type AutocannonResult = {
  requests: Histogram;
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
};
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

const PORT = Number(process.env.BENCH_PORT ?? 3500);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const SOAK_DURATION = Number(process.env.BENCH_SOAK_DURATION ?? 60);
const BASE_URL = `http://localhost:${PORT}`;
/** Optional Accept-Encoding for every request (e.g. "gzip"); none by default. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const HEADERS: Record<string, string> = ACCEPT_ENCODING
  ? { "accept-encoding": ACCEPT_ENCODING }
  : {};

const P99_LIMIT_MS = 100;
const RSS_GROWTH_LIMIT_PERCENT = 15;
const SETTLE_MS = 2_000;

type Scenario = { name: string; path: string; connections: number; duration: number };
type Row = Scenario & { result: AutocannonResult };

let server: ChildProcess | null = null;
let serverErrorLines = 0;
/** The server's last stderr lines, shown only if it exits on its own. */
const serverStderrTail: string[] = [];
/** How the server ended, if it ended before the script stopped it. */
let serverExit: string | null = null;
let stopping = false;

function stopServer(): void {
  stopping = true;
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
}

process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

/** Resident memory of a process in MB, from VmRSS in /proc/<pid>/status (NaN if gone). */
function rssMb(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return Number.NaN;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

async function answers(path: string): Promise<boolean> {
  try {
    const response = await fetch(`${BASE_URL}${path}`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForServer(child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
    }
    if ((await answers("/healthz")) || (await answers("/"))) return;
    await sleep(250);
  }
  throw new Error(`the server at ${BASE_URL} did not answer within ${timeoutMs / 1000} s`);
}

function startServer(): ChildProcess {
  const child = spawn("node", ["server.mjs"], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (child.stderr) {
    createInterface({ input: child.stderr }).on("line", (line) => {
      if (line.includes("Error") || line.includes("    at ")) serverErrorLines += 1;
      serverStderrTail.push(line);
      if (serverStderrTail.length > 20) serverStderrTail.shift();
    });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) serverExit = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  return child;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

function table(rows: Row[]): string {
  const lines = [
    "| scenario | connections | duration | requests/s (average) | p50 ms | p99 ms | non-2xx | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const { name, connections, duration, result } of rows) {
    lines.push(
      `| ${name} | ${connections} | ${duration} s | ${fixed(result.requests.average, 1)} | ` +
        `${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ` +
        `${result.errors + result.timeouts} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) {
      console.error(`npm run build failed (exit ${build.status ?? build.signal})`);
      return 1;
    }
  }

  server = startServer();
  const pid = server.pid;
  if (pid === undefined) throw new Error("could not start node server.mjs");
  await waitForServer(server);

  console.log(`\nwarming up ${BASE_URL} …`);
  await autocannon({ url: `${BASE_URL}/`, connections: 10, amount: 100, headers: HEADERS });
  await autocannon({ url: `${BASE_URL}/terms`, connections: 10, amount: 100, headers: HEADERS });

  const scenarios: Scenario[] = [
    { name: "`/`", path: "/", connections: 50, duration: DURATION },
    { name: "`/terms`", path: "/terms", connections: 50, duration: DURATION },
    { name: "`/` soak", path: "/", connections: 20, duration: SOAK_DURATION },
  ];
  const rows: Row[] = [];
  const rssBefore = rssMb(pid);
  let rssBeforeSoak = rssBefore;
  for (const scenario of scenarios) {
    if (serverExit) break;
    if (scenario === scenarios[2]) rssBeforeSoak = rssMb(pid);
    console.log(
      `${scenario.path}: ${scenario.connections} connections for ${scenario.duration} s …`,
    );
    const result = await autocannon({
      url: `${BASE_URL}${scenario.path}`,
      connections: scenario.connections,
      duration: scenario.duration,
      headers: HEADERS,
    });
    rows.push({ ...scenario, result });
  }
  const rssAfter = rssMb(pid);
  await sleep(SETTLE_MS);
  const rssSettled = rssMb(pid);

  // The target is growth across the soak: from just before it to after it has settled. The
  // 50-connection runs before it grow the heap to its working size; that is not a leak.
  const growth = (after: number) => ((after - rssBeforeSoak) / rssBeforeSoak) * 100;
  console.log(`\n${table(rows)}\n`);
  console.log(`- RSS before the first run: ${fixed(rssBefore, 1)} MB`);
  console.log(`- RSS before the soak: ${fixed(rssBeforeSoak, 1)} MB`);
  console.log(`- RSS after the soak: ${fixed(rssAfter, 1)} MB (${fixed(growth(rssAfter), 1)}%)`);
  console.log(
    `- RSS after a ${SETTLE_MS / 1000} s settle: ${fixed(rssSettled, 1)} MB ` +
      `(${fixed(growth(rssSettled), 1)}%)`,
  );
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `- machine: ${cpu}, ${os.cpus().length} cores, ` +
      `${fixed(os.totalmem() / 1024 ** 3, 1)} GB, node ${process.version}` +
      (ACCEPT_ENCODING ? `, Accept-Encoding: ${ACCEPT_ENCODING}` : ", no Accept-Encoding"),
  );

  const exitedEarly = serverExit;
  stopServer();
  await sleep(200);
  console.log(`- server stderr lines with "Error" or "    at ": ${serverErrorLines}`);

  const failures: string[] = [];
  if (exitedEarly) {
    failures.push(`the server exited during the benchmark (${exitedEarly})`);
    console.log(`\nlast server stderr lines:\n${serverStderrTail.join("\n") || "(none)"}`);
  }
  for (const { name, connections, result } of rows) {
    if (result.non2xx > 0) failures.push(`${name}: ${result.non2xx} non-2xx responses`);
    if (result.errors + result.timeouts > 0) {
      failures.push(`${name}: ${result.errors} errors, ${result.timeouts} timeouts`);
    }
    if (connections === 50 && result.latency.p99 >= P99_LIMIT_MS) {
      failures.push(`${name}: p99 ${result.latency.p99} ms >= ${P99_LIMIT_MS} ms`);
    }
  }
  // Judged on the settled value: what the server keeps, not what is in flight at the end.
  if (Number.isNaN(growth(rssSettled))) {
    failures.push("RSS across the soak unknown: the server process was gone");
  } else if (growth(rssSettled) >= RSS_GROWTH_LIMIT_PERCENT) {
    failures.push(
      `RSS grew ${fixed(growth(rssSettled), 1)}% across the soak (>= ${RSS_GROWTH_LIMIT_PERCENT}%)`,
    );
  }
  if (failures.length === 0) {
    console.log("\nall targets met");
    return 0;
  }
  console.log(`\ntargets missed:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
  return 1;
}

main()
  .then((code) => {
    stopServer();
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error);
    stopServer();
    process.exit(1);
  });
