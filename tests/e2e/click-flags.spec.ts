/**
 * Clicks that are not people's (docs/click-flags.md), end to end on a server of its own
 * with every flag on, the home page's headline experiment running, and a client-address
 * header it trusts, so each "visitor" is an address of the test's choosing. People click
 * and view; then 100 clicks come from a data centre's addresses (AWS's 3.0.0.0/15 in the
 * shipped list) and one visitor clicks the same link 20 times more. Every one is stored,
 * flagged; the dashboard's figures and the experiment's verdict are what they were
 * before them, and "Incluir los clics marcados" counts them.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import type { APIRequestContext, Page } from "@playwright/test";

import { CLIENT_IP_HEADER } from "../../playwright.config";
import { writeRunningExperimentContent } from "../running-experiment";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";
import { startOwnServer } from "./own-server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PASSWORD = "click-flags-password-1";
/** People: TEST-NET addresses, in no data centre's list. */
const PEOPLE = Array.from({ length: 40 }, (_, index) => `198.51.100.${index + 1}`);
/** A data centre's: AWS's 3.0.0.0/15, in the shipped lists/datacentre-ranges.json. */
const CLOUD = Array.from(
  { length: 100 },
  (_, index) => `3.0.${Math.floor(index / 50)}.${index + 1}`,
);
const REPEATS = 20;

test.describe.configure({ mode: "default" });

let server: ChildProcess | null = null;
let BASE = "";
let work = "";
let ledger = "";
let link = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  work = mkdtempSync(path.join(tmpdir(), "e2e-click-flags-"));
  ledger = path.join(work, "clicks.sqlite");
  const own = await startOwnServer(0, {
    CLICK_FLAGS: "data-centre,too-fast,repeat",
    CLIENT_IP_HEADER,
    TRUSTED_PROXIES: "loopback",
    CONTENT_DIR: writeRunningExperimentContent(path.join(work, "content")),
    DATABASE_URL: `sqlite:${ledger}`,
    ADMIN_PASSWORD: PASSWORD,
  });
  server = own.process;
  BASE = own.url;
  const home = await (
    await request.get(`${BASE}/`, {
      headers: { "user-agent": BROWSER, [CLIENT_IP_HEADER]: PEOPLE[0]! },
    })
  ).text();
  link = /href="(\/go\/[^"?]+)"/.exec(home)![1]!;
});

test.afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
  if (work) rmSync(work, { recursive: true, force: true });
});

const as = (address: string) => ({ "user-agent": BROWSER, [CLIENT_IP_HEADER]: address });

async function click(request: APIRequestContext, address: string) {
  const response = await request.get(`${BASE}${link}`, { headers: as(address), maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

async function view(request: APIRequestContext, address: string) {
  const response = await request.post(`${BASE}/_app/view`, {
    headers: { ...as(address), "content-type": "text/plain" },
    data: "p=/",
  });
  expect(response.status()).toBe(204);
}

/** The ledger's clicks per stored kind (is_bot), counted by SQL from the file. */
function kinds(): Record<number, number> {
  const db = new Database(ledger, { readonly: true });
  try {
    const rows = db.prepare("select is_bot, count(*) as n from clicks group by is_bot").all() as {
      is_bot: number;
      n: number;
    }[];
    return Object.fromEntries(rows.map((row) => [row.is_bot, row.n]));
  } finally {
    db.close();
  }
}

async function logIn(page: Page) {
  await page.setExtraHTTPHeaders({ [CLIENT_IP_HEADER]: "192.0.2.250" });
  await logInAt(page, `${BASE}/admin`, PASSWORD);
}

/** What the marketer reads: every key figure, and the experiment's table with its verdict. */
async function figures(page: Page, query = "") {
  await page.goto(`${BASE}/admin${query}`);
  const kpis = await page.locator(".admin-kpis").innerText();
  await page.goto(`${BASE}/admin/experiments${query}`);
  const experiment = await page.locator(".admin-experiment").first().innerText();
  return { kpis, experiment };
}

test("flagged clicks are stored, left out of the figures and the verdict, and counted when included", async ({
  request,
  page,
}) => {
  test.setTimeout(120_000);
  // People click, and view the page afterwards (a view just before a click makes it too fast).
  for (const address of PEOPLE) await click(request, address);
  for (const address of PEOPLE) await view(request, address);
  // One visitor clicks as soon as the page is seen: too fast for a person.
  await view(request, "198.51.100.200");
  await click(request, "198.51.100.200");
  await expect.poll(kinds).toEqual({ 0: PEOPLE.length, 3: 1 });

  await logIn(page);
  const before = await figures(page);
  expect(before.kpis).toContain("Clics de personas");
  await expect(page.locator(".admin-experiment__verdict").first()).toBeVisible();

  for (const address of CLOUD) await click(request, address);
  for (let index = 0; index < REPEATS; index++) await click(request, PEOPLE[0]!);
  // Every one stored, none dropped: 100 from a data centre, 20 repeats, the too-fast one.
  await expect.poll(kinds).toEqual({ 0: PEOPLE.length, 2: CLOUD.length, 3: 1, 4: REPEATS });

  // The dashboard's figures and the experiment's verdict are what they were without them.
  expect(await figures(page)).toEqual(before);
  await page.goto(`${BASE}/admin`);
  const flagged = page.getByRole("region", { name: "Clics marcados" });
  await expect(flagged).toContainText("121 clics parecen no ser de personas");
  await expect(flagged).toContainText("100 desde un centro de datos");
  await expect(flagged).toContainText("1 demasiado rápidos tras ver la página");
  await expect(flagged).toContainText("20 repetidos en menos de una hora");

  // Included: the people's clicks grow by the 121 flagged, on the dashboard and the experiment.
  await flagged.getByRole("link", { name: "Incluir los clics marcados" }).click();
  await expect(page).toHaveURL(/marcados=1/);
  const people = page
    .locator(".admin-kpi")
    .filter({ hasText: "Clics de personas" })
    .locator(".admin-kpi__value");
  await expect(people).toHaveText(String(PEOPLE.length + 121));
  const included = await figures(page, "?marcados=1");
  expect(included.experiment).not.toEqual(before.experiment);
  await expect(page.getByText("cuentan aquí como clics de personas")).toBeVisible();
});
