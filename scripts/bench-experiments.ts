/**
 * Part of `npm run bench` (scripts/bench.ts): what an experiment costs a cached page
 * (docs/experiments.md). Two production servers in one run, each driven by `wrk -t1 -c50 -H
 * "Accept-Encoding: gzip"` for BENCH_EXPERIMENTS_DURATION s (default 5), in 5 paired rounds
 * (the median of the rounds' ratios is reported: two cores shared with wrk make single runs
 * noisy):
 * - the content with its "home-h1" experiment running on `/` (tests/running-experiment.ts:
 *   the shipped content has ended it), so each request is assigned a variant (the daily
 *   visitor key and a hash per request) and served from the page cache under that
 *   variant's key;
 * - the same content without experiments (a copy in a temporary CONTENT_DIR): `/` as it
 *   was, the reference.
 * Requests come from 32 client addresses in turn (CLIENT_IP_HEADER, trusted from
 * loopback), so both variants are served. Target: >= 90 % of the reference. Exits 1 when
 * it is missed. Builds first unless BENCH_SKIP_BUILD=1. Only ever talks to 127.0.0.1.
 */
import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { writeRunningExperimentContent } from "../tests/running-experiment";

import { editedContent } from "./bench-content";
import { startServer, stopServer } from "./bench-server";
import { wrk, type Run } from "./bench-wrk";

const DURATION = Number(process.env.BENCH_EXPERIMENTS_DURATION ?? 5);
/** Paired rounds (odd: the median is one of them). */
const ROUNDS = 5;
const PORT = Number(process.env.BENCH_EXPERIMENTS_PORT ?? 3600);
const TARGET = 90;
const CLIENT_HEADER = "x-bench-client";
/** Client addresses the requests come from in turn: both variants are served. */
const VISITORS = 32;
const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** A copy of content/ with no experiment: none declared, no block naming one. */
const contentWithoutExperiments = (work: string) =>
  editedContent(work, {
    site: (site) => delete site.experiments,
    page: (page) => {
      for (const component of page.components as Record<string, unknown>[]) {
        delete component.experiment;
      }
    },
  });

// The headers given to wrk.format replace wrk's own (-H): the encoding is set here too.
const SCRIPT = `local n = 0
request = function()
  n = n + 1
  local headers = { ["Accept-Encoding"] = "gzip", ["User-Agent"] = "${BROWSER_UA}", ["${CLIENT_HEADER}"] = "198.51.100." .. (n % ${VISITORS} + 1) }
  return wrk.format("GET", "/", headers)
end`;

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== "1")
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const work = mkdtempSync(path.join(tmpdir(), "bench-experiments-"));
  const script = path.join(work, "visitors.lua");
  writeFileSync(script, SCRIPT);
  const common = {
    CLIENT_IP_HEADER: CLIENT_HEADER,
    TRUSTED_PROXIES: "loopback",
    DATABASE_URL: `sqlite:${path.join(work, "clicks.sqlite")}`,
  };
  const servers: ChildProcess[] = [];
  try {
    servers.push(
      await startServer(PORT, {
        ...common,
        CONTENT_DIR: writeRunningExperimentContent(path.join(work, "content-experiment")),
      }),
    );
    servers.push(
      await startServer(PORT + 1, {
        ...common,
        DATABASE_URL: `sqlite:${path.join(work, "clicks-plain.sqlite")}`,
        CONTENT_DIR: contentWithoutExperiments(work),
      }),
    );
    const targets = [
      ["`/` under the experiment", `http://127.0.0.1:${PORT}/`],
      ["`/` without experiments", `http://127.0.0.1:${PORT + 1}/`],
    ] as const;
    // Every visitor's variant rendered and stored once, one request at a time: the figures
    // are of cache hits, not of 50 connections rendering the same page on a cold cache.
    for (const [, url] of targets) {
      for (let visitor = 1; visitor <= VISITORS; visitor++) {
        const headers = { "user-agent": BROWSER_UA, [CLIENT_HEADER]: `198.51.100.${visitor}` };
        const answer = await fetch(url, { headers });
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        await answer.arrayBuffer();
      }
      wrk(url, { encoding: "gzip", duration: 2, script });
    }
    // Paired rounds, each server first in every other round: on two cores shared with wrk a
    // single run moves by ±10 %, so the ratio reported is the median of the rounds' ratios.
    const runs: [Run[], Run[]] = [[], []];
    const ratios: number[] = [];
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      const paired: Run[] = [];
      for (const index of order) {
        const [, url] = targets[index]!;
        const run = wrk(url, { encoding: "gzip", duration: DURATION, script });
        if (run.non2xx > 0 || run.errors > 0) {
          failures.push(`${url}: ${run.non2xx} non-2xx, ${run.errors} socket errors`);
        }
        runs[index]!.push(run);
        paired[index] = run;
      }
      ratios.push((paired[0]!.rps / paired[1]!.rps) * 100);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(ratios);
    console.log("| | req/s (median of rounds) | p50 ms | p99 ms |\n|---|---|---|---|");
    targets.forEach(([name], index) => {
      const mid = [...runs[index]!].sort((a, b) => a.rps - b.rps)[ROUNDS >> 1]!;
      console.log(
        `| ${name} | ${mid.rps.toFixed(0)} | ${mid.p50.toFixed(2)} | ${mid.p99.toFixed(2)} |`,
      );
    });
    console.log(
      `\nunder the experiment: ${ratio.toFixed(0)} % of the page without, median of ${ROUNDS} ` +
        `paired rounds (each: ${ratios.map((value) => value.toFixed(0)).join(", ")} %; ` +
        `target >= ${TARGET} %)`,
    );
    for (const failure of failures) console.log(`failures: ${failure}`);
    return ratio >= TARGET && failures.length === 0 ? 0 : 1;
  } finally {
    for (const server of servers) await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
