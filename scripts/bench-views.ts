/**
 * Part of `npm run bench` (scripts/bench.ts): what counting page views costs the site
 * (docs/page-views.md). One production server, its ledger on SQLite as `npm start` runs it, and the
 * bare node:http handler of scripts/bench-bare-server.mjs (the page's own bytes and
 * headers; a POST answered 204 with the site's beacon headers once its body is read), each
 * driven by `wrk -t1 -c50` for BENCH_VIEWS_DURATION s (default 10):
 * - the cached home page alone: pages per second, the reference;
 * - the cached home page plus its view beacon: `GET /` and `POST /_app/view` in turn (the
 *   beacon's body, a browser's User-Agent, so each view is counted and written). Pages per
 *   second is half the requests per second: what the server serves when every page also
 *   reports its view. Target: >= 80 % of the page alone. The bare handler's own ratio,
 *   in the same run, is the ceiling any server of Node reaches: a beacon is one more
 *   request, as dear as the cached page's own.
 * Then a flood of views of unknown paths with unique query strings (beacons and no-JS
 * GETs in turn, 20 connections, BENCH_VIEWS_FLOOD_DURATION s, default 30), with the
 * server's resident memory before and after: target < 50 MB of growth. Once the server
 * has stopped (and written its queue), the ledger must hold the flood under one page,
 * "404". Exits 1 when a target is missed. Builds first unless BENCH_SKIP_BUILD=1. Only
 * ever talks to 127.0.0.1.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import SQLite from "better-sqlite3";

import { rawRequest } from "./bench-http";
import { startServer, stopOnExit, stopServer } from "./bench-server";
import { summarize } from "./bench-summary";
import { rssMb, wrk, type Run } from "./bench-wrk";

const DURATION = Number(process.env.BENCH_VIEWS_DURATION ?? 10);
const FLOOD_DURATION = Number(process.env.BENCH_VIEWS_FLOOD_DURATION ?? 30);
const PORT = Number(process.env.BENCH_VIEWS_PORT ?? 3590);
const BARE_PORT = PORT + 1;
const TARGETS = { pairVsPage: 80, floodGrowthMb: 50 };
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
/** What the beacon of app/browser sends for a landing from a campaign. */
const BEACON_BODY = "p=%2F&s=google&m=cpc&c=bench&r=https%3A%2F%2Fwww.bing.com%2F";

/** One request to the server as wrk sends it: the beacon's POST, else the home page. */
const ask = (port: number, options: Parameters<typeof rawRequest>[1] = {}) =>
  rawRequest(`http://127.0.0.1:${port}${options.method === "POST" ? "/_app/view" : "/"}`, options);

/**
 * The server's answers, as the bare handler is to replay them: the home page in each
 * encoding (rendered and stored once by the first: the figures are of cache hits, not of
 * 50 connections rendering it at once on a cold cache), and the beacon's 204.
 */
async function recordAnswers(directory: string): Promise<void> {
  for (const [encoding, file] of [
    ["identity", "index.html"],
    ["gzip", "index.html.gz"],
    ["br", "index.html.br"],
  ] as const) {
    const page = await ask(PORT, { headers: { "accept-encoding": encoding } });
    if (page.status !== 200) throw new Error(`the home page answered ${page.status}`);
    writeFileSync(path.join(directory, file), page.body);
    writeFileSync(path.join(directory, `${file}.headers.json`), JSON.stringify(page.headers));
  }
  const beacon = await ask(PORT, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
    body: BEACON_BODY,
  });
  if (beacon.status !== 204) throw new Error(`the beacon answered ${beacon.status}`);
  writeFileSync(path.join(directory, "beacon.headers.json"), JSON.stringify(beacon.headers));
}

