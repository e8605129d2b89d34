import { test as base } from "@playwright/test";
import Database from "better-sqlite3";

import { ANALYTICS_PORT, COLLECTOR_PORT, GATED_PORT, ledgerFile } from "../../playwright.config";

import { routeTrackerTo, startCollector } from "./collector";
import { expect, pages, rawRequest, readContent, test } from "./fixtures";

const site = readContent("site.json") as {
  header: Record<string, string>;
  affiliate: { subid_param: string; click_id_param?: string };
};
/** The parameter the program reads each click's id from (content's default: clickid). */
const CLICK_ID_PARAM = site.affiliate.click_id_param ?? "clickid";
const CLICK_ID = /^[A-Za-z0-9_-]{16}$/;
const SIGNUP = new URL(site.header.signup_redirect_link!);
const LOGIN = new URL(site.header.login_redirect_link!);
const AFFILIATE_ORIGIN = SIGNUP.origin;

for (const [path, destination] of [
  ["/sing-up/", SIGNUP],
  ["/sing-up", SIGNUP],
  ["/login/", LOGIN],
  ["/login", LOGIN],
] as const) {
  test(`${path} answers 302 to the configured affiliate URL with the click's id, uncached and noindex`, async ({
    request,
  }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = response.headers()["location"]!;
    const clickId = new URL(location).searchParams.get(CLICK_ID_PARAM);
    expect(clickId).toMatch(CLICK_ID);
    expect(location).toBe(`${destination.href}&${CLICK_ID_PARAM}=${clickId}`);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
}

test("a direct request forwards tracking parameters and never lets the visitor's replace the configured ones", async ({
  request,
}) => {
  const response = await request.get(
    `/sing-up/?utm_campaign=otono&subid=42&partner=evil&banner=evil&url=https://evil.example&utm_term=%3Cscript%3E&${CLICK_ID_PARAM}=forged`,
    { maxRedirects: 0 },
  );
  const location = new URL(response.headers()["location"]!);
  expect(location.origin).toBe(AFFILIATE_ORIGIN);
  expect(location.pathname).toBe(SIGNUP.pathname);
  expect(location.searchParams.getAll("partner")).toEqual([SIGNUP.searchParams.get("partner")]);
  expect(location.searchParams.getAll("banner")).toEqual([SIGNUP.searchParams.get("banner")]);
  expect(location.searchParams.get("utm_campaign")).toBe("otono");
  expect(location.searchParams.get(site.affiliate.subid_param)).toBe("42");
  expect(location.searchParams.get("utm_term")).toBe("<script>");
  expect(location.searchParams.has("url")).toBe(false);
  // The click's id is the server's, never the visitor's.
  expect(location.searchParams.getAll(CLICK_ID_PARAM)).toEqual([expect.stringMatching(CLICK_ID)]);
});

test("open-redirect attempts never leave the configured host", async () => {
  const attempts = [
    "//sing-up/",
    "/sing-up//evil.example",
    "/sing-up/..%2f..%2fevil.example",
    "/sing-up/?redirect=https://evil.example",
    "/sing-up/%2F%2Fevil.example",
    "/login/?next=//evil.example&host=evil.example",
    "/\\evil.example/sing-up/",
  ];
  for (const path of attempts) {
    const response = await rawRequest(path, {
      headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
    });
    const location = String(response.headers["location"] ?? "");
    expect(response.status, path).toBeLessThan(500);
    if (location)
      expect(new URL(location, "http://local/").origin, `${path} → ${location}`).toMatch(
        new RegExp(`^(${AFFILIATE_ORIGIN.replaceAll(".", "\\.")}|http://local)$`),
      );
  }
});

test("every affiliate anchor on every page is nofollow sponsored, social links open safely", async ({
  page,
}) => {
  for (const { slug } of pages) {
    await page.goto(slug);
    const anchors = await page.locator("a").evaluateAll((nodes) =>
      (nodes as HTMLAnchorElement[]).map((a) => ({
        href: a.getAttribute("href") ?? "",
        rel: a.getAttribute("rel") ?? "",
        target: a.getAttribute("target"),
        affiliate: a.hasAttribute("data-affiliate"),
        social: Boolean(a.closest(".socials")),
      })),
    );
    const affiliate = anchors.filter(
      (a) =>
        a.affiliate ||
        ["/login/", "/sing-up/"].includes(a.href) ||
        a.href.startsWith("/go/") ||
        a.href.startsWith(AFFILIATE_ORIGIN),
    );
    expect(affiliate.length, slug).toBeGreaterThanOrEqual(2);
    for (const anchor of affiliate) {
      expect(anchor.rel.split(" "), `${slug} ${anchor.href}`).toEqual(
        expect.arrayContaining(["nofollow", "sponsored"]),
      );
      expect(anchor.affiliate, `${slug} ${anchor.href}`).toBe(true);
      if (anchor.target === "_blank") expect(anchor.rel).toContain("noopener");
    }
    for (const social of anchors.filter((a) => a.social)) {
      expect(social).toMatchObject({ target: "_blank", rel: "noopener" });
    }
  }
});

test("tracking parameters from the landing page reach the affiliate after client-side navigation", async ({
  page,
}) => {
  let affiliateUrl = "";
  await page.route(`${AFFILIATE_ORIGIN}/**`, async (route) => {
    affiliateUrl = route.request().url();
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<title>affiliate</title>ok",
    });
  });
  await page.goto(
    `/?utm_source=newsletter&utm_campaign=otono&${site.affiliate.subid_param}=abc&partner=evil`,
  );
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.locator("footer a[href='/terms']").first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.locator("header a[data-affiliate='header-signup']").click();
  await expect.poll(() => affiliateUrl).not.toBe("");
  const reached = new URL(affiliateUrl);
  expect(reached.origin).toBe(AFFILIATE_ORIGIN);
  expect(reached.searchParams.get("utm_source")).toBe("newsletter");
  expect(reached.searchParams.get("utm_campaign")).toBe("otono");
  expect(reached.searchParams.get(site.affiliate.subid_param)).toBe("abc");
  expect(reached.searchParams.getAll("partner")).toEqual([SIGNUP.searchParams.get("partner")]);
});

