/**
 * The dashboard's Ahora block on the seeded server: a click made in
 * another browser, with a person's User-Agent, shows under Ahora within 10 seconds without
 * a reload; /admin/ahora.json answers only with the session, never stored; the counts are a
 * polite live region and the list is not; at 390 px nothing scrolls sideways; nothing for axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
/** A person's browser (headless Chromium's own User-Agent says HeadlessChrome: a bot). */
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** A client key of its own per call: the server's limits never cross tests. */
let client = 0;
const clientKey = () => `live-${test.info().workerIndex}-${++client}-${Date.now()}`;

async function logIn(page: Page) {
  await page.setExtraHTTPHeaders({ [CLIENT_IP_HEADER]: clientKey() });
  await logInAt(page, `${ADMIN}/admin`, ADMIN_PASSWORD);
}

/** The Ahora block, once its first answer has arrived (its counts are figures, not "—"). */
async function readyLive(page: Page) {
  const live = page.getByRole("region", { name: "Ahora" });
  await expect(live.getByRole("heading", { name: "Ahora", level: 2 })).toBeVisible();
  await expect(live.locator(".admin-live__count dd").first()).toHaveText(/^\d/);
  return live;
}

/** The events listed under Ahora: each one's sentence and time. */
const eventsOf = (page: Page) =>
  page.locator(".admin-live__list li").evaluateAll((items) =>
    items.map((item) => ({
      text: item.querySelector(".admin-live__what")?.textContent ?? "",
      at: Date.parse(item.querySelector("time")?.getAttribute("datetime") ?? ""),
    })),
  );

test.describe("Ahora at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 }, userAgent: PERSON_UA });

  test("A click made in another browser appears under Ahora within 10 seconds", async ({
    page,
    browser,
  }) => {
    await logIn(page);
    const live = await readyLive(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // Another browser, a person's: it reads the home page and follows one of its links.
    const other = await browser.newContext({ userAgent: PERSON_UA });
    try {
      const address = { [CLIENT_IP_HEADER]: clientKey() };
      const home = await other.request.get(`${ADMIN}/`, { headers: address });
      const href = /href="(\/go\/[^"?#]+)/.exec(await home.text())?.[1];
      expect(href, "a /go/ link on the home page").toBeTruthy();
      const clickedAt = Date.now() - 1_000;
      const click = await other.request.get(`${ADMIN}${href}`, {
        headers: address,
        maxRedirects: 0,
      });
      expect(click.status()).toBe(302);
      const linkId = href!.slice("/go/".length);

      // It shows under Ahora, named in words (not by its id), from the home page.
      await expect
        .poll(
          async () =>
            (await eventsOf(page)).some(
              (event) =>
                event.at >= clickedAt &&
                /^Clic en .+ desde \/$/.test(event.text) &&
                !event.text.includes(linkId),
            ),
          { timeout: 10_000, intervals: [250] },
        )
        .toBe(true);
    } finally {
      await other.close();
    }
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);

    // The counts are announced politely when they change; the list is not announced.
    const counts = live.locator(".admin-live__counts");
    await expect(counts).toHaveAttribute("aria-live", "polite");
    expect(
      await live.locator(".admin-live__list").evaluate((list) => list.closest("[aria-live]")),
    ).toBeNull();
    const scan = await new AxeBuilder({ page }).include(".admin-live").analyze();
    expect(scan.violations).toEqual([]);
  });

  test("/admin/ahora.json answers with the session only, never stored", async ({
    page,
    request,
  }) => {
    const refused = await request.get(`${ADMIN}/admin/ahora.json`, {
      headers: { [CLIENT_IP_HEADER]: clientKey() },
    });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["cache-control"]).toBe("no-store");
    expect(await refused.text()).not.toContain("events");

    await logIn(page);
    const answer = await page.evaluate(async () => {
      const response = await fetch("/admin/ahora.json");
      return {
        status: response.status,
        cacheControl: response.headers.get("cache-control"),
        robots: response.headers.get("x-robots-tag"),
        body: (await response.json()) as Record<string, unknown>,
      };
    });
    expect(answer).toMatchObject({
      status: 200,
      cacheControl: "no-store",
      robots: "noindex, nofollow",
      body: { state: "live", visitors: expect.any(Number), clicks: expect.any(Number) },
    });
  });
});

test.describe("Ahora at 390 px", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent: PHONE_UA,
  });

  test("the block fits the phone's width and axe finds nothing in it", async ({ page }) => {
    await logIn(page);
    const live = await readyLive(page);
    await expect(live.locator(".admin-live__count")).toHaveCount(3);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const scan = await new AxeBuilder({ page }).include(".admin-live").analyze();
    expect(scan.violations).toEqual([]);
  });
});

test.describe("Ahora without JavaScript", () => {
  test.use({ javaScriptEnabled: false, userAgent: PERSON_UA });

  test("the page comes with the last 30 minutes' figures, before any poll", async ({ page }) => {
    await logIn(page);
    const live = page.getByRole("region", { name: "Ahora" });
    // Figures in the HTML itself ("—" until a poll answered, before).
    await expect(live.locator(".admin-live__count dd")).toHaveText([/^\d/, /^\d/, /^\d/]);
  });
});
