/**
 * The rankings on the seeded ledger: at 390 px every ranking's first row shows
 * its label and its clicks on screen and nothing scrolls sideways, the menu included; at
 * 1280 px the rankings sit two by two; the figures they show are chosen in a form (with
 * JavaScript and without), kept in the URL, and a saved view reopens them; axe at both widths.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
/** 30 days that end yesterday: other specs post conversions to today, never to these. */
const PAST_QUERY = `period=custom&from=${addDays(today, -30)}&to=${addDays(today, -1)}`;

let client = 0;
async function logIn(page: Page, path: string) {
  // A client key of its own: the server's login limits never cross tests.
  await page.setExtraHTTPHeaders({
    [CLIENT_IP_HEADER]: `rankings-${test.info().workerIndex}-${++client}-${Date.now()}`,
  });
  await logInAt(page, `${ADMIN}${path}`, ADMIN_PASSWORD);
}

/** The rankings that have rows (the offers' table included). */
const rankings = (page: Page) =>
  page.locator(".admin-ranks > section").filter({ has: page.locator("tbody tr") });

/** A ranking's column headings, the sort's arrow left out. */
async function headingsOf(page: Page, name: string): Promise<string[]> {
  const texts = await page.getByRole("region", { name }).locator("thead th").allTextContents();
  return texts.map((text) => text.replace("▼", "").trim());
}

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

