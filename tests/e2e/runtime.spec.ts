import { test as base, type Page, type Route } from "@playwright/test";

import {
  ADMIN_PORT,
  ANALYTICS_DEAD_PORT,
  ANALYTICS_PORT,
  ANALYTICS_SITE_ID,
  BASE_URL,
  COLLECTOR_PORT,
} from "../../playwright.config";

import { startCollector } from "./collector";
import { expect, readContent, test } from "./fixtures";

const analyticsSite = `http://localhost:${ANALYTICS_PORT}`;

/**
 * Resolves once the page has run everything its last render scheduled: React's effects
 * run before the next frame, and a task queued after that frame runs after them.
 */
async function afterEffects(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}

test.describe("analytics", () => {
  test.describe.configure({ mode: "serial" });
  let collector: Awaited<ReturnType<typeof startCollector>>;

  test.beforeAll(async () => {
    collector = await startCollector(COLLECTOR_PORT);
  });
  test.afterAll(async () => {
    await collector.close();
  });
  test.beforeEach(() => collector.clear());

  test("one page view on load and one per client-side navigation, none for hashes", async ({
    page,
  }) => {
    await page.goto(`${analyticsSite}/`);
    await expect.poll(() => collector.pageViews().length).toBe(1);
    expect(collector.requests.find((r) => r.path.startsWith("/script.js"))).toBeTruthy();
    expect(collector.pageViews()[0]).toMatchObject({ website: ANALYTICS_SITE_ID, url: "/" });

    await page.locator("footer a[href='/terms']").first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => collector.pageViews().length).toBe(2);
    expect(collector.pageViews()[1]).toMatchObject({ url: "/terms", title: await page.title() });

    await page.evaluate(() => {
      window.location.hash = "#seccion";
    });
    await page.locator("footer a[href='/privacy']").first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => collector.pageViews().length).toBe(3);
    // Barrier: one more navigation, whose view is sent after any the hash could have caused.
    await page.locator("footer a[href='/terms']").first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => collector.pageViews().length).toBe(4);
    expect(collector.pageViews().map((view) => view.url)).toEqual([
      "/",
      "/terms",
      "/privacy",
      "/terms",
    ]);
  });

  test("disabled analytics loads no script and sends nothing", async ({ page }) => {
    const external: string[] = [];
    const analyticsCode: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(BASE_URL)) external.push(request.url());
      if (/\/build\/_shared\/analytics-/.test(request.url())) analyticsCode.push(request.url());
    });
    await page.goto(`${BASE_URL}/`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.locator("footer a[href='/terms']").first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.locator("h1")).toBeVisible();
    // Barrier: the page-view effects of both pages have run, and a request the page makes
    // after them has been answered. The tracker is loaded only by the analytics code.
    await afterEffects(page);
    await page.evaluate(() => fetch("/healthz").then((response) => response.text()));
    expect(analyticsCode).toEqual([]);
    expect(external).toEqual([]);
    expect(collector.requests).toEqual([]);
    expect(await page.locator(`script[src*="script.js"]`).count()).toBe(0);
  });
});

base(
  "an unreachable analytics host gives one console error and a working page",
  async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`http://localhost:${ANALYTICS_DEAD_PORT}/`);
    await expect
      .poll(() => errors.filter((text) => text.startsWith("Analytics is unavailable")).length)
      .toBe(1);
    await page.locator("footer a[href='/terms']").first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.locator("h1")).toBeVisible();
    // Barrier: a console error logged after the navigation's page view has been handled.
    await afterEffects(page);
    await page.evaluate(() => console.error("barrier"));
    await expect.poll(() => errors.includes("barrier")).toBe(true);
    expect(errors.filter((text) => text.startsWith("Analytics"))).toHaveLength(1);
  },
);

test("the update banner appears when latest.json names another build", async ({ page }) => {
  await page.clock.install();
  let latest = "";
  await page.route("**/_app/builds/latest.json", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id: string; timestamp: number };
    latest = body.id;
    await route.fulfill({ response, json: { ...body, id: `${body.id}-next` } });
  });
  await page.goto("/");
  // Hydration (and the effect that schedules the check) must happen before time moves.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const ui = (readContent("site.json") as { ui: Record<string, string> }).ui;
  const banner = page.getByRole("status").filter({ hasText: ui.update_available! });
  await page.clock.runFor(58 * 60 * 1000);
  await expect(banner).toHaveCount(0);
  expect(latest).toBe(""); // not checked before the hour
  await page.clock.runFor(3 * 60 * 1000);
  await expect(banner).toBeVisible();
  expect(latest).not.toBe("");
  await expect(banner.getByRole("button", { name: ui.update_reload! })).toBeVisible();
  await banner.getByRole("button", { name: ui.update_dismiss! }).click();
  await expect(banner).toHaveCount(0);
});

