/**
 * Content experiments end to end (docs/experiments.md): the home page's headline test
 * ("home-h1"), running on a copy of the content (tests/running-experiment.ts: the shipped
 * content has ended it). A server of its own trusts the test's client-address header, so
 * each "visitor" is an address of the test's choosing; the variant comes from the
 * visitor's daily key, never from what the visitor sends.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { CLIENT_IP_HEADER } from "../../playwright.config";
import { VARIANT_B_H1, writeRunningExperimentContent } from "../running-experiment";

import { expect, h1Of, pageBySlug, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const GOOGLEBOT =
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const CONTROL = h1Of(pageBySlug("/"));
const VARIANT_B = VARIANT_B_H1;
/** Enough visitors that both variants appear (one-sided: 2^-39 at 50/50). */
const ADDRESSES = Array.from({ length: 40 }, (_, index) => `198.51.100.${index + 1}`);

test.describe.configure({ mode: "default" });

let server: ChildProcess | null = null;
/** The server's origin, once it listens on a free port. */
let BASE = "";
let work = "";

test.beforeAll(async () => {
  test.setTimeout(60_000);
  work = mkdtempSync(path.join(tmpdir(), "e2e-experiments-"));
  const own = await startOwnServer(0, {
    CLIENT_IP_HEADER,
    TRUSTED_PROXIES: "loopback",
    CONTENT_DIR: writeRunningExperimentContent(path.join(work, "content")),
    DATABASE_URL: `sqlite:${path.join(work, "clicks.sqlite")}`,
  });
  server = own.process;
  BASE = own.url;
});

test.afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
  if (work) rmSync(work, { recursive: true, force: true });
});

async function headlineOf(
  request: APIRequestContext,
  path: string,
  address: string,
  userAgent = BROWSER,
): Promise<string> {
  const response = await request.get(`${BASE}${path}`, {
    headers: { [CLIENT_IP_HEADER]: address, "user-agent": userAgent },
  });
  expect(response.status()).toBe(200);
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1] ?? "";
}

test("visitors see both headlines, each visitor always the same one", async ({ request }) => {
  const seen = new Map<string, string>();
  for (const address of ADDRESSES) seen.set(address, await headlineOf(request, "/", address));
  expect(new Set(seen.values())).toEqual(new Set([CONTROL, VARIANT_B]));
  // Again, now from the page cache, and with a query that names a variant.
  for (const address of ADDRESSES) {
    expect(await headlineOf(request, "/", address)).toBe(seen.get(address));
    expect(await headlineOf(request, "/?variant=B&variante=home-h1:A", address)).toBe(
      seen.get(address),
    );
  }
});

test("Googlebot always gets the control", async ({ request }) => {
  for (const address of ADDRESSES) {
    expect(await headlineOf(request, "/", address, GOOGLEBOT)).toBe(CONTROL);
  }
});

test("a visitor keeps the headline after a client-side navigation back to /", async ({
  browser,
  request,
}) => {
  // A visitor of variant B: the control would pass even if the data request lost the variant.
  let address = "";
  for (const candidate of ADDRESSES) {
    if ((await headlineOf(request, "/", candidate)) === VARIANT_B) {
      address = candidate;
      break;
    }
  }
  const context = await browser.newContext({
    userAgent: BROWSER,
    extraHTTPHeaders: { [CLIENT_IP_HEADER]: address },
  });
  const page = await context.newPage();
  await page.goto(`${BASE}/bonos`);
  // The modules load after the first paint: the router navigates once they have hydrated.
  await page.locator("html[data-hydrated='true']").waitFor();
  const data = page.waitForResponse((response) => response.url().includes("_data="));
  await page.locator("footer a[href='/']").first().click();
  await data;
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.locator("h1")).toHaveText(VARIANT_B);
  await context.close();
});

test("a page under a running experiment is private; the others stay public", async ({
  request,
}) => {
  const headers = { [CLIENT_IP_HEADER]: ADDRESSES[0]!, "user-agent": BROWSER };
  for (const path of ["/", "/?variant=B"]) {
    const home = await request.get(`${BASE}${path}`, { headers });
    expect(home.headers()["cache-control"]).toMatch(/^private\b/);
  }
  const bonos = await request.get(`${BASE}/bonos`, { headers });
  expect(bonos.headers()["cache-control"]).toMatch(/^public\b/);
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(
    await (await request.get(`${BASE}/`, { headers })).text(),
  )?.[1];
  expect(canonical).toMatch(/^https?:\/\/[^/]+\/$/);
});
