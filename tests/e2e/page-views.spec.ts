/**
 * Page views end to end (docs/page-views.md), counted exactly in the server's ledger: the page
 * reports each page it shows to /_app/view (app/browser/page-views.ts), a page without
 * JavaScript through its <noscript> image, and nothing else is a view: not a crawler that
 * renders the page, not a prefetch, an asset, a redirect or a HEAD request.
 *
 * The spec runs a production server of its own with a ledger file of its own, and reads
 * the views from that file. Each test marks its visit with a source of its own (a
 * utm_campaign, a utm_source or a referrer host), so tests running in parallel count only
 * their own views. A count is exact: once it is reached, a later view of the test's own
 * (the barrier, sent after everything the page did) must be in the ledger while the count
 * has not moved; the ledger writes in arrival order.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { ledgerFile } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/** The ledger of this file's own server. */
const LEDGER = ledgerFile("page-views");
const GOOGLEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36";
/** The ledger writes its queue every second; a view is in the file a few flushes later. */
const LEDGER_WRITE_MS = 10_000;

type Column = "page" | "utm_source" | "utm_medium" | "utm_campaign" | "referrer";
type View = Record<Column, string | null>;

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

let server: ChildProcess | null = null;
/** The server's origin, once it listens on a free port. */
let BASE = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const own = await startOwnServer(0, { DATABASE_URL: `sqlite:${LEDGER}` });
  server = own.process;
  BASE = own.url;
});

test.afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
});

/** The views whose `column` is `value`, oldest first. */
function viewsWhere(column: Column, value: string): View[] {
  const db = new Database(LEDGER, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select page, utm_source, utm_medium, utm_campaign, referrer from views where ${column} = ? order by id`,
      )
      .all(value) as View[];
  } finally {
    db.close();
  }
}

/** A view of the test's own, sent from the test: everything sent before it is in the ledger once it is. */
async function barrier(request: APIRequestContext): Promise<void> {
  const campaign = `barrier-${randomUUID()}`;
  const response = await request.post(`${BASE}/_app/view`, {
    data: new URLSearchParams({ p: "/", c: campaign }).toString(),
    headers: { "content-type": "text/plain;charset=UTF-8" },
  });
  expect(response.status()).toBe(204);
  await expect
    .poll(() => viewsWhere("utm_campaign", campaign).length, { timeout: LEDGER_WRITE_MS })
    .toBe(1);
}

/** Waits until the ledger holds `expected` views marked `column` = `value`, then proves no more came. */
async function expectViews(
  request: APIRequestContext,
  column: Column,
  value: string,
  expected: Partial<View>[],
): Promise<void> {
  await expect
    .poll(() => viewsWhere(column, value).length, { timeout: LEDGER_WRITE_MS })
    .toBeGreaterThanOrEqual(expected.length);
  await barrier(request);
  expect(viewsWhere(column, value)).toEqual(expected.map((view) => expect.objectContaining(view)));
}

/** Loads `path` and waits until the runtime has started (the page has reported its view). */
async function open(page: Page, path: string, options: { referer?: string } = {}) {
  await page.goto(`${BASE}${path}`, options);
  await page.locator("html[data-hydrated='true']").waitFor();
}

/** Follows a footer link client-side (no document load: a marker set before it survives). */
async function navigateClientSide(page: Page, path: string) {
  await page.evaluate(() => ((window as { e2eSameDocument?: boolean }).e2eSameDocument = true));
  await page.locator(`footer a[href='${path}']`).first().click();
  await expect(page).toHaveURL(`${BASE}${path}`);
  expect(await page.evaluate(() => (window as { e2eSameDocument?: boolean }).e2eSameDocument)).toBe(
    true,
  );
}

test("a first load, a client-side navigation and a reload count one view each, under the landing's source", async ({
  page,
  request,
}) => {
  const campaign = `e2e-views-${randomUUID()}`;
  await open(page, `/?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=${campaign}`);
  await expectViews(request, "utm_campaign", campaign, [
    { page: "/", utm_source: "e2e-newsletter", utm_medium: "email" },
  ]);

  await navigateClientSide(page, "/terms");
  await expectViews(request, "utm_campaign", campaign, [
    { page: "/" },
    { page: "/terms", utm_source: "e2e-newsletter", utm_medium: "email" },
  ]);

  await page.reload();
  await page.locator("html[data-hydrated='true']").waitFor();
  await expectViews(request, "utm_campaign", campaign, [
    { page: "/" },
    { page: "/terms" },
    { page: "/terms", utm_source: "e2e-newsletter" },
  ]);
});

test("a change of the query or the hash alone is the same page: no second view", async ({
  page,
  request,
}) => {
  const campaign = `e2e-same-page-${randomUUID()}`;
  await open(page, `/bonos?utm_campaign=${campaign}`);
  await expectViews(request, "utm_campaign", campaign, [{ page: "/bonos" }]);
  await page.evaluate(() => {
    window.location.hash = "e2e";
  });
  await page.evaluate(() =>
    (
      window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }
    ).__remixRouter.navigate("/bonos?orden=e2e"),
  );
  await expect(page).toHaveURL(/\/bonos\?orden=e2e$/);
  await expectViews(request, "utm_campaign", campaign, [{ page: "/bonos" }]);
});

test("a visit from another site keeps the referrer's host for its views and its clicks", async ({
  page,
  request,
}) => {
  const host = `foro-${randomUUID().slice(0, 8)}.example`;
  await open(page, "/", { referer: `https://www.${host}/hilo/1?usuario=nadie` });
  await navigateClientSide(page, "/terms");
  await expectViews(request, "referrer", host, [
    { page: "/", utm_source: null },
    { page: "/terms", utm_source: null },
  ]);

  // The click goes to the site's outbound route, which records it; the browser gets a 204
  // and stays on the page (the program's site is not reachable from the tests).
  await page.route(
    (url) => url.origin === BASE && url.pathname === "/sing-up/",
    async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(new URL(answer.headers().location!).searchParams.has("ref")).toBe(false);
      await route.fulfill({ status: 204 });
    },
  );
  const outbound = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/sing-up/");
  await page.locator("a[data-affiliate='header-signup']").first().click();
  expect(new URL((await outbound).url()).searchParams.get("ref")).toBe(host);
  await expect
    .poll(
      () => {
        const db = new Database(LEDGER, { readonly: true, fileMustExist: true });
        try {
          return db.prepare("select link_id, page from clicks where referrer = ?").all(host);
        } finally {
          db.close();
        }
      },
      { timeout: LEDGER_WRITE_MS },
    )
    .toEqual([{ link_id: "header-signup", page: "/terms" }]);
});

