/**
 * Page-weight budgets on the production build, measured in Chromium at 390×844: the
 * JavaScript, CSS and HTML `/` loads (gzip level 9 computed here from the decoded bodies,
 * so the server's compression does not matter), every image the main pages load and every
 * file in public/images, and the largest above-the-fold image of `/` at 390 and 1280 px,
 * which must be discoverable from the HTML (not only from script) and not lazy.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import type { Page, Request, Response } from "@playwright/test";

import { expect, test } from "./fixtures";

const KB = 1024;
/**
 * JavaScript: React, React DOM and Remix are about 83 KB of it, the app the rest. The app's
 * HTTP client is a few lines on `fetch` (app/browser/http.ts), not a library: two GETs did
 * not need ofetch's 4 KB (docs/performance.md, "Page weight"). 97 KB since 2026-11-28: Remix's
 * route manifest, which every page loads, lists the dashboard's routes too, and the two
 * added then (Enlaces, Ahora) took it 56 B past 96 KB; the public code did not grow
 * (docs/performance.md, "JavaScript budget: 97 KiB").
 */
const BUDGET = { js: 97 * KB, css: 20 * KB, html: 30 * KB, image: 100 * KB };
const IMAGE_PAGES = ["/", "/bonos", "/vip", "/terms"];
/** Time for every image of a page to finish, on a machine shared with many runs. */
const IMAGES_LOADED_MS = 30_000;
const PUBLIC_IMAGES = fileURLToPath(new URL("../../public/images", import.meta.url));

test.use({ viewport: { width: 390, height: 844 } });

type Loaded = { url: string; type: string; contentType: string; bytes: Buffer };

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * Every response with a body to the requests the page makes while `action` runs (each
 * request counted from the moment it is sent, so none still on its way is missed).
 * `action` receives the URLs of the scripts requested so far.
 */
async function collect(
  page: Page,
  action: (scripts: () => string[]) => Promise<unknown>,
): Promise<Loaded[]> {
  const pending: Promise<Loaded | null>[] = [];
  const scripts: string[] = [];
  const loadedBody = async (response: Response | null): Promise<Loaded | null> => {
    const status = response?.status() ?? 0;
    if (!response || status < 200 || status >= 300 || status === 204) return null;
    return {
      url: response.url(),
      type: response.request().resourceType(),
      contentType: response.headers()["content-type"] ?? "",
      bytes: await response.body(),
    };
  };
  const onRequest = (request: Request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
    pending.push(
      request
        .response()
        .then(loadedBody)
        .catch(() => null),
    );
  };
  page.on("request", onRequest);
  try {
    await action(() => [...scripts]);
  } finally {
    page.off("request", onRequest);
  }
  const loaded = (await Promise.all(pending)).filter((item): item is Loaded => item !== null);
  // One entry per URL (a module may be preloaded and then imported).
  return [...new Map(loaded.map((item) => [item.url, item])).values()];
}

/**
 * Waits until the page has hydrated and every script it asked for has loaded, with its
 * imports. As it hydrates, the runtime fetches the other routes' modules in the background
 * (app/browser/chunk-reload.ts); importing a URL the page has already asked for waits for
 * that load and starts none.
 */
async function untilScriptsLoaded(page: Page, scripts: () => string[]): Promise<void> {
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await page.evaluate((urls) => Promise.allSettled(urls.map((url) => import(url))), scripts());
}

