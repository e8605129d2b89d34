/**
 * `npm run lighthouse`: Lighthouse 12 (13 needs Node 22) in Debian's Chromium against the
 * production build, mobile and desktop, for every page of the content, one page of each
 * kind of record (a person, a payment method, a game, a guide) and a path that has none
 * (the 404 page); each row is the median of LIGHTHOUSE_RUNS runs (default 3). Prints
 * the four category scores, FCP, LCP, TBT (on these pages, mostly hydration) and CLS as a
 * Markdown table. LIGHTHOUSE_PAGES (paths, comma-separated) and LIGHTHOUSE_FORM_FACTORS
 * limit the run: `LIGHTHOUSE_PAGES=/,/terms LIGHTHOUSE_FORM_FACTORS=mobile`.
 * Run `npm run build` first. It starts the production server (`node build/server/index.js`)
 * on LIGHTHOUSE_PORT (default 3400) with SITE_URL set to that origin, so canonical URLs are
 * valid for the audit, unless BASE_URL names a running server.
 * With LIGHTHOUSE_ASSERT=1 it exits 1 when Performance < 95, Accessibility, Best Practices
 * or SEO (indexable pages) < 100, or CLS > 0.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

import { recordPaths } from "../app/content/record-pages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3400);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const BASE_URL = process.env.BASE_URL ?? `http://localhost:${PORT}`;
/** Every page of the content, and a path that has none (the 404 page). */
const PAGES = [
  ...readdirSync("content/pages")
    .filter((name) => name.endsWith(".json"))
    .map((name) => {
      const { slug } = JSON.parse(readFileSync(`content/pages/${name}`, "utf8")) as {
        slug: string;
      };
      return { path: slug, indexable: slug !== "/403" && slug !== "/404" };
    })
    .sort((a, b) => a.path.localeCompare(b.path)),
  // The records' pages (app/content/record-pages.ts): one of each kind.
  ...recordPaths(JSON.parse(readFileSync("content/site.json", "utf8")))
    .filter(
      (path, index, all) =>
        all.findIndex((other) => other.split("/")[1] === path.split("/")[1]) === index,
    )
    .map((path) => ({ path, indexable: true })),
  { path: "/pagina-que-no-existe", indexable: false },
].filter(
  ({ path }) =>
    !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(",").includes(path),
);
/** "mobile,desktop" by default; LIGHTHOUSE_FORM_FACTORS=mobile for the mobile runs only. */
const FORM_FACTORS = (process.env.LIGHTHOUSE_FORM_FACTORS ?? "mobile,desktop").split(",") as (
  "mobile" | "desktop"
)[];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Metrics = { fcp: number; lcp: number; tbt: number; cls: number };
type Row = { page: string; formFactor: string; scores: number[] } & Metrics;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function waitForServer(url: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

const server = process.env.BASE_URL
  ? null
  : spawn("node", ["build/server/index.js"], {
      env: { ...process.env, PORT: String(PORT), SITE_URL: BASE_URL },
      stdio: "ignore",
    });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== "--headless"), "--headless=new"],
});

/** One Lighthouse run; a failed trace (it happens on a busy machine) is tried once more. */
async function audit(path: string, formFactor: "mobile" | "desktop") {
  let message = "no result";
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await lighthouse(
      `${BASE_URL}${path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // The 404 page answers 404 on purpose; audit it all the same.
        ignoreStatusCode: true,
      },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (result?.lhr && !result.lhr.runtimeError) return result.lhr;
    message = result?.lhr.runtimeError?.message ?? message;
  }
  throw new Error(`Lighthouse failed on ${path}: ${message}`);
}

const rows: Row[] = [];
try {
  await waitForServer(`${BASE_URL}/healthz`);
  for (const formFactor of FORM_FACTORS) {
    for (const { path } of PAGES) {
      const runs: ({ scores: number[] } & Metrics)[] = [];
      for (let run = 0; run < RUNS; run++) {
        const lhr = await audit(path, formFactor);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          scores: CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)),
          fcp: metric("first-contentful-paint"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
        });
      }
      rows.push({
        page: path,
        formFactor,
        scores: CATEGORIES.map((_, index) => median(runs.map((r) => r.scores[index]!))),
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
      });
    }
  }
} finally {
  await chrome.kill();
  server?.kill();
}

console.log(
  `\n| page | form factor | Performance | Accessibility | Best Practices | SEO | FCP ms | LCP ms | TBT ms | CLS |`,
);
console.log(`| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const row of rows) {
  console.log(
    `| \`${row.page}\` | ${row.formFactor} | ${row.scores.join(" | ")} | ${Math.round(row.fcp)} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} |`,
  );
}
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
console.log(
  `\nmedian of ${RUNS} run(s); ${cpu}, ${os.cpus().length} cores, node ${process.version}, Lighthouse 12`,
);

if (process.env.LIGHTHOUSE_ASSERT === "1") {
  const failures: string[] = [];
  for (const row of rows) {
    const [performance, accessibility, bestPractices, seo] = row.scores as [
      number,
      number,
      number,
      number,
    ];
    const name = `${row.page} (${row.formFactor})`;
    const mobile = row.formFactor === "mobile";
    const least = mobile ? 99 : 95;
    if (performance < least) failures.push(`${name}: Performance ${performance} < ${least}`);
    if (mobile && row.fcp > 1300) failures.push(`${name}: FCP ${Math.round(row.fcp)} ms > 1300`);
    if (mobile && row.lcp > 1300) failures.push(`${name}: LCP ${Math.round(row.lcp)} ms > 1300`);
    if (row.tbt > 50) failures.push(`${name}: TBT ${Math.round(row.tbt)} ms > 50`);
    if (accessibility < 100) failures.push(`${name}: Accessibility ${accessibility} < 100`);
    if (bestPractices < 100) failures.push(`${name}: Best Practices ${bestPractices} < 100`);
    const indexable = PAGES.find((page) => page.path === row.page)?.indexable;
    if (indexable && seo < 100) failures.push(`${name}: SEO ${seo} < 100`);
    if (row.cls > 0) failures.push(`${name}: CLS ${row.cls}`);
  }
  if (failures.length > 0) {
    console.log(`\ntargets missed:\n${failures.map((failure) => `- ${failure}`).join("\n")}`);
    process.exitCode = 1;
  }
}