test("a path that is no page counts as the page 404", async ({ page, request }) => {
  const campaign = `e2e-404-${randomUUID()}`;
  await open(page, `/no-existe-${campaign}?utm_campaign=${campaign}`);
  await expectViews(request, "utm_campaign", campaign, [{ page: "404" }]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a page counts one view, through its <noscript> image, with the landing's source", async ({
    page,
    request,
  }) => {
    const campaign = `e2e-no-js-${randomUUID()}`;
    const image = page.waitForResponse((response) => response.url().includes("/_app/view?"));
    await page.goto(`${BASE}/vip?utm_source=e2e-no-js&utm_campaign=${campaign}`);
    expect((await image).status()).toBe(204);
    await expectViews(request, "utm_campaign", campaign, [
      { page: "/vip", utm_source: "e2e-no-js" },
    ]);
  });

  test("a path that is no page counts as the page 404, and its image does not repeat the path", async ({
    page,
    request,
  }) => {
    const campaign = `e2e-no-js-404-${randomUUID()}`;
    const image = page.waitForResponse((response) => response.url().includes("/_app/view?"));
    await page.goto(`${BASE}/no-existe-${campaign}?utm_campaign=${campaign}`);
    expect(new URL((await image).url()).search).toBe("?p=%2F404");
    await expectViews(request, "utm_campaign", campaign, [{ page: "404" }]);
  });
});

test("a crawler that renders the page counts nothing", async ({ browser, request }) => {
  const campaign = `e2e-googlebot-${randomUUID()}`;
  const context = await browser.newContext({ userAgent: GOOGLEBOT });
  try {
    const page = await context.newPage();
    const beacon = page.waitForRequest((sent) => sent.url() === `${BASE}/_app/view`);
    await open(page, `/bonos?utm_campaign=${campaign}`);
    await beacon; // the page did report itself: the server refused to count it
    await barrier(request);
    const fetched = await request.get(`${BASE}/vip?utm_campaign=${campaign}`, {
      headers: { "user-agent": GOOGLEBOT },
    });
    expect(fetched.status()).toBe(200);
    await barrier(request);
    expect(viewsWhere("utm_campaign", campaign)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a prefetched page counts only when shown", async ({ page, request }) => {
  const campaign = `e2e-prefetch-${randomUUID()}`;
  const prefetched = `e2e-prefetched-${randomUUID()}`;
  await open(page, `/?utm_campaign=${campaign}`);
  // A browser's prefetch of another page: its document is fetched, never run.
  const prefetch = page.waitForResponse((response) => response.url().includes(prefetched));
  await page.evaluate((href) => {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    document.head.append(link);
  }, `/vip?utm_campaign=${prefetched}`);
  expect((await prefetch).status()).toBe(200);
  // Remix's prefetch of a link the pointer is on: data and modules, no view.
  await page.locator("footer a[href='/terms']").first().hover();
  await page.locator("link[rel='prefetch'][href^='/terms']").first().waitFor({ state: "attached" });
  // A view sent as a prefetch or prerender (Sec-Purpose, or the older Purpose).
  const purposes: Record<string, string>[] = [
    { "sec-purpose": "prefetch" },
    { purpose: "prefetch" },
    { "sec-purpose": "prefetch;prerender" },
  ];
  for (const headers of purposes) {
    const response = await request.post(`${BASE}/_app/view`, {
      data: new URLSearchParams({ p: "/vip", c: prefetched }).toString(),
      headers: { "content-type": "text/plain;charset=UTF-8", ...headers },
    });
    expect(response.status()).toBe(204);
  }
  await expectViews(request, "utm_campaign", campaign, [{ page: "/" }]);
  expect(viewsWhere("utm_campaign", prefetched)).toEqual([]);
});

test("an asset, a redirect and a HEAD request count nothing", async ({ request }) => {
  const campaign = `e2e-not-a-view-${randomUUID()}`;
  const landing = `${BASE}/bonos?utm_campaign=${campaign}`;
  for (const path of ["/images/brand/logo.svg", "/favicon.ico", "/robots.txt"]) {
    const asset = await request.get(`${BASE}${path}?utm_campaign=${campaign}`, {
      headers: { referer: landing },
    });
    expect(asset.status(), path).toBe(200);
  }
  const redirect = await request.get(`${BASE}/go/home-promo-image-1?utm_campaign=${campaign}`, {
    headers: { referer: landing },
    maxRedirects: 0,
  });
  expect(redirect.status()).toBe(302);
  for (const path of [`/bonos?utm_campaign=${campaign}`, "/_app/view?p=%2Fbonos"]) {
    const head = await request.head(`${BASE}${path}`, { headers: { referer: landing } });
    expect(head.status(), path).toBeLessThan(300);
  }
  await barrier(request);
  expect(viewsWhere("utm_campaign", campaign)).toEqual([]);
});