async function startBare(directory: string) {
  const child = spawn("node", ["scripts/bench-bare-server.mjs", String(BARE_PORT), directory], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  stopOnExit(child);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await ask(BARE_PORT, {});
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill("SIGKILL");
  throw new Error("the bare handler did not start");
}

/** A wrk script: its headers, and `request` made of the requests below, in turn. */
function script(body: string): string {
  const origin = `http://127.0.0.1:${PORT}`;
  return `local n = 0
local page = { ["Accept-Encoding"] = "gzip", ["User-Agent"] = "${BROWSER_UA}" }
local beacon = { ["Content-Type"] = "text/plain;charset=UTF-8", ["User-Agent"] = "${BROWSER_UA}", ["Origin"] = "${origin}" }
local fallback = { ["User-Agent"] = "${BROWSER_UA}", ["Referer"] = "${origin}/" }
${body}`;
}

const PAGE_ALONE = script(`request = function()
  return wrk.format("GET", "/", page)
end`);
const PAGE_AND_BEACON = script(`request = function()
  n = n + 1
  if n % 2 == 1 then return wrk.format("GET", "/", page) end
  return wrk.format("POST", "/_app/view", beacon, "${BEACON_BODY}")
end`);
const FLOOD = script(`request = function()
  n = n + 1
  if n % 2 == 1 then
    return wrk.format("POST", "/_app/view", beacon, "p=%2Fnope-" .. n .. "%2Fx%3Fq%3D" .. n .. "&s=flood")
  end
  return wrk.format("GET", "/_app/view?p=%2Funknown-" .. n .. "&q=" .. n, fallback)
end`);

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== "1")
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const work = mkdtempSync(path.join(tmpdir(), "bench-views-"));
  const database = path.join(work, "clicks.sqlite");
  const scripts = Object.fromEntries(
    Object.entries({ alone: PAGE_ALONE, pair: PAGE_AND_BEACON, flood: FLOOD }).map(
      ([name, text]) => {
        const file = path.join(work, `${name}.lua`);
        writeFileSync(file, text);
        return [name, file];
      },
    ),
  ) as Record<"alone" | "pair" | "flood", string>;
  const url = `http://127.0.0.1:${PORT}/`;
  const problems: string[] = [];
  const rows: string[] = [];
  const row = (name: string, run: Run, note: string) =>
    rows.push(
      `| ${name} | ${run.rps.toFixed(0)} | ${run.p50.toFixed(2)} | ${run.p99.toFixed(2)} | ${run.non2xx} | ${run.errors} | ${note} |`,
    );
  try {
    const server = await startServer(PORT, { DATABASE_URL: `sqlite:${database}` });
    await recordAnswers(work);
    const bareServer = await startBare(work);
    const pairs = [
      ["bare node:http", `http://127.0.0.1:${BARE_PORT}/`],
      ["server (npm start)", url],
    ] as const;
    const ratios: number[] = [];
    for (const [name, target] of pairs) {
      wrk(target, { encoding: "gzip", duration: 2, script: scripts.pair }); // warm-up
      const alone = wrk(target, { encoding: "gzip", duration: DURATION, script: scripts.alone });
      const pair = wrk(target, { encoding: "gzip", duration: DURATION, script: scripts.pair });
      const pagesWithBeacon = pair.rps / 2;
      const ratio = (pagesWithBeacon / alone.rps) * 100;
      ratios.push(ratio);
      row(`${name}: \`GET /\` alone`, alone, `${alone.rps.toFixed(0)} pages/s: the reference`);
      row(
        `${name}: \`GET /\` and \`POST /_app/view\` in turn`,
        pair,
        `${pagesWithBeacon.toFixed(0)} pages/s with their beacons: **${ratio.toFixed(0)} %** of the page alone`,
      );
      for (const run of [alone, pair]) {
        if (run.non2xx > 0 || run.errors > 0) problems.push(`${name}: failures`);
      }
    }
    bareServer.kill("SIGTERM");
    const [bareRatio, serverRatio] = ratios as [number, number];
    summarize(
      `- page + beacon: ${serverRatio.toFixed(0)} % of the page alone (target >= ${TARGETS.pairVsPage} %: ${Number.isFinite(serverRatio) && serverRatio >= TARGETS.pairVsPage ? "met" : "NOT met"}; a bare node:http handler: ${bareRatio.toFixed(0)} %)`,
    );
    // A run that served no page alone gives no ratio (Infinity): a miss, not a pass.
    if (!(Number.isFinite(serverRatio) && serverRatio >= TARGETS.pairVsPage)) {
      problems.push(
        `page + beacon at ${serverRatio.toFixed(0)} % of the page alone (bare node:http: ${bareRatio.toFixed(0)} %)`,
      );
    }

    const before = rssMb(server.pid!);
    const flood = wrk(url, {
      encoding: "gzip",
      connections: 20,
      duration: FLOOD_DURATION,
      script: scripts.flood,
    });
    const after = rssMb(server.pid!);
    row(
      "flood: views of unknown paths, unique query strings (20 connections)",
      flood,
      `RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB (${(after - before).toFixed(1)} MB)`,
    );
    if (after - before >= TARGETS.floodGrowthMb)
      problems.push(`flood grew RSS by ${(after - before).toFixed(1)} MB`);
    if (flood.non2xx > 0 || flood.errors > 0) problems.push("flood: failures");
    await stopServer(server);

    // Stopped: the queue is written. Every flood view is one page, "404".
    const ledger = new SQLite(database, { readonly: true });
    const pages = ledger
      .prepare("select page, count(*) as views from views group by page order by page")
      .all() as { page: string; views: number }[];
    const dailyRows = (
      ledger.prepare("select count(*) as n from view_daily").get() as { n: number }
    ).n;
    ledger.close();
    const written = pages.map(({ page, views }) => `${page}: ${views}`).join(", ");
    if (pages.some(({ page }) => page !== "/" && page !== "404"))
      problems.push(`the flood stored pages other than "404": ${written}`);
    rows.push(
      `\nViews written (all of them, after the server stopped): ${written}; view_daily holds ${dailyRows} rows.`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nPage views (wrk -t1 -c50, ${DURATION} s per run, flood ${FLOOD_DURATION} s), the ledger on SQLite:\n`,
  );
  console.log("| run | requests/s | p50 ms | p99 ms | non-2xx | errors | note |");
  console.log("| --- | ---------: | -----: | -----: | ------: | -----: | ---- |");
  for (const line of rows) console.log(line);
  if (problems.length > 0) console.log(`\nTargets missed: ${problems.join("; ")}`);
  else
    console.log(
      `\nTargets met: page + beacon >= ${TARGETS.pairVsPage} % of the page alone, flood RSS growth < ${TARGETS.floodGrowthMb} MB.`,
    );
  return problems.length > 0 ? 1 : 0;
}

process.exitCode = await main();
