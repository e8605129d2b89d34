/**
 * Part `front` of `npm run bench` (scripts/bench.ts): what nginx in front of the instances
 * costs and gives, on the production topology of scripts/topology.ts (nginx with
 * deploy/nginx/brisamar.conf, BENCH_FRONT_INSTANCES instances, default 2, one throwaway
 * PostgreSQL). In one run, with `wrk -t1 -c50` for BENCH_FRONT_DURATION s (default 10):
 * (a) a cached page through the front (an nginx proxy_cache hit) against the same nginx
 *     serving that page's gzip bytes as a static file with the same headers: the front's
 *     cache should be >= 90 % of static. The page is `/` unless `/` is under a running
 *     experiment (then `Cache-Control: private`, which nginx must not cache), in which case
 *     it is the first page of content that is shared (`/bonos`);
 * (b) the outbound redirect `/go/<link>` through the front against the redirect straight to
 *     one instance: the front should reach >= 80 % of one instance times the instances it
 *     can use, capped by the cores (printed with the reason).
 * Prints a Markdown table; exits 1 when a target is missed or a request failed. Builds first
 * unless BENCH_SKIP_BUILD=1; installs wrk and nginx with scripts/ensure-bench-tools.sh. Only
 * ever talks to 127.0.0.1.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { rawRequest } from "./bench-http";
import { ensureBenchTools, wrk, type Run } from "./bench-wrk";
import { startTopology } from "./topology";

const DURATION = Number(process.env.BENCH_FRONT_DURATION ?? 10);
const INSTANCES = Number(process.env.BENCH_FRONT_INSTANCES ?? 2);
const PORT = Number(process.env.BENCH_FRONT_PORT ?? 3570);
const STATIC_PORT = PORT + 9;
const LINK = process.env.BENCH_REDIRECT_LINK ?? "home-main-block-1-button-1";
const TARGETS = { cacheVsStatic: 90, redirectVsIdeal: 80 };
/** Headers nginx writes itself for the static copy (the rest are copied from the page). */
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "content-type",
  "transfer-encoding",
  "etag",
  "vary",
  "server",
  "x-cache-status",
]);

type Row = { name: string; run: Run; note: string };

