/**
 * What the editor's loop keeps in memory: saves a page file many times and, after each
 * save, does what `npm run dev` does (reads the content again into the loaded development
 * build: DevContent.read) and renders the page, checking that it shows the save. After a
 * warm-up it samples the heap (after a full collection) every few saves and fits the
 * trend: bytes kept per save. The yardstick comes from the same run: the heap one parsed
 * copy of the content takes, i.e. what each save would keep if a reload leaked what it
 * reads. Prints both and their ratio as JSON on the last line; a flat heap is a ratio near
 * 0, whatever the machine.
 *
 *   NODE_ENV=development node --expose-gc --import tsx scripts/dev-reload-heap.ts [saves] [--leak]
 *
 * `--leak` keeps a parsed copy of the content at every save, a leak of known size, so a
 * test can check that the measure sees one. Run it in a project whose .dev/build/ holds a
 * development build (what `npm run dev` leaves), with CONTENT_DIR pointing to a copy of
 * the content: the page file is rewritten on each save and put back at the end.
 * tests/e2e/dev-loop.spec.ts runs it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";

import { serverAppOf } from "../server/app-build";
import { DevContent } from "../server/dev-content";
import { PeopleStore } from "../app/admin/people.server";
import { openLedgerDatabase } from "../app/ledger/database.server";

// The dashboard's accounts, in memory: the page answered here never asks for them.
const people = new PeopleStore((await openLedgerDatabase(":memory:")).db, () => false);

const args = process.argv.slice(2);
const saves = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 500);
const leak = args.includes("--leak");
/** Saves before the first sample, so the heap holds what the first renders set up. */
const WARM_UP = 20;
/** Saves between two samples of the heap. */
const SAMPLE_EVERY = 20;
/** Copies of the content parsed and held at once to weigh one. */
const COPIES = 20;
const MB = 1024 * 1024;

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error("Run with node --expose-gc (see the header of this file).");
  process.exit(1);
}
/** Lets the event loop turn, as a server does between requests (weak references and finalizers settle). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const heapUsed = async () => {
  await nextTurn();
  collect();
  await nextTurn();
  collect();
  return process.memoryUsage().heapUsed;
};

const build = (await import(
  pathToFileURL(path.resolve(".dev/build", "index.js")).href
)) as ServerBuild;
if (build.mode !== "development") {
  console.error(".dev/build/ holds no development build: run `npm run dev` first.");
  process.exit(1);
}
const handle = createRequestHandler(build, "development");
const devContent = new DevContent(() => {});
const app = serverAppOf(build);

const contentDir = path.resolve(process.env.CONTENT_DIR || "content");
const file = path.join(contentDir, "pages", "vip.json");
const original = readFileSync(file, "utf8");
type PageFile = { components: { data: { content: { h1?: string } } }[] };

/** Every content file, parsed: what one reload reads. */
const contentFiles = [
  path.join(contentDir, "site.json"),
  ...readdirSync(path.join(contentDir, "pages"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => path.join(contentDir, "pages", name)),
];
const parseContent = () => contentFiles.map((name) => JSON.parse(readFileSync(name, "utf8")));

/** The heap one parsed copy of the content takes, weighed over COPIES held at once. */
async function contentCopyBytes(): Promise<number> {
  const before = await heapUsed();
  const held = Array.from({ length: COPIES }, parseContent);
  const after = await heapUsed();
  held.length = 0;
  return (after - before) / COPIES;
}

/** Least-squares slope of the samples: bytes per save. */
function slopeOf(samples: { save: number; bytes: number }[]): number {
  const n = samples.length;
  const meanSave = samples.reduce((sum, s) => sum + s.save, 0) / n;
  const meanBytes = samples.reduce((sum, s) => sum + s.bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { save, bytes } of samples) {
    covariance += (save - meanSave) * (bytes - meanBytes);
    variance += (save - meanSave) ** 2;
  }
  return covariance / variance;
}

const samples: { save: number; bytes: number }[] = [];
const leaked: unknown[] = [];
try {
  for (let save = 1; save <= saves; save++) {
    const page = JSON.parse(original) as PageFile;
    const h1 = `Club VIP, guardado ${save}`;
    page.components[0]!.data.content.h1 = h1;
    writeFileSync(file, JSON.stringify(page, null, 2));
    devContent.read(app);
    if (devContent.problems) throw new Error(devContent.problems.problems.join("\n"));
    const response = await handle(new Request("http://localhost/vip"), {
      clicks: null,
      conversions: null,
      studio: null,
      people,
      reports: null,
      clientAddress: "127.0.0.1",
      head: false,
      variants: "",
      refusal: null,
    });
    const html = await response.text();
    if (response.status !== 200 || !html.includes(h1)) {
      throw new Error(`save ${save}: /vip answered ${response.status} without "${h1}"`);
    }
    if (leak) leaked.push(parseContent());
    await nextTurn();
    if (save >= WARM_UP && (save - WARM_UP) % SAMPLE_EVERY === 0) {
      samples.push({ save, bytes: await heapUsed() });
    }
  }
} finally {
  writeFileSync(file, original);
}
if (samples.length < 3) {
  console.error(`Too few saves to see a trend: at least ${WARM_UP + 2 * SAMPLE_EVERY}.`);
  process.exit(1);
}
const perSave = slopeOf(samples);
const copy = await contentCopyBytes();
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
console.log(
  JSON.stringify({
    saves,
    leak,
    samples: samples.length,
    firstMB: round(samples[0]!.bytes),
    lastMB: round(samples.at(-1)!.bytes),
    bytesPerSave: Math.round(perSave),
    contentCopyBytes: Math.round(copy),
    ratio: Math.round((perSave / copy) * 1000) / 1000,
  }),
);
