/**
 * The dashboard at a glance, on the seeded ledger: the key figures in three
 * groups, each one full row on a laptop and two full columns on a phone, never an empty
 * slot; the chart with round y-axis ticks, the previous period, and the figure of a day on
 * tap, hover and keyboard, the ledger's own count; no sideways scroll; nothing for axe.
 */
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";

import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER, ledgerFile } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const number = new Intl.NumberFormat("es-ES");
const shortDate = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
/** A day as the chart names it in short: "3 nov". */
const shortDay = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
/** 30 days that end yesterday: other specs post conversions to today, never to these. */
const PAST = { from: addDays(today, -30), to: addDays(today, -1) };
const PAST_QUERY = `period=custom&from=${PAST.from}&to=${PAST.to}`;

/** People's clicks on `day`, counted here by SQL from the ledger file, not the app's reports. */
function humansOn(day: string): number {
  const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
  try {
    const row = db
      .prepare("select count(*) as n from clicks where day = ? and is_bot = 0")
      .get(day) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

let client = 0;
async function logIn(page: Page, path: string) {
  // A client key of its own: the server's login limits never cross tests.
  await page.setExtraHTTPHeaders({
    [CLIENT_IP_HEADER]: `glance-${test.info().workerIndex}-${++client}-${Date.now()}`,
  });
  await logInAt(page, `${ADMIN}${path}`, ADMIN_PASSWORD);
}

/** The chart, once the browser has measured it and made it a slider over the days. */
async function readyChart(page: Page) {
  const slider = page.getByRole("slider", { name: /^Clics por día del / });
  await expect(slider).toBeVisible();
  return slider;
}

/**
 * The rows a group's cards make (cards sharing a top), each checked to run from the list's
 * left edge to its right edge with no gap wider than the grid's: no empty slot anywhere.
 */
async function rowsOf(list: Locator) {
  const box = (await list.boundingBox())!;
  const gap = await list.evaluate((element) => parseFloat(getComputedStyle(element).columnGap));
  const cards = await list.locator(".admin-kpi").evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { top: Math.round(rect.top), left: rect.left, right: rect.right };
    }),
  );
  const rows = new Map<number, typeof cards>();
  for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
  for (const row of rows.values()) {
    expect(row[0]!.left).toBeCloseTo(box.x, 0);
    expect(row.at(-1)!.right).toBeCloseTo(box.x + box.width, 0);
    for (let index = 1; index < row.length; index++) {
      expect(row[index]!.left - row[index - 1]!.right).toBeLessThanOrEqual(gap + 1);
    }
  }
  return { cards: cards.length, rows: [...rows.values()].map((row) => row.length) };
}

/** How many columns a grid lays out (every track, implicit ones too). */
const columnsOf = (list: Locator) =>
  list.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").length);

const GROUPS = [
  ["Tráfico", 5],
  ["Dinero", 5],
  ["Conversión", 3],
] as const;

test.describe("on a phone (390 px)", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent: PHONE_UA,
  });

  test("the chart has round y-axis ticks, a tap on a day shows its figure, and nothing scrolls sideways", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const chart = await readyChart(page);
    const ticks = page.locator(".admin-chart__ytick");
    const values = (await ticks.allTextContents()).map((text) => Number(text.replace(/\./g, "")));
    expect(values.length).toBeGreaterThanOrEqual(3);
    const step = values[1]! - values[0]!;
    expect(values[0]).toBe(0);
    expect(values.every((value, index) => value === index * step)).toBe(true);
    expect(String(step)).toMatch(/^[125]0*$/);
    await chart.scrollIntoViewIfNeeded();
    for (const tick of await ticks.all()) await expect(tick).toBeInViewport();
    // Dates under the bars: more than the first and the last, fewer than every day.
    const dates = await page.locator(".admin-chart__xtick").count();
    expect(dates).toBeGreaterThan(2);
    expect(dates).toBeLessThan(30);

    // A tap on the tenth day shows its people's clicks, as the ledger counts them, and those
    // of the tenth day of the previous period.
    const day = addDays(PAST.from, 9);
    const before = addDays(PAST.from, 9 - 30);
    const figure = page.locator(".admin-chart__day");
    await expect(figure).toBeHidden();
    await page.locator("rect.admin-chart__humans").nth(9).tap();
    await expect(figure).toBeVisible();
    await expect(figure).toContainText(`${number.format(humansOn(day))} clics de personas.`);
    await expect(figure).toContainText(
      `Periodo anterior (${shortDay(before)}): ${number.format(humansOn(before))} clics de personas.`,
    );
    await expect(chart).toHaveAttribute("aria-valuenow", "10");
    await expect(page.locator(".admin-chart__focus")).toHaveCount(1);

    // The data table, open, with its previous period's columns, scrolls inside its card.
    await page.getByText("Ver los datos del gráfico").click();
    await expect(
      page.getByRole("columnheader", { name: "Personas, periodo anterior" }),
    ).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("each group of key figures is two full columns with a heading, no slot empty", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    for (const [name, count] of GROUPS) {
      const group = page.getByRole("region", { name });
      await expect(group.getByRole("heading", { name, level: 2 })).toBeVisible();
      const list = group.locator("dl");
      expect(await columnsOf(list)).toBe(2);
      const { cards, rows } = await rowsOf(list);
      expect(cards).toBe(count);
      expect(rows.every((cardsInRow) => cardsInRow <= 2)).toBe(true);
    }
  });
});

test.describe("on a laptop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 }, userAgent: LAPTOP_UA });

  test("each group of key figures is one full row: as many columns as cards", async ({ page }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    for (const [name, count] of GROUPS) {
      const group = page.getByRole("region", { name });
      await expect(group.getByRole("heading", { name, level: 2 })).toBeVisible();
      const list = group.locator("dl");
      expect(await columnsOf(list)).toBe(count);
      expect(await rowsOf(list)).toEqual({ cards: count, rows: [count] });
      // Every figure keeps its comparison with the previous period.
      await expect(list.locator(".admin-kpi__previous")).toHaveCount(count);
    }
  });

  test("the figure of a day shows on hover and with the keyboard", async ({ page }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const chart = await readyChart(page);
    const figure = page.locator(".admin-chart__day");
    await page.locator("rect.admin-chart__humans").nth(4).hover();
    await expect(figure).toContainText(
      `${number.format(humansOn(addDays(PAST.from, 4)))} clics de personas.`,
    );
    // The pointer leaves: the period's total again.
    await page.getByRole("heading", { name: "Clics por día" }).hover();
    await expect(figure).toBeHidden();
    await expect(page.locator(".admin-chart__total")).toContainText("en total");

    await chart.focus();
    await expect(chart).toHaveAttribute("aria-valuenow", "30");
    await page.keyboard.press("ArrowLeft");
    await expect(chart).toHaveAttribute("aria-valuenow", "29");
    await expect(figure).toContainText(
      `${number.format(humansOn(addDays(PAST.to, -1)))} clics de personas.`,
    );
    await expect(chart).toHaveAttribute("aria-valuetext", /clics de personas/);
    await page.keyboard.press("Home");
    await expect(chart).toHaveAttribute("aria-valuenow", "1");
  });
});

for (const width of [390, 1280]) {
  test(`at ${width} px axe finds nothing on the dashboard, a day chosen and the chart's table open`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, `/admin?${PAST_QUERY}`);
    const chart = await readyChart(page);
    await chart.focus();
    await page.keyboard.press("ArrowLeft");
    await page.getByText("Ver los datos del gráfico").click();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const summary = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
    expect(summary).toEqual([]);
  });
}