test("build endpoints answer with the running build", async ({ request }) => {
  const latest = await request.get("/_app/builds/latest.json");
  expect(latest.headers()["cache-control"]).toBe("no-cache");
  const { id, timestamp } = (await latest.json()) as { id: string; timestamp: number };
  expect(id).toMatch(/^[0-9a-f]+$/);
  expect(timestamp).toBeGreaterThan(0);
  const meta = await request.get(`/_app/builds/meta/${id}.json`);
  expect(meta.status()).toBe(200);
  expect(meta.headers()["cache-control"]).toContain("max-age=31536000");
  expect(await meta.json()).toMatchObject({ id, timestamp });
  const unknown = await request.get("/_app/builds/meta/deadbeef.json");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "Unknown build" });
});

test("the page carries the public app config and the build id the bundle knows", async ({
  page,
}) => {
  await page.goto("/");
  // The modules load after the first paint: wait for them.
  await page.locator("html[data-hydrated='true']").waitFor();
  const config = await page.evaluate(() => window.__APP_CONFIG__);
  const manifestVersion = await page.evaluate(() => window.__remixManifest?.version);
  expect(config).toMatchObject({
    assetsPath: "/build/",
    cdnUrl: null,
    buildId: manifestVersion,
    analytics: { enabled: false, host: null, siteId: null },
  });
  expect(config?.baseUrl).toMatch(/^https?:\/\//);
});

base("an aborted route chunk leads to one reload of the target, not a loop", async ({ page }) => {
  // Every content page shares one route module, so start from a page of another route (the
  // dashboard's login page) and navigate in the browser's router (the dashboard's frame has
  // no link to the site): the next page's module is then fetched on navigation. The content
  // pages' module is unavailable from the start (as after a deploy).
  await page.route(/\/build\/slug___en-[A-Z0-9]+\.js$/, (route) => route.abort());
  await page.goto(`http://localhost:${ADMIN_PORT}/admin`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  await page.evaluate(() => {
    const router = (window as { __remixRouter?: { navigate: (to: string) => unknown } })
      .__remixRouter;
    void router?.navigate("/terms");
  });
  await expect(page).toHaveURL(/\/terms$/);
  await page.waitForLoadState("load");
  // Barrier: the reloaded page's own bootstrap has failed on the same module (importing it
  // again settles only once that fetch has), and everything that failure scheduled has run.
  const failedModule = await page.locator("link[href*='/slug___en-']").first().getAttribute("href");
  expect(failedModule).toBeTruthy();
  await page.evaluate(async (url) => {
    await import(url).catch(() => null);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }, failedModule!);
  expect(documents).toEqual(["/terms"]);
  await expect(page.locator("h1")).toBeVisible(); // the server-rendered page is there
});

base("a locale file that fails to load is logged and the page keeps working", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.route("**/locales/en/common.json", (route) => route.abort());
  await page.goto(`${BASE_URL}/`);
  await expect
    .poll(() => errors.some((text) => text.startsWith("Interface messages could not be loaded")))
    .toBe(true);
  await page.locator("footer a[href='/terms']").first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.locator("h1")).toBeVisible();
});

base("the page hydrates without waiting for the locale file, then loads it", async ({ page }) => {
  let held: Route | undefined;
  const requested = new Promise<void>((resolve) => {
    void page.route("**/locales/en/common.json", (route) => {
      held = route; // answered only after the page has hydrated
      resolve();
    });
  });
  await page.goto(`${BASE_URL}/`);
  await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
  await requested;
  expect(held!.request().method()).toBe("GET");
  const answered = page.waitForResponse("**/locales/en/common.json");
  await held!.continue();
  expect((await answered).status()).toBe(200);
});

test.describe("locale preference", () => {
  test("POST /_app/locale saves en and redirects; an unsupported locale is a 400 page", async ({
    request,
  }) => {
    const ok = await request.post("/_app/locale", {
      form: { locale: "en", redirectTo: "/terms" },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(303);
    expect(ok.headers()["location"]).toBe("/terms");
    expect(ok.headers()["set-cookie"]).toMatch(
      /ui_locale=.*Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );

    const refused = await request.post("/_app/locale", {
      form: { locale: "xx", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["set-cookie"]).toBeUndefined();
    expect(await refused.text()).toContain('class="site-header"');

    const get = await request.get("/_app/locale");
    expect(get.status()).toBe(405);
    expect(get.headers()["allow"]).toBe("POST");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a plain form changes the locale and lands on redirectTo", async ({ page, context }) => {
      await page.goto("/");
      await page.setContent(
        `<form method="post" action="${BASE_URL}/_app/locale"><input name="locale" value="en"><input name="redirectTo" value="/vip"><button>Go</button></form>`,
      );
      await page.getByRole("button", { name: "Go" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/vip`);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "ui_locale")).toMatchObject({
        path: "/",
        sameSite: "Lax",
      });
    });
  });
});
