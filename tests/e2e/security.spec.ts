import { createHash } from "node:crypto";

import { test as base, type Page } from "@playwright/test";

import { ANALYTICS_PORT, BASE_URL, COLLECTOR_PORT } from "../../playwright.config";

import { routeTrackerTo, startCollector } from "./collector";
import { expect, pages, rawRequest, test } from "./fixtures";

const SECURITY_HEADERS = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "cross-origin-opener-policy": "same-origin",
};
const slugs = [...pages.map((page) => page.slug), "/no/existe", "/%3Cb%3E"];

test("every HTML response carries the security headers exactly once and no X-Powered-By", async () => {
  for (const path of [...slugs, "/sing-up/", "/robots.txt", "/images/brand/logo.svg", "/healthz"]) {
    const response = await rawRequest(path);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(response.headers[name], `${path} ${name}`).toBe(value);
    }
    expect(response.headers["x-powered-by"], path).toBeUndefined();
  }
});

test("the Content-Security-Policy allows no inline code but hashed scripts, and nothing foreign", async () => {
  for (const path of slugs) {
    const response = await rawRequest(path);
    const csp = String(response.headers["content-security-policy"]);
    const directives = Object.fromEntries(
      csp.split(";").map((part) => {
        const [name, ...values] = part.trim().split(/\s+/);
        return [name, values];
      }),
    ) as Record<string, string[]>;
    expect(directives["script-src"], path).not.toContain("'unsafe-inline'");
    expect(directives["script-src"], path).not.toContain("'unsafe-eval'");
    expect(
      directives["script-src"]?.filter((value) => !value.startsWith("'sha256-")),
      path,
    ).toEqual(["'self'"]);
    expect(directives["default-src"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(csp).not.toContain("http");
  }
});

async function cspViolations(page: Page) {
  return page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
}

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

test("no page has a CSP violation or a console error, analytics off", async ({ page }) => {
  await watchCsp(page);
  for (const slug of slugs) {
    await page.goto(slug);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await cspViolations(page), slug).toEqual([]);
  }
  await page.locator("footer a[href='/terms']").first().click();
  await expect(page).toHaveURL(/\/terms$/);
  expect(await cspViolations(page)).toEqual([]);
});

base("no page has a CSP violation or a console error, analytics on", async ({ page }) => {
  // A bound, not a wait: it visits every page, slow on a shared machine (timed out at 30 s
  // with one core busy).
  base.setTimeout(120_000);
  const collector = await startCollector();
  const errors: string[] = [];
  page.on("console", (message) => {
    // The browser's own note on a 403/404 document is expected for those pages.
    if (message.type() === "error" && !/status of 40[34]/.test(message.text()))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  try {
    // This server reports to COLLECTOR_PORT; send its tracker traffic to this collector.
    await routeTrackerTo(page, COLLECTOR_PORT, collector.port);
    await watchCsp(page);
    const site = `http://localhost:${ANALYTICS_PORT}`;
    for (const slug of slugs) {
      await page.goto(`${site}${slug}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect.poll(() => collector.pageViews().some((view) => view.url === slug)).toBe(true);
      expect(await cspViolations(page), slug).toEqual([]);
    }
    const csp = String((await rawRequest("/", {})).headers["content-security-policy"]);
    expect(csp).not.toContain(`127.0.0.1:${COLLECTOR_PORT}`); // analytics off on the main server
    expect(errors).toEqual([]);
  } finally {
    await collector.close();
  }
});

test("the analytics origin is allowed by the CSP only where analytics is on", async ({
  request,
}) => {
  const on = await request.get(`http://localhost:${ANALYTICS_PORT}/`);
  const csp = on.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(new RegExp(`script-src [^;]*http://127\\.0\\.0\\.1:${COLLECTOR_PORT}`));
  expect(csp).toMatch(new RegExp(`connect-src [^;]*http://127\\.0\\.0\\.1:${COLLECTOR_PORT}`));
});

test("pages have a strong ETag and answer 304 to a matching If-None-Match", async ({ request }) => {
  const first = await request.get("/terms");
  const etag = first.headers()["etag"]!;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
  expect(first.headers()["cache-control"]).toBe(
    "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
  );
  const again = await request.get("/terms");
  expect(again.headers()["etag"]).toBe(etag);
  const notModified = await request.get("/terms", { headers: { "If-None-Match": etag } });
  expect(notModified.status()).toBe(304);
  expect(await notModified.text()).toBe("");
  const changed = await request.get("/terms", { headers: { "If-None-Match": '"something-else"' } });
  expect(changed.status()).toBe(200);
  expect((await request.get("/privacy")).headers()["etag"]).not.toBe(etag);
});

test("a 304 carries the security headers its 200 carries, for a page and a file", async ({
  request,
}) => {
  for (const path of ["/terms", "/images/brand/logo.svg"]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const notModified = await request.get(path, {
      headers: { "If-None-Match": first.headers()["etag"]! },
    });
    expect(notModified.status(), path).toBe(304);
    for (const name of ["x-content-type-options", "strict-transport-security"]) {
      expect(first.headers()[name], `${path} ${name}`).toBeTruthy();
      expect(notModified.headers()[name], `${path} ${name}`).toBe(first.headers()[name]);
    }
  }
});

test("the home page, with the content as shipped, may be kept by a CDN", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  expect(home.headers()["cache-control"]).toBe(
    "public, max-age=60, s-maxage=300, stale-while-revalidate=86400",
  );
  expect(home.headers()["etag"]).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
});

test("caching: 404/403 briefly, errors and redirects not at all, assets for a year", async ({
  request,
}) => {
  expect((await request.get("/no/existe")).headers()["cache-control"]).toBe(
    "public, max-age=60, s-maxage=60",
  );
  expect((await request.get("/403")).headers()["cache-control"]).toBe(
    "public, max-age=60, s-maxage=60",
  );
  expect((await request.post("/terms")).headers()["cache-control"]).toBe("no-store");
  expect((await request.get("/sing-up/", { maxRedirects: 0 })).headers()["cache-control"]).toBe(
    "no-store",
  );
  expect((await request.get("/_app/builds/latest.json")).headers()["cache-control"]).toBe(
    "no-cache",
  );
  const html = await (await request.get("/")).text();
  const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  expect((await request.get(asset!)).headers()["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
});

test("every text response compression shrinks is compressed", async () => {
  // The interface messages file (one technical message, 44 bytes) is not: gzip would make
  // it bigger, so the build keeps no compressed copy of it.
  for (const path of [
    "/",
    "/terms",
    "/robots.txt",
    "/sitemap.xml",
    "/images/brand/favicon.svg",
    "/_app/builds/latest.json",
    "/images/brand/logo.svg",
  ]) {
    const response = await rawRequest(path, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers["content-encoding"], path).toMatch(/^(gzip|br)$/);
  }
  const html = await (
    await fetch(`${BASE_URL}/`, { headers: { "Accept-Encoding": "gzip" } })
  ).text();
  expect(html).toContain("<!DOCTYPE html>");
});

test("GET /healthz answers ok, uncached", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("the stylesheet is inline and allowed by its hash; no module is preloaded before the first paint", async () => {
  const { headers, body } = await rawRequest("/");
  const style = /<style id="app-style">([\s\S]*?)<\/style>/.exec(body)?.[1] ?? "";
  expect(style.length).toBeGreaterThan(1_000);
  const hash = createHash("sha256").update(style).digest("base64");
  expect(String(headers["content-security-policy"])).toContain(`style-src 'self' 'sha256-${hash}'`);
  expect(body).not.toMatch(/<link[^>]+rel="stylesheet"/);
  expect(body).not.toContain('rel="modulepreload"');
  expect(body).toContain("requestAnimationFrame(() => setTimeout(load));");
});

test("every module the page loads is listed with its own SHA-384 in the import map", async ({
  page,
}) => {
  const loaded = new Map<string, Buffer>();
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/build/") && url.pathname.endsWith(".js")) {
      loaded.set(url.pathname, await response.body());
    }
  });
  await page.goto("/");
  await page.locator("html[data-hydrated='true']").waitFor();
  const map = JSON.parse(
    (await page.locator("script[type='importmap']").textContent()) ?? "{}",
  ) as { integrity?: Record<string, string> };
  expect(loaded.size).toBeGreaterThan(3);
  for (const [pathname, body] of loaded) {
    const digest = createHash("sha384").update(body).digest("base64");
    expect(map.integrity?.[pathname], pathname).toBe(`sha384-${digest}`);
  }
});