test("page responses set no cookie, also with tracking parameters", async ({ request }) => {
  const response = await request.get("/?utm_source=x&subid=1");
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

base(
  "an outbound click sends no analytics event: the server's ledger counts it",
  async ({ page }) => {
    const collector = await startCollector();
    try {
      // This server reports to COLLECTOR_PORT; send its tracker traffic to this collector.
      await routeTrackerTo(page, COLLECTOR_PORT, collector.port);
      await page.route(`${AFFILIATE_ORIGIN}/**`, (route) =>
        route.fulfill({ status: 200, body: "ok" }),
      );
      await page.goto(`http://localhost:${ANALYTICS_PORT}/bonos?utm_campaign=e2e-one-source`);
      await expect.poll(() => collector.pageViews().length).toBe(1);
      await page.locator("header a[data-affiliate='header-login']").click();
      await page.waitForURL(`${AFFILIATE_ORIGIN}/**`);
      const ledger = new Database(ledgerFile(ANALYTICS_PORT), { readonly: true });
      try {
        await expect
          .poll(() =>
            ledger
              .prepare("select link_id, page from clicks where utm_campaign = ?")
              .all("e2e-one-source"),
          )
          .toEqual([{ link_id: "header-login", page: "/bonos" }]);
      } finally {
        ledger.close();
      }
      expect(collector.events("outbound")).toHaveLength(0);
    } finally {
      await collector.close();
    }
  },
);

test.describe("country gate", () => {
  const gated = `http://localhost:${GATED_PORT}`;
  const us = { "cf-ipcountry": "US" };

  test("a blocked country gets the 403 page on promotional pages and outbound routes", async ({
    request,
  }) => {
    for (const path of [
      "/",
      "/es",
      "/bonos",
      "/vip",
      "/sing-up/",
      "/login",
      "/go/home-main-block-1-button-1",
    ]) {
      const response = await request.get(`${gated}${path}`, { headers: us, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).toContain("Acceso restringido en su país.");
      expect(response.headers()["vary"]?.toLowerCase(), path).toContain("cf-ipcountry");
    }
  });

  test("informational pages stay open and indexable, with the notice and no calls to action", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders(us);
    const notice = (readContent("site.json") as { ui: { country_restricted: string } }).ui
      .country_restricted;
    for (const path of ["/terms", "/privacy", "/responsible"]) {
      const response = await page.goto(`${gated}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["vary"]?.toLowerCase(), path).toContain("cf-ipcountry");
      expect(response?.headers()["x-robots-tag"] ?? "", path).not.toContain("noindex");
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", /^index/);
      await expect(page.getByRole("note"), path).toHaveText(notice);
      await expect(page.locator('a[href="/sing-up/"], a[href="/login/"]'), path).toHaveCount(0);
      await expect(page.locator('a[rel~="sponsored"]'), path).toHaveCount(0);
    }
    // The same page for an allowed visitor keeps its calls to action and has no notice.
    await page.setExtraHTTPHeaders({ "cf-ipcountry": "ES" });
    await page.goto(`${gated}/terms`);
    await expect(page.getByRole("note")).toHaveCount(0);
    await expect(page.locator('header a[href="/sing-up/"]')).toHaveCount(1);
  });

  test("an unknown path is the 404 page for a blocked visitor too", async ({ request }) => {
    const response = await request.get(`${gated}/no/existe`, { headers: us });
    expect(response.status()).toBe(404);
  });

  test("/403, static files, robots.txt and sitemap.xml are unaffected", async ({ request }) => {
    expect((await request.get(`${gated}/403`, { headers: us })).status()).toBe(403);
    for (const path of [
      "/robots.txt",
      "/sitemap.xml",
      "/images/brand/logo.svg",
      "/locales/en/common.json",
    ]) {
      expect((await request.get(`${gated}${path}`, { headers: us })).status(), path).toBe(200);
    }
  });

  test("an allowed, absent or malformed header passes", async ({ request }) => {
    for (const value of ["ES", "", "USA", "U S", "<script>", undefined]) {
      const headers: Record<string, string> = value === undefined ? {} : { "cf-ipcountry": value };
      expect((await request.get(`${gated}/terms`, { headers })).status(), String(value)).toBe(200);
    }
    expect(
      (
        await request.get(`${gated}/sing-up/`, {
          headers: { "cf-ipcountry": "es" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
  });

  test("is off by default", async ({ request }) => {
    const response = await request.get("/terms", { headers: us });
    expect(response.status()).toBe(200);
    expect(response.headers()["vary"] ?? "").not.toContain("cf-ipcountry");
  });
});
