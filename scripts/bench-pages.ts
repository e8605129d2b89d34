/**
 * Part of `npm run bench` (scripts/bench.ts): how close the production server comes to
 * what this machine can do for the home page. In one run, with `wrk -t1 -c50` (BENCH_DURATION s each, default 10), with
 * `Accept-Encoding: gzip` and then `br`:
 * - nginx serving the page's own bytes precompressed (gzip_static, brotli_static): scale;
 * - a bare node:http handler answering the same bytes with the same headers
 *   (scripts/bench-bare-server.mjs): Node's own limit for this answer, the reference;
 * - the site's server, as `npm start` runs it (`node build/server/index.js`).
 * Then `/terms`, and a flood of unique query strings (`?utm_source=<n>&gclid=<n>`, 20
 * connections, BENCH_FLOOD_DURATION s, default 30) with the server's resident memory before
 * and after. Targets: the server at >= 70 % of the bare handler for a cached page, the flood
 * at >= 80 % of the cached figure, memory growth < 50 MB over the flood; exits 1 when one
 * is missed. Builds first unless BENCH_SKIP_BUILD=1; installs wrk and nginx with
 * scripts/ensure-bench-tools.sh (ensureBenchTools). Only ever talks to 127.0.0.1.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { rawRequest } from "./bench-http";
import { stopOnExit } from "./bench-server";
import { ensureBenchTools, rssMb, wrk, type Run } from "./bench-wrk";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const FLOOD_DURATION = Number(process.env.BENCH_FLOOD_DURATION ?? 30);
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3500);
const PORTS = { server: PORT, bare: PORT + 1, nginx: PORT + 2 };
const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const TARGETS = { serverVsBare: 70, floodVsCached: 80, floodGrowthMb: 50 };

type Row = { name: string; encoding: string; run: Run | null; note?: string };

const children: ChildProcess[] = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));

function start(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  stopOnExit(child);
  children.push(child);
  return child;
}

/** GET with the given Accept-Encoding; the body as sent. */
async function get(port: number, path: string, encoding: string) {
  const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
  const answer = await rawRequest(`http://127.0.0.1:${port}${path}`, { headers });
  return { ...answer, encoding: String(answer.headers["content-encoding"] ?? "identity") };
}

/** `get`, tried again a few times while a server settles after it starts. */
async function getSettled(port: number, path: string, encoding: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await get(port, path, encoding);
    } catch (error) {
      if (attempt >= 5) throw error;
      await sleep(200);
    }
  }
}

async function waitFor(port: number, path = "/") {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await get(port, path, "")).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`nothing answers on port ${port}`);
}

