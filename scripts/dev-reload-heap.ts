/**
 * What the editor's loop keeps in memory: saves a page file many times and, after each
 * save, does what `npm run dev` does (reads the content again into the loaded development
 * build: DevContent.read) and renders the page, checking that it shows the save. Prints
 * the heap in use after a warm-up and after the last save, as JSON on the last line.
 *
 *   node --expose-gc --import tsx scripts/dev-reload-heap.ts [saves]
 *
 * Run it in a project whose build/ is a development build (what `npm run dev` leaves), with
 * CONTENT_DIR pointing to a copy of the content: the page file is rewritten on each save
 * and put back at the end. tests/e2e/dev-loop.spec.ts runs it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";

import { serverAppOf } from "../server/app-build";
import { DevContent } from "../server/dev-content";

const saves = Number(process.argv[2] ?? 500);
/** Saves before the first measure, so the heap holds what the first renders set up. */
const WARM_UP = 20;
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

const build = (await import(pathToFileURL(path.resolve("build", "index.js")).href)) as ServerBuild;
if (build.mode !== "development") {
  console.error("build/ holds no development build: run `npm run dev` first.");
  process.exit(1);
}
const handle = createRequestHandler(build, "development");
const devContent = new DevContent(() => {});
const app = serverAppOf(build);

const file = path.resolve(process.env.CONTENT_DIR || "content", "pages", "vip.json");
const original = readFileSync(file, "utf8");
type PageFile = { components: { data: { content: { h1?: string } } }[] };

let baseline = 0;
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
      clientAddress: "127.0.0.1",
      head: false,
      variants: "",
      refusal: null,
    });
    const html = await response.text();
    if (response.status !== 200 || !html.includes(h1)) {
      throw new Error(`save ${save}: /vip answered ${response.status} without "${h1}"`);
    }
    await nextTurn();
    if (save === WARM_UP) baseline = await heapUsed();
  }
} finally {
  writeFileSync(file, original);
}
const final = await heapUsed();
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
console.log(
  JSON.stringify({
    saves,
    warmUp: WARM_UP,
    baselineMB: round(baseline),
    finalMB: round(final),
    growthMB: round(final - baseline),
  }),
);
