/**
 * `npm run bench`: builds once, then runs each part in turn, each in its own process, and
 * goes on after a part fails so one run reports every figure:
 * - scripts/bench-pages.ts: the cached home page against a bare node:http handler and
 *   nginx, and a flood of unique query strings;
 * - scripts/bench-redirects.ts: the outbound redirect against a bare node:http 302, with
 *   the ledger off, on SQLite and on PostgreSQL;
 * - scripts/bench-postbacks.ts: accepted postbacks per second on SQLite, beside a bare
 *   node:http handler;
 * - scripts/bench-views.ts: the cached home page with its view beacon against the page
 *   alone, and a flood of views of unknown paths;
 * - scripts/bench-dashboard.ts: the dashboard's views over a large ledger;
 * - scripts/bench-experiments.ts: the cached home page under an experiment against the
 *   same page without one;
 * - scripts/bench-front.ts: nginx in front of the instances (deploy/nginx/brisamar.conf):
 *   its cached page against the same bytes served statically, and the redirect through it
 *   against the redirect straight to one instance.
 * - scripts/bench-ingest.ts: clicks and page views committed per second through the
 *   ledgers' batch queue, on PostgreSQL and on SQLite (no server).
 * - scripts/bench-faults.ts: the redirect's rate during a full disk under the SQLite ledger
 *   and a PostgreSQL outage, and after, as ratios to its rate before.
 * At the end it prints the parts' headline figures together (bench-summary.ts): the
 * redirect on SQLite against a bare node:http 302, the page with its beacon against the
 * page alone, postbacks stored per second on SQLite.
 * Exits 1 when any part failed or missed its targets. `npm run bench -- pages redirects`
 * runs only the parts named; BENCH_SKIP_BUILD=1 skips the build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PARTS = {
  pages: "scripts/bench-pages.ts",
  redirects: "scripts/bench-redirects.ts",
  postbacks: "scripts/bench-postbacks.ts",
  views: "scripts/bench-views.ts",
  dashboard: "scripts/bench-dashboard.ts",
  experiments: "scripts/bench-experiments.ts",
  front: "scripts/bench-front.ts",
  ingest: "scripts/bench-ingest.ts",
  faults: "scripts/bench-faults.ts",
} as const;
type Part = keyof typeof PARTS;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) console.error(`[bench] ${command} ${args.join(" ")}: ${result.error.message}`);
  return result.status ?? 1;
}

function main(): number {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in PARTS));
  if (unknown.length > 0) {
    console.error(
      `[bench] unknown part(s): ${unknown.join(", ")} (${Object.keys(PARTS).join(", ")})`,
    );
    return 2;
  }
  const parts = (asked.length > 0 ? asked : Object.keys(PARTS)) as Part[];
  if (process.env.BENCH_SKIP_BUILD !== "1" && run("npm", ["run", "build"]) !== 0) {
    console.error("[bench] the build failed");
    return 1;
  }
  const failed: Part[] = [];
  // The parts' headline figures (bench-summary.ts), printed together below.
  const directory = mkdtempSync(path.join(tmpdir(), "bench-"));
  const summary = path.join(directory, "summary.txt");
  for (const part of parts) {
    console.log(`\n[bench] ${part} (${PARTS[part]})`);
    const code = run("npx", ["tsx", PARTS[part]], {
      ...process.env,
      BENCH_SKIP_BUILD: "1",
      BENCH_SUMMARY_FILE: summary,
    });
    if (code !== 0) failed.push(part);
  }
  if (existsSync(summary)) {
    console.log(`\n[bench] this run, beside its references:\n${readFileSync(summary, "utf8")}`);
  }
  rmSync(directory, { recursive: true, force: true });
  console.log(
    failed.length > 0
      ? `\n[bench] failed or missed targets: ${failed.join(", ")}`
      : `\n[bench] every part met its targets: ${parts.join(", ")}`,
  );
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = main();