async function main(): Promise<number> {
  ensureBenchTools();
  if (process.env.BENCH_SKIP_BUILD !== "1")
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });

  // The static server is added to the same nginx (same workers, same access log), its root
  // filled below once the page's bytes are known: the difference is the cache alone.
  const www = mkdtempSync(path.join(tmpdir(), "bench-front-"));
  const headersFile = path.join(www, "headers.conf");
  writeFileSync(headersFile, "");
  const topology = await startTopology({
    instances: INSTANCES,
    frontPort: PORT,
    env: { POSTBACK_TOKEN: "bench-front-postback-token-0123456789" },
    extraHttpConfig: [
      `  server { listen 127.0.0.1:${STATIC_PORT}; root ${www};`,
      "    location / { default_type text/html; gzip_static always; gzip_vary on;",
      `      include ${headersFile}; try_files /page.html =404; }`,
      "  }",
    ].join("\n"),
  });
  const problems: string[] = [];
  const rows: Row[] = [];
  try {
    const front = topology.frontUrl;
    const home = await fetch(`${front}/`, { headers: { "accept-encoding": "gzip" } });
    const page = /private/.test(home.headers.get("cache-control") ?? "") ? "/bonos" : "/";
    const pageNote =
      page === "/"
        ? "`/`"
        : "`/bonos`: `/` is under a running experiment (Cache-Control: private), never cached by nginx";

    // The page once through the front (a miss that fills the cache), then a hit.
    await raw(`${front}${page}`, "gzip");
    const hit = await raw(`${front}${page}`, "gzip");
    if (hit.headers["x-cache-status"] !== "HIT" || hit.headers["content-encoding"] !== "gzip") {
      throw new Error(
        `${page} through the front is not a gzip cache hit: ${JSON.stringify(hit.headers)}`,
      );
    }
    writeFileSync(path.join(www, "page.html"), (await raw(`${front}${page}`, "")).body);
    writeFileSync(path.join(www, "page.html.gz"), hit.body);
    const copied = Object.entries(hit.headers)
      .filter(([name]) => !OWN_HEADERS.has(name))
      .map(([name, value]) => `add_header ${name} "${String(value).replace(/"/g, "'")}";`);
    writeFileSync(headersFile, copied.join("\n"));
    topology.reloadNginx();
    await waitForStatic(hit.body.length);

    const staticRun = wrk(`http://127.0.0.1:${STATIC_PORT}/`, {
      encoding: "gzip",
      duration: DURATION,
    });
    rows.push({
      name: "nginx, the page's gzip bytes as a static file",
      run: staticRun,
      note: "reference",
    });
    const cached = wrk(`${front}${page}`, { encoding: "gzip", duration: DURATION });
    const cacheShare = (cached.rps / staticRun.rps) * 100;
    rows.push({
      name: `front, cached page ${pageNote}`,
      run: cached,
      note: `${cacheShare.toFixed(0)} % of static (target ${TARGETS.cacheVsStatic} %)`,
    });
    if (cacheShare < TARGETS.cacheVsStatic)
      problems.push(`cached page at ${cacheShare.toFixed(0)} % of static`);

    const go = `/go/${LINK}?utm_campaign=bench-front`;
    const single = wrk(`${topology.instances[0]!.url}${go}`, {
      encoding: "gzip",
      duration: DURATION,
    });
    rows.push({ name: "redirect straight to one instance", run: single, note: "reference" });
    const cores = availableParallelism();
    // wrk, nginx and PostgreSQL (which writes every click) need about one core of their
    // own; the instances share the rest, so more instances than that cannot add throughput.
    const usable = Math.max(1, Math.min(INSTANCES, cores - 1));
    const ideal = single.rps * usable;
    const redirected = wrk(`${front}${go}`, { encoding: "gzip", duration: DURATION });
    const redirectShare = (redirected.rps / ideal) * 100;
    rows.push({
      name: `redirect through the front (${INSTANCES} instances)`,
      run: redirected,
      note: `${redirectShare.toFixed(0)} % of one instance × ${usable} (target ${TARGETS.redirectVsIdeal} %)`,
    });
    if (redirectShare < TARGETS.redirectVsIdeal) {
      problems.push(
        `redirect through the front at ${redirectShare.toFixed(0)} % of one instance × ${usable}`,
      );
    }
    console.log(
      `\nCap: ${cores} cores here. One instance straight uses about one core and wrk the rest; ` +
        `through the front, wrk, nginx and PostgreSQL share the machine with the instances, so ` +
        `the instances can use at most ${cores} - 1 core(s): ideal = one instance × min(${INSTANCES} instances, ${cores} - 1) = × ${usable}.`,
    );
    for (const row of rows) {
      if (row.run.errors > 0 || row.run.non2xx > 0) {
        problems.push(
          `${row.name}: ${row.run.errors} socket errors, ${row.run.non2xx} non-2xx/3xx`,
        );
      }
    }
  } finally {
    await topology.stop();
    rmSync(www, { recursive: true, force: true });
  }

  console.log(
    [
      "",
      `| what (wrk -t1 -c50, ${DURATION} s, Accept-Encoding: gzip) | req/s | p50 ms | p99 ms | non-2xx/3xx | errors | |`,
      "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
      ...rows.map(
        ({ name, run, note }) =>
          `| ${name} | ${run.rps.toFixed(0)} | ${run.p50.toFixed(2)} | ${run.p99.toFixed(2)} | ${run.non2xx} | ${run.errors} | ${note} |`,
      ),
      "",
    ].join("\n"),
  );
  if (problems.length > 0) {
    console.log(`[bench front] missed: ${problems.join("; ")}`);
    return 1;
  }
  console.log("[bench front] targets met");
  return 0;

  /** Resolves once the reloaded nginx answers the static copy with the page's headers. */
  async function waitForStatic(size: number) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await raw(`http://127.0.0.1:${STATIC_PORT}/`, "gzip").catch(() => null);
      if (answer?.body.length === size && answer.headers["content-security-policy"]) return;
      await sleep(100);
    }
    throw new Error("nginx's static copy of the page does not answer with the page's headers");
  }
}

/** GET with the given Accept-Encoding, the body as sent (fetch would decode it). */
const raw = (url: string, encoding: string) =>
  rawRequest(url, { headers: encoding ? { "accept-encoding": encoding } : {} });

process.exitCode = await main();
