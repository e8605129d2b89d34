/**
 * The click ledger end to end: every affiliate link of every page, clicked with
 * JavaScript on and off, is found in the server's ledger with its link id, the page it was
 * on and the visit's tracking parameters; bots and HEAD requests are recorded as bots.
 */
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { ledgerFile } from "../../playwright.config";

import { expect, pages, readContent, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const header = readContent("site.json").header as Record<string, string>;
const AFFILIATE_ORIGIN = new URL(header.signup_redirect_link!).origin;

type Row = {
  link_id: string;
  page: string;
  utm_campaign: string | null;
  subid: string | null;
  is_bot: number;
  device: string;
};

function ledgerRows(where: string, ...params: unknown[]): Row[] {
  const db = new Database(ledgerFile(PORT), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select * from clicks where ${where}`).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** The affiliate anchors a page shows: [link id, href]. */
async function affiliateAnchors(page: Page): Promise<string[]> {
  return page
    .locator("a[data-affiliate]")
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("data-affiliate") ?? ""));
}

async function clickEveryLink(browser: Browser, javaScript: boolean) {
  const mode = javaScript ? "js" : "nojs";
  const expected: { link: string; slug: string; campaign: string }[] = [];
  const context = await browser.newContext({ javaScriptEnabled: javaScript });
  const page = await context.newPage();
  await page.route(`${AFFILIATE_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "affiliate" }),
  );
  for (const content of pages.filter((candidate) => candidate.slug !== "/403")) {
    const campaign = `e2e-${mode}-${content.slug.replaceAll("/", "_")}`;
    const landing = `http://localhost:${PORT}${content.slug}?utm_campaign=${campaign}&subid=${mode}`;
    const visit = async (url: string) => {
      await page.goto(url);
      // The runtime keeps the landing parameters and decorates links once hydrated.
      if (javaScript) await page.locator("html[data-hydrated='true']").waitFor();
    };
    await visit(landing);
    const links = await affiliateAnchors(page);
    for (const [index, link] of links.entries()) {
      // With JavaScript the parameters were kept for the visit and the page is visited
      // again without them; without it, they travel in the Referer of the landing URL.
      if (javaScript) await visit(`http://localhost:${PORT}${content.slug}`);
      else if (index > 0) await visit(landing);
      await page.locator("a[data-affiliate]").nth(index).click();
      await page.waitForURL(`${AFFILIATE_ORIGIN}/**`);
      expect(new URL(page.url()).searchParams.get("utm_campaign"), link).toBe(campaign);
      expected.push({ link, slug: content.slug, campaign });
    }
  }
  await context.close();
  return expected;
}

for (const javaScript of [true, false]) {
  test(`every affiliate link of every page is counted with its placement, page and campaign (JavaScript ${javaScript ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const clicked = await clickEveryLink(browser, javaScript);
    expect(clicked.length).toBeGreaterThan(20);
    expect(clicked.some(({ link }) => link === "header-signup")).toBe(true);
    expect(clicked.some(({ link }) => /-games-\d+-game-\d+$/.test(link))).toBe(true);
    for (const { link, slug, campaign } of clicked) {
      await expect
        .poll(
          () =>
            ledgerRows(
              "link_id = ? and page = ? and utm_campaign = ? and subid = ? and is_bot = 0",
              link,
              slug,
              campaign,
              javaScript ? "js" : "nojs",
            ).length,
          { message: `${link} on ${slug}` },
        )
        .toBeGreaterThan(0);
    }
  });
}

test("a HEAD request, a crawler and a link preview are recorded as bots", async ({ request }) => {
  const id = "home-promo-image-1";
  await request.head(`/go/${id}?utm_campaign=e2e-bot-head`, { maxRedirects: 0 });
  await request.get(`/go/${id}?utm_campaign=e2e-bot-crawler`, {
    maxRedirects: 0,
    headers: {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    },
  });
  await request.get(`/go/${id}?utm_campaign=e2e-bot-preview`, {
    maxRedirects: 0,
    headers: { "User-Agent": "WhatsApp/2.23.20.0 A" },
  });
  for (const campaign of ["e2e-bot-head", "e2e-bot-crawler", "e2e-bot-preview"]) {
    await expect
      .poll(() => ledgerRows("utm_campaign = ?", campaign).map((row) => row.is_bot), {
        message: campaign,
      })
      .toEqual([1]);
  }
});

test("an unknown placement is the 404 page and records nothing", async ({ request }) => {
  const response = await request.get("/go/no-such-link?utm_campaign=e2e-unknown", {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(404);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(ledgerRows("utm_campaign = ?", "e2e-unknown")).toEqual([]);
});