async function main(): Promise<number> {
  ensureBenchTools();
  if (process.env.BENCH_SKIP_BUILD !== "1")
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  const work = mkdtempSync(path.join(tmpdir(), "bench-"));
  const www = path.join(work, "www");
  mkdirSync(www);
  const rows: Row[] = [];
  const problems: string[] = [];

  const server = start("node", ["build/server/index.js"], {
    PORT: String(PORTS.server),
    NODE_ENV: "production",
    DATABASE_URL: `sqlite:${path.join(work, "clicks.sqlite")}`,
  });
  await waitFor(PORTS.server, "/healthz");

  // The page's own bytes, as the server sends them, for nginx and the bare handler.
  for (const [encoding, file] of [
    ["", "index.html"],
    ["gzip", "index.html.gz"],
    ["br", "index.html.br"],
  ] as const) {
    const answer = await getSettled(PORTS.server, "/", encoding);
    if (answer.status !== 200 || answer.encoding !== (encoding || "identity")) {
      throw new Error(`the server answered ${answer.status} ${answer.encoding} to ${encoding}`);
    }
    writeFileSync(path.join(www, file), answer.body);
    // The bare handler answers with the very same headers (security headers, CSP, ETag…).
    writeFileSync(path.join(www, `${file}.headers.json`), JSON.stringify(answer.headers));
  }

  const brotli = existsSync(BROTLI_MODULE);
  writeFileSync(
    path.join(work, "nginx.conf"),
    [
      brotli ? `load_module ${BROTLI_MODULE};` : "",
      "worker_processes 1;",
      "daemon off;",
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/nginx-error.log;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      `  client_body_temp_path ${work}; proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};`,
      "  default_type text/html;",
      `  server { listen 127.0.0.1:${PORTS.nginx}; root ${www}; index index.html;`,
      `    location / { gzip_static on; ${brotli ? "brotli_static on;" : ""} }`,
      "  }",
      "}",
    ].join("\n"),
  );
  start("/usr/sbin/nginx", ["-c", path.join(work, "nginx.conf"), "-p", work]);
  start("node", ["scripts/bench-bare-server.mjs", String(PORTS.bare), www]);
  await waitFor(PORTS.nginx);
  await waitFor(PORTS.bare);

  const cached: Record<string, number> = {};
  for (const encoding of ["gzip", "br"]) {
    for (const [name, port] of [
      ["nginx (static)", PORTS.nginx],
      ["bare node:http", PORTS.bare],
      ["server (npm start)", PORTS.server],
    ] as const) {
      const answer = await getSettled(port, "/", encoding);
      if (answer.encoding !== encoding) {
        rows.push({
          name,
          encoding,
          run: null,
          note: `answers ${answer.encoding}, not ${encoding}`,
        });
        continue;
      }
      const run = wrk(`http://127.0.0.1:${port}/`, { encoding, duration: DURATION });
      rows.push({ name, encoding, run });
      if (port === PORTS.bare) cached[`bare-${encoding}`] = run.rps;
      if (port === PORTS.server) {
        cached[encoding] = run.rps;
        const ratio = (run.rps / cached[`bare-${encoding}`]!) * 100;
        rows[rows.length - 1]!.note = `${ratio.toFixed(0)} % of bare node`;
        if (ratio < TARGETS.serverVsBare)
          problems.push(`server ${encoding}: ${ratio.toFixed(0)} % of bare node`);
      }
    }
  }
  // Rendered and stored once first, as the home page was: the figure is of cache hits,
  // not of 50 connections rendering the same page at once on a cold cache.
  await getSettled(PORTS.server, "/terms", "gzip");
  rows.push({
    name: "server `/terms`",
    encoding: "gzip",
    run: wrk(`http://127.0.0.1:${PORTS.server}/terms`, { encoding: "gzip", duration: DURATION }),
  });

  // A flood of unique query strings: every one must be a cache hit, with flat memory.
  const lua = path.join(work, "flood.lua");
  writeFileSync(
    lua,
    'local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format("GET", "/?utm_source=flood" .. n .. "&gclid=" .. n)\nend\n',
  );
  const before = rssMb(server.pid!);
  const flood = wrk(`http://127.0.0.1:${PORTS.server}/`, {
    encoding: "gzip",
    connections: 20,
    duration: FLOOD_DURATION,
    script: lua,
  });
  const after = rssMb(server.pid!);
  const floodRatio = (flood.rps / cached.gzip!) * 100;
  rows.push({
    name: "server, unique `?utm_source=…` flood (20 connections)",
    encoding: "gzip",
    run: flood,
    note: `${floodRatio.toFixed(0)} % of cached; RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB (${(after - before).toFixed(1)} MB)`,
  });
  if (floodRatio < TARGETS.floodVsCached)
    problems.push(`flood at ${floodRatio.toFixed(0)} % of cached`);
  if (after - before >= TARGETS.floodGrowthMb)
    problems.push(`flood grew RSS by ${(after - before).toFixed(1)} MB`);
  for (const row of rows) {
    if (row.run && (row.run.non2xx > 0 || row.run.errors > 0))
      problems.push(`${row.name} ${row.encoding}: failures`);
  }

  stopAll();
  rmSync(work, { recursive: true, force: true });
  console.log(
    `\nwrk -t1, ${DURATION} s per run (flood ${FLOOD_DURATION} s), the home page unless noted:\n`,
  );
  console.log("| target | encoding | requests/s | p50 ms | p99 ms | non-2xx | errors | note |");
  console.log("| ------ | -------- | ---------: | -----: | -----: | ------: | -----: | ---- |");
  for (const { name, encoding, run, note } of rows) {
    const cells = run
      ? [run.rps.toFixed(0), run.p50.toFixed(2), run.p99.toFixed(2), run.non2xx, run.errors]
      : ["n/a", "", "", "", ""];
    console.log(`| ${name} | ${encoding} | ${cells.join(" | ")} | ${note ?? ""} |`);
  }
  if (problems.length > 0) console.log(`\nTargets missed: ${problems.join("; ")}`);
  else
    console.log(
      "\nTargets met: server >= 70 % of bare node, flood >= 80 % of cached, RSS growth < 50 MB.",
    );
  return problems.length > 0 ? 1 : 0;
}

process.exitCode = await main();
