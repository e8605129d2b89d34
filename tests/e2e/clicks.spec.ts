/**
 * The click ledger end to end: every affiliate link of every page, clicked with
 * JavaScript off (the landing parameters travel in the Referer) and on (the runtime keeps
 * them for the visit and adds them at the click), is found in the server's ledger with its
 * link id, the page it was on and the visit's tracking parameters; bots and HEAD requests
 * are recorded as bots. Each click's id reaches the program in the redirect and is the one
 * the ledger keeps.
 *
 * One page load per page: each click's request goes to the server as the browser sent it,
 * and its redirect is then answered for the browser with 204 No Content, which leaves the
 * page where it is (a browser does not navigate on 204), so the next link is clicked on
 * the same page.
 */
import type { ChildProcess } from "node:child_process";

import type { BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";

import { ledgerFile } from "../../playwright.config";

import { expect, pages, readContent, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const header = readContent("site.json").header as Record<string, string>;
const AFFILIATE_ORIGIN = new URL(header.signup_redirect_link!).origin;
const HEADER_PATHS = new Set([header.login_link, header.signup_link]);
/** The parameter the program reads each click's id from (content's default: clickid). */
const CLICK_ID_PARAM =
  (readContent("site.json").affiliate as { click_id_param?: string }).click_id_param ?? "clickid";
const CLICK_ID = /^[A-Za-z0-9_-]{16}$/;

/** What one step may take on a busy shared machine; a test's timeout is the sum of its steps. */
const PAGE_LOAD_MS = 20_000;
const CLICK_MS = 5_000;
/** The ledger writes its queue every second; a click is in the file a few flushes later. */
const LEDGER_WRITE_MS = 10_000;

type Row = {
  link_id: string;
  page: string;
  utm_campaign: string | null;
  subid: string | null;
  is_bot: number;
  device: string;
  click_id: string;
};

function ledgerRows(where: string, ...params: unknown[]): Row[] {
  const db = new Database(ledgerFile(PORT), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select * from clicks where ${where}`).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** The link ids of the affiliate anchors a page shows. */
function affiliateLinks(page: Page): Promise<string[]> {
  return page
    .locator("a[data-affiliate]")
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("data-affiliate") ?? ""));
}

type Outbound = { url: string; status: number; location: string };

/**
 * Sends every outbound request of the context (/go/<id>, the header's login and sign-up
 * paths) to the server unchanged and hands its answer to `onAnswer`; the browser gets a
 * 204 and stays on its page.
 */
async function answerOutboundWith204(
  context: BrowserContext,
  onAnswer: (answer: Outbound) => void,
) {
  await context.route(
    (url) =>
      url.origin === `http://localhost:${PORT}` &&
      (url.pathname.startsWith("/go/") || HEADER_PATHS.has(url.pathname)),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      await route.fulfill({ status: 204 });
      onAnswer({
        url: route.request().url(),
        status: response.status(),
        location: response.headers().location ?? "",
      });
    },
  );
}

/** Pages a visitor can land on (the 403 page is the country gate's answer, not a page). */
const LANDING_PAGES = pages.filter(({ slug }) => slug !== "/403").map(({ slug }) => slug);

async function clickEveryLink(context: BrowserContext, javaScript: boolean) {
  const mode = javaScript ? "js" : "nojs";
  let answered: (answer: Outbound) => void = () => {};
  await answerOutboundWith204(context, (answer) => answered(answer));
  const page = await context.newPage();
  const visit = async (url: string) => {
    await page.goto(url);
    // The runtime keeps the landing parameters and decorates links once hydrated.
    if (javaScript) await page.locator("html[data-hydrated='true']").waitFor();
  };
  const expected: { link: string; slug: string; campaign: string }[] = [];
  for (const slug of LANDING_PAGES) {
    const campaign = `e2e-${mode}-${slug.replaceAll("/", "_")}`;
    const landing = `http://localhost:${PORT}${slug}?utm_campaign=${campaign}&subid=${mode}`;
    // With JavaScript the parameters are kept for the visit, and the page is visited
    // again without them; without it, they travel in the Referer of the landing URL.
    await visit(landing);
    if (javaScript) await visit(`http://localhost:${PORT}${slug}`);
    const links = await affiliateLinks(page);
    test.setTimeout(test.info().timeout + links.length * CLICK_MS);
    for (const link of links) {
      const answer = new Promise<Outbound>((resolve) => (answered = resolve));
      await page.locator(`a[data-affiliate="${link}"]`).click();
      const { status, location } = await answer;
      expect(status, link).toBe(302);
      expect(new URL(location).origin, link).toBe(AFFILIATE_ORIGIN);
      expect(new URL(location).searchParams.get("utm_campaign"), link).toBe(campaign);
      expected.push({ link, slug, campaign });
    }
  }
  return expected;
}

for (const javaScript of [true, false]) {
  test(`every affiliate link of every page is counted with its placement, page and campaign (JavaScript ${javaScript ? "on" : "off"})`, async ({
    browser,
  }) => {
    const loadsPerPage = javaScript ? 2 : 1;
    test.setTimeout(LANDING_PAGES.length * loadsPerPage * PAGE_LOAD_MS + LEDGER_WRITE_MS);
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const clicked = await clickEveryLink(context, javaScript);
    await context.close();
    expect(clicked.length).toBeGreaterThan(20);
    expect(clicked.some(({ link }) => link === "header-signup")).toBe(true);
    expect(clicked.some(({ link }) => /-games-\d+-game-\d+$/.test(link))).toBe(true);
    const key = ({ link, slug, campaign }: (typeof clicked)[number]) =>
      `${link} on ${slug} (${campaign})`;
    await expect
      .poll(
        () => {
          const recorded = new Set(
            ledgerRows("subid = ? and is_bot = 0", javaScript ? "js" : "nojs").map((row) =>
              key({ link: row.link_id, slug: row.page, campaign: row.utm_campaign ?? "" }),
            ),
          );
          return clicked.map(key).filter((click) => !recorded.has(click));
        },
        { message: "clicks missing from the ledger", timeout: LEDGER_WRITE_MS },
      )
      .toEqual([]);
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
  // Barrier: the ledger writes clicks in the order they came, so once a later click is
  // in the file, the unknown one would be too had it been recorded.
  await request.get("/go/home-promo-image-1?utm_campaign=e2e-unknown-barrier", {
    maxRedirects: 0,
  });
  await expect
    .poll(() => ledgerRows("utm_campaign = ?", "e2e-unknown-barrier").length, {
      timeout: LEDGER_WRITE_MS,
    })
    .toBe(1);
  expect(ledgerRows("utm_campaign = ?", "e2e-unknown")).toEqual([]);
});

test("the program receives the click's id, the one the ledger keeps, a new one per click", async ({
  request,
}) => {
  const ids: string[] = [];
  for (const _ of [1, 2]) {
    const response = await request.get("/go/home-promo-image-1?utm_campaign=e2e-click-id", {
      maxRedirects: 0,
    });
    ids.push(new URL(response.headers().location!).searchParams.get(CLICK_ID_PARAM) ?? "");
  }
  expect(ids).toEqual([expect.stringMatching(CLICK_ID), expect.stringMatching(CLICK_ID)]);
  expect(ids[0]).not.toBe(ids[1]);
  await expect
    .poll(
      () =>
        ledgerRows("utm_campaign = ?", "e2e-click-id")
          .map((row) => row.click_id)
          .sort(),
      {
        timeout: LEDGER_WRITE_MS,
      },
    )
    .toEqual([...ids].sort());
});

test.describe("a server without a ledger", () => {
  // A server of this test's own: CLICK_LEDGER=false, and the country gate on.
  let server: ChildProcess | null = null;

  test.afterAll(() => {
    if (server?.exitCode === null) server.kill("SIGKILL");
  });

  test("sends no click id, and logs each outbound request once, a blocked visitor's 403 page too", async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const own = await startOwnServer(0, {
      CLICK_LEDGER: "false",
      COUNTRY_HEADER: "cf-ipcountry",
      BLOCKED_COUNTRIES: "US",
    });
    server = own.process;
    const base = own.url;

    const redirect = await request.get(`${base}/go/home-promo-image-1?utm_campaign=e2e-log`, {
      maxRedirects: 0,
    });
    expect(redirect.status()).toBe(302);
    const location = new URL(redirect.headers().location!);
    expect(location.origin).toBe(AFFILIATE_ORIGIN);
    expect(location.searchParams.has(CLICK_ID_PARAM)).toBe(false);
    const blocked = await request.get(`${base}/sing-up/?utm_campaign=e2e-log-gate`, {
      headers: { "cf-ipcountry": "US" },
      maxRedirects: 0,
    });
    expect(blocked.status()).toBe(403);
    expect(await blocked.text()).toContain("Acceso restringido en su país.");

    // Barrier: lines are written in the order the answers finish; once a later request's
    // line is there, a second line for either request above would be too.
    await request.get(`${base}/terms?e2e-log-barrier`);
    await expect.poll(own.log).toContain("GET /terms?e2e-log-barrier ");
    const lines = own.log().split("\n");
    expect(lines.filter((line) => line.includes("e2e-log "))).toEqual([
      expect.stringMatching(/^GET \/go\/home-promo-image-1\?utm_campaign=e2e-log 302 /),
    ]);
    expect(lines.filter((line) => line.includes("e2e-log-gate"))).toEqual([
      expect.stringMatching(/^GET \/sing-up\/\?utm_campaign=e2e-log-gate 403 /),
    ]);
  });
});