/** Scrolls to the bottom in steps so lazy images load, then waits until every image has. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await expect
    .poll(
      () =>
        page
          .locator("img")
          .evaluateAll((nodes) => (nodes as HTMLImageElement[]).every((img) => img.complete)),
      { timeout: IMAGES_LOADED_MS },
    )
    .toBe(true);
}

function report(title: string, items: Loaded[], measure: (item: Loaded) => number): number {
  let total = 0;
  console.log(title);
  for (const item of items) {
    const size = measure(item);
    total += size;
    console.log(`  ${kb(size).padStart(9)}  ${new URL(item.url).pathname}`);
  }
  console.log(`  ${kb(total).padStart(9)}  total`);
  return total;
}

test("/ stays within its JavaScript, CSS and HTML budgets (gzip level 9)", async ({ page }) => {
  const loaded = await collect(page, async (scripts) => {
    await page.goto("/");
    await untilScriptsLoaded(page, scripts);
  });
  const js = loaded.filter((item) => item.type === "script" || /javascript/.test(item.contentType));
  const css = loaded.filter(
    (item) => item.type === "stylesheet" || item.contentType.startsWith("text/css"),
  );
  const html = loaded.filter((item) => item.type === "document");

  const jsTotal = report("JavaScript loaded by / (gzip -9):", js, (item) => gzipSize(item.bytes));
  const cssTotal = report("CSS loaded by / (gzip -9):", css, (item) => gzipSize(item.bytes));
  const htmlTotal = report("HTML of / (gzip -9):", html, (item) => gzipSize(item.bytes));
  console.log(
    `budgets: JS ${kb(jsTotal)} / ${kb(BUDGET.js)}, CSS ${kb(cssTotal)} / ${kb(BUDGET.css)}, ` +
      `HTML ${kb(htmlTotal)} / ${kb(BUDGET.html)} (HTML uncompressed ${kb(html[0]?.bytes.length ?? 0)})`,
  );

  expect(js.length, "/ loads JavaScript").toBeGreaterThan(0);
  expect(html, "one document").toHaveLength(1);
  expect(jsTotal, "JavaScript, gzip").toBeLessThanOrEqual(BUDGET.js);
  expect(cssTotal, "CSS, gzip").toBeLessThanOrEqual(BUDGET.css);
  expect(htmlTotal, "HTML of /, gzip").toBeLessThanOrEqual(BUDGET.html);
});

test("no image a main page loads is over 100 KB", async ({ page }) => {
  // Four pages, each scrolled through until every image is in: the run's time, not a
  // measure (a shared machine takes up to IMAGES_LOADED_MS per page).
  test.setTimeout(IMAGE_PAGES.length * IMAGES_LOADED_MS);
  const oversized: string[] = [];
  for (const path of IMAGE_PAGES) {
    const loaded = await collect(page, async () => {
      await page.goto(path);
      await scrollThrough(page);
    });
    const images = loaded.filter((item) => item.type === "image");
    const largest = [...images].sort((a, b) => b.bytes.length - a.bytes.length)[0];
    console.log(
      `${path}: ${images.length} images, largest ${kb(largest?.bytes.length ?? 0)}` +
        (largest ? ` (${new URL(largest.url).pathname})` : ""),
    );
    for (const image of images) {
      if (image.bytes.length > BUDGET.image) {
        oversized.push(`${path}: ${image.url} is ${kb(image.bytes.length)}`);
      }
    }
  }
  expect(oversized, "images over 100 KB").toEqual([]);
});

test("no file in public/images is over 100 KB", () => {
  const files: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push({ path, size: statSync(path).size });
    }
  };
  walk(PUBLIC_IMAGES);
  files.sort((a, b) => b.size - a.size);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `public/images: ${files.length} files, ${kb(total)} in all; largest: ` +
      files
        .slice(0, 3)
        .map((file) => `${relative(PUBLIC_IMAGES, file.path)} ${kb(file.size)}`)
        .join(", "),
  );
  expect(files.length).toBeGreaterThan(0);
  const oversized = files
    .filter((file) => file.size > BUDGET.image)
    .map((file) => `${relative(PUBLIC_IMAGES, file.path)}: ${kb(file.size)}`);
  expect(oversized, "files over 100 KB").toEqual([]);
});

/** URLs the raw HTML names in <img src> and <source srcset>, resolved, with their tag. */
function imageUrlsInHtml(html: string, base: string): { url: string; tag: string }[] {
  const found: { url: string; tag: string }[] = [];
  const decode = (value: string) =>
    value.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]*)"/i.exec(match[0])?.[1];
    if (src) found.push({ url: new URL(decode(src), base).href, tag: match[0] });
  }
  for (const match of html.matchAll(/<source\b[^>]*>/gi)) {
    const srcset = /\ssrcset="([^"]*)"/i.exec(match[0])?.[1];
    for (const candidate of decode(srcset ?? "").split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) found.push({ url: new URL(url, base).href, tag: match[0] });
    }
  }
  return found;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the largest above-the-fold image of / at ${viewport.width} px is in the HTML and not lazy`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    // Positions are read once the fonts are in and the app has hydrated: nothing moves later.
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const images = await page.locator("img").evaluateAll((nodes) =>
      nodes.map((node) => {
        const img = node as HTMLImageElement;
        const rect = img.getBoundingClientRect();
        return {
          src: img.currentSrc || img.src,
          loading: img.getAttribute("loading"),
          fetchpriority: img.getAttribute("fetchpriority"),
          top: rect.top,
          area: rect.width * rect.height,
        };
      }),
    );
    const aboveTheFold = images
      .filter((image) => image.top >= 0 && image.top < viewport.height && image.area > 0)
      .sort((a, b) => b.area - a.area);
    const largest = aboveTheFold[0];
    expect(largest, "an image above the fold").toBeDefined();
    if (!largest) return;

    const html = await (await request.get("/")).text();
    const inHtml = imageUrlsInHtml(html, baseURL ?? "http://localhost/").filter(
      (item) => item.url === largest.src,
    );
    console.log(
      `${viewport.width}×${viewport.height}: largest above-the-fold image ` +
        `${new URL(largest.src).pathname} (${Math.round(largest.area)} px², top ${Math.round(largest.top)}), ` +
        `loading=${largest.loading ?? "(none)"}, fetchpriority=${largest.fetchpriority ?? "(none)"}, ` +
        `in the HTML as ${inHtml.map((item) => item.tag.slice(1).split(/\s/)[0]).join(", ") || "nothing"}`,
    );
    expect(inHtml.length, `${largest.src} in an <img src> or <source srcset>`).toBeGreaterThan(0);
    expect(largest.loading, "not loading=lazy").not.toBe("lazy");
    for (const { tag } of inHtml.filter((item) => item.tag.toLowerCase().startsWith("<img"))) {
      expect(tag, "not loading=lazy in the HTML").not.toMatch(/\sloading="lazy"/i);
    }
  });
}