/** One of the tools' disclosures, by its summary. */
const tool = (page: Page, name: string) => page.locator("summary", { hasText: name });

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("on a phone (390 px)", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent: PHONE_UA,
  });

  test("every ranking's first row shows its label and its clicks on screen; nothing scrolls sideways", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const sections = await rankings(page).all();
    expect(sections.length).toBeGreaterThanOrEqual(9);
    for (const section of sections) {
      const name = (await section.locator("h2").textContent())!;
      // The page scrolls down to the ranking; its table stays where it starts.
      await section.locator("h2").scrollIntoViewIfNeeded();
      const headings = (await section.locator("thead th").allTextContents()).map((text) =>
        text.replace("▼", "").trim(),
      );
      const clicks = headings.indexOf("Clics");
      expect(clicks, name).toBeGreaterThan(0);
      const row = section.locator("tbody tr").first();
      for (const cell of [row.locator("th"), row.locator("td").nth(clicks - 1)]) {
        await expect(cell, name).toBeInViewport({ ratio: 1 });
        const box = (await cell.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      }
      await expect(row.locator("td").nth(clicks - 1), name).toHaveText(/^\d[\d.]*$/);
    }
    expect(await pageOverflow(page)).toBe(0);
  });

  test("the menu wraps inside the screen and marks where you are; axe finds nothing", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const menu = page.getByRole("navigation", { name: "Secciones del panel" });
    for (const link of await menu.getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect(menu.getByRole("link", { name: "Panel" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Enlaces" })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
    // Every page of the menu fits the screen, its own entry marked (the studio's forms too).
    const entries = await menu
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(entries).toContain("/admin/enlaces");
    for (const href of entries.filter((entry) => entry !== "/admin")) {
      await page.goto(`${ADMIN}${href}`);
      await expect(menu.locator(`a[href="${href}"]`), href).toHaveAttribute("aria-current", "page");
      await expect(menu.locator("a[aria-current]"), href).toHaveCount(1);
      expect(await pageOverflow(page), href).toBe(0);
    }
    await page.goto(`${ADMIN}/admin?${PAST_QUERY}`);
    // The tools open, so axe reads their forms too.
    await tool(page, "Cifras de las tablas").click();
    await tool(page, "Vistas guardadas").click();
    await expect(page.getByLabel("Nombre de la vista")).toBeVisible();
    expect(await pageOverflow(page)).toBe(0);
    await noAxeViolations(page);
  });
});

test.describe("on a laptop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 }, userAgent: LAPTOP_UA });

  test("the rankings sit two by two, each card inside the screen; axe finds nothing", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const boxes = await page
      .locator(".admin-ranks > section")
      .evaluateAll((sections) =>
        sections.map((section) => section.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(9);
    for (let index = 0; index + 1 < boxes.length; index += 2) {
      const [left, right] = [boxes[index]!, boxes[index + 1]!];
      expect(right.top).toBeCloseTo(left.top, 0);
      expect(right.left).toBeGreaterThan(left.right);
      expect(right.right).toBeLessThanOrEqual(1280);
      expect(left.width).toBeGreaterThan(400);
    }
    // With the default figures, every column of every ranking fits its card: none scrolls.
    const hidden = await page
      .locator(".admin-ranks .admin-rank__scroll")
      .evaluateAll((scrollers) =>
        scrollers
          .filter((scroller) => scroller.scrollWidth > scroller.clientWidth)
          .map((scroller) => scroller.getAttribute("aria-labelledby")),
      );
    expect(hidden).toEqual([]);
    expect(await pageOverflow(page)).toBe(0);
    await tool(page, "Cifras de las tablas").click();
    await tool(page, "Vistas guardadas").click();
    await noAxeViolations(page);
  });

  test("choosing the figures changes every ranking's columns and stays in the URL", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    expect(await headingsOf(page, "Por página")).toEqual([
      "Página",
      "Vistas",
      "Clics",
      "CTR",
      "Registros",
      "FTD",
      "Comisión",
    ]);
    await tool(page, "Cifras de las tablas").click();
    const figures = page.getByRole("group", { name: "Cifras que muestran las tablas" });
    await figures.getByLabel("Vistas", { exact: true }).uncheck();
    await figures.getByLabel("CTR").uncheck();
    await figures.getByLabel("Visitantes").check();
    await figures.getByLabel("EPC").check();
    await page.getByRole("button", { name: "Mostrar estas cifras" }).click();
    await expect(page).toHaveURL(/col=visitors&col=clicks&col=registrations/);
    await expect
      .poll(() => headingsOf(page, "Por página"))
      .toEqual(["Página", "Visitantes", "Clics", "Registros", "FTD", "Comisión", "EPC"]);
    // Visitors are a page's only: the sources rank without them.
    expect(await headingsOf(page, "Por fuente")).toEqual([
      "Fuente",
      "Clics",
      "Registros",
      "FTD",
      "Comisión",
      "EPC",
    ]);
    // The period's form keeps them, and so does the order.
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/col=epc/);
    await page
      .getByRole("region", { name: "Por página" })
      .getByRole("link", { name: "EPC" })
      .click();
    await expect(page).toHaveURL(/sort=epc.*col=epc|col=epc.*sort=epc/);
    expect(await headingsOf(page, "Por página")).toContain("EPC");
  });

  test("without JavaScript the figures are a plain GET form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: LAPTOP_UA });
    const page = await context.newPage();
    try {
      await logIn(page, `/admin?${PAST_QUERY}`);
      await tool(page, "Cifras de las tablas").click();
      const figures = page.getByRole("group", { name: "Cifras que muestran las tablas" });
      for (const name of ["Vistas", "CTR", "Registros", "FTD"]) {
        await figures.getByLabel(name, { exact: true }).uncheck();
      }
      await figures.getByLabel("RPM").check();
      await page.getByRole("button", { name: "Mostrar estas cifras" }).click();
      await expect(page).toHaveURL(/[?&]col=clicks&col=commission&col=rpm&period=custom&from=/);
      expect(await headingsOf(page, "Por país")).toEqual(["País", "Clics", "Comisión", "RPM"]);
    } finally {
      await context.close();
    }
  });

  test("a saved view reopens the same figures, from the menu, and is deleted from it", async ({
    page,
  }) => {
    const name = `Comisión por EPC ${test.info().workerIndex}-${Date.now()}`;
    const query = `?${PAST_QUERY}&sort=epc&col=clicks&col=epc&col=rpm`;
    await logIn(page, `/admin${query}`);
    const firstEpc = () =>
      page.getByRole("region", { name: "Por campaña" }).locator("tbody tr").first().locator("td");
    const saved = {
      heads: await headingsOf(page, "Por campaña"),
      value: await firstEpc().nth(1).textContent(),
      label: await page
        .getByRole("region", { name: "Por campaña" })
        .locator("tbody tr")
        .first()
        .locator("th")
        .textContent(),
    };
    expect(saved.heads).toEqual(["Campaña", "Clics", "EPC", "RPM"]);
    expect(saved.value).toMatch(/€$/);

    await tool(page, "Vistas guardadas").click();
    await page.getByLabel("Nombre de la vista").fill(`  ${name}  `);
    await page.getByRole("button", { name: "Guardar esta vista" }).click();
    await expect(page.getByRole("status").filter({ hasText: "guardada" })).toHaveText(
      `Vista «${name}» guardada.`,
    );

    // Back to the default view, then the saved one from the menu.
    await page.goto(`${ADMIN}/admin`);
    expect(await headingsOf(page, "Por campaña")).toContain("Vistas");
    await tool(page, "Vistas guardadas").click();
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(/sort=epc/);
    await expect.poll(() => headingsOf(page, "Por campaña")).toEqual(saved.heads);
    await expect(firstEpc().nth(1)).toHaveText(saved.value!);
    await expect(
      page.getByRole("region", { name: "Por campaña" }).locator("tbody tr").first().locator("th"),
    ).toHaveText(saved.label!);

    // A name too long is refused in Spanish (a plain form post: the page answers 400).
    const refused = await page.request.post(`${ADMIN}/admin`, {
      form: { intent: "save-view", name: "x".repeat(61), query },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("El nombre tiene como mucho 60 caracteres.");
    // The view is deleted from the menu.
    await tool(page, "Vistas guardadas").click();
    await page.getByRole("button", { name: `Borrar la vista ${name}` }).click();
    await expect(page.getByText(`Vista «${name}» borrada.`)).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  });

  test("a malformed figures parameter falls back to the default columns, never an error", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}&col=%3Cscript%3E&col=__proto__`);
    expect(await headingsOf(page, "Por país")).toEqual([
      "País",
      "Vistas",
      "Clics",
      "CTR",
      "Registros",
      "FTD",
      "Comisión",
    ]);
  });
});
