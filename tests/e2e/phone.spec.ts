/**
 * What a visitor sees on a phone (390 px), and on a desktop where the same rule holds:
 * payment methods say honestly what they allow, figures keep their units, labels of the
 * stacked tables stay on one line, the banner's words are its offer's text, large enough to
 * read, a game is named once, and the footer's year is this year.
 */
import type { Page } from "@playwright/test";

import { expect, pageBySlug, pages, readContent, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type DepositTable = {
  columns: Record<string, string>;
  deposit_only_text: string;
  rows: { payment_system: string; min_withdrawal?: string }[];
};

function blockOf<T>(slug: string, componentId: number): T {
  const block = pageBySlug(slug).components.find(
    ({ component_id }) => component_id === componentId,
  );
  if (!block) throw new Error(`no block ${componentId} on ${slug}`);
  return block.data.content as T;
}

/** Where figures with units are shown: tables (blocks 3, 10) and offer terms (5, 8). */
const FIGURES = "main table td, main table th, .offer__highlight, .offer__terms dd, .check-list li";
const FIGURE_PAGES = pages
  .filter(({ components }) =>
    components.some(({ component_id }) => [3, 5, 8, 10].includes(component_id)),
  )
  .map(({ slug }) => slug);

test("a deposit-only payment method says it takes no withdrawals, in one line, and shows no withdrawal fee", async ({
  page,
}) => {
  const table = blockOf<DepositTable>("/", 10);
  const depositOnly = table.rows.filter((row) => row.min_withdrawal === undefined);
  expect(depositOnly.length).toBeGreaterThan(0);
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const rows = page.locator("[data-block=DepositTable] tbody tr");
  for (const method of depositOnly) {
    const row = rows.filter({ has: page.locator("th", { hasText: method.payment_system }) });
    await expect(row.locator("td", { hasText: table.deposit_only_text })).toHaveCount(1);
    for (const column of ["min_withdrawal", "withdrawal_fees", "withdrawal_time"]) {
      await expect(row.locator(`td[data-label="${table.columns[column]}"]`)).toHaveCount(0);
    }
    const note = row.locator("td", { hasText: table.deposit_only_text });
    const lines = await note.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, method.payment_system).toBe(1);
  }
  // No method reads as deposit-only and lists a withdrawal fee at the same time.
  const contradictions = await rows.evaluateAll(
    (trs, fees) =>
      trs
        .filter((tr) => /Solo depósitos/i.test(tr.textContent ?? ""))
        .filter((tr) => tr.querySelector(`td[data-label="${fees}"]`))
        .map((tr) => tr.querySelector("th")?.textContent),
    table.columns.withdrawal_fees,
  );
  expect(contradictions).toEqual([]);
});

/** Every "number unit" shown in FIGURES whose two parts are drawn on different lines. */
async function brokenFigures(page: Page): Promise<string[]> {
  return page.locator(FIGURES).evaluateAll((cells) => {
    const broken: string[] = [];
    const figure = /\d+(?:[.,]\d+)*\s+[^\s\d()][^\s()]*/g;
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const nodes: { node: Text; start: number }[] = [];
      let text = "";
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        nodes.push({ node: node as Text, start: text.length });
        text += node.textContent;
      }
      const at = (offset: number): [Text, number] => {
        const found = [...nodes].reverse().find(({ start }) => start <= offset)!;
        return [found.node, offset - found.start];
      };
      for (const match of text.matchAll(figure)) {
        const range = document.createRange();
        range.setStart(...at(match.index));
        range.setEnd(...at(match.index + match[0].length - 1));
        range.setEnd(range.endContainer, range.endOffset + 1);
        const tops = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (tops.size > 1) broken.push(`${match[0]} (${cell.textContent})`);
      }
    }
    return broken;
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  for (const slug of FIGURE_PAGES) {
    test(`a figure and its unit are never split across lines in the tables and offers of ${slug} at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(slug);
      expect(await brokenFigures(page)).toEqual([]);
    });
  }
}

test("on a phone, the labels of a payment method's card stay on one line, at the left", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const labels = await page
    .locator("[data-block=DepositTable] td[data-label]")
    .evaluateAll((cells) =>
      cells.map((cell) => {
        // The label is the cell's ::before. Its height follows the value's (a flex row), so
        // it is on one line when it is as wide as its text laid out without wrapping.
        const style = getComputedStyle(cell, "::before");
        const probe = document.createElement("span");
        probe.textContent = cell.getAttribute("data-label");
        probe.style.cssText = `position:absolute;white-space:nowrap;font:${style.font}`;
        cell.append(probe);
        const natural = probe.getBoundingClientRect().width;
        probe.remove();
        return {
          label: cell.getAttribute("data-label"),
          lines: parseFloat(style.width) + 0.5 >= natural ? 1 : 2,
          align: style.textAlign,
        };
      }),
    );
  expect(labels.length).toBeGreaterThan(0);
  for (const { label, lines, align } of labels) {
    expect({ label, lines, align }).toEqual({ label, lines: 1, align: "left" });
  }
});

for (const { width, art } of [
  { width: 360, art: "mobile" },
  { width: 390, art: "mobile" },
  { width: 768, art: "desktop" },
  { width: 1280, art: "desktop" },
]) {
  test(`the promo banner's words are its offer's, as text of at least 14 px over ${art} artwork that draws none, at ${width} px`, async ({
    page,
  }) => {
    const block = pageBySlug("/").components.find(({ component_id }) => component_id === 2)!;
    const offer = (
      readContent("site.json").offers as { id: string; name: string; headline: string }[]
    ).find(({ id }) => id === block.offer)!;
    const { button_text: button } = block.data.content as { button_text: string };
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const banner = page.locator("[data-block=PromoImage]");
    const artwork = banner.locator("img");
    await expect(artwork).toHaveJSProperty("complete", true);
    const src = await artwork.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toContain(art);
    // Never baked into the image: the words change with the offer.
    expect(await (await page.request.get(src)).text()).not.toContain("<text");
    await expect(artwork).toHaveAttribute("alt", "");
    await expect(banner.locator(".promo__link")).toHaveAccessibleName(
      `${offer.name} ${offer.headline} ${button}`,
    );
    const words = await banner.locator(".promo__link > span > *").evaluateAll((nodes) =>
      nodes.map((node) => ({
        words: node.textContent,
        px: parseFloat(getComputedStyle(node).fontSize),
      })),
    );
    expect(words.map(({ words }) => words)).toEqual([offer.name, offer.headline, button]);
    const small = words.filter(({ px }) => px < 14).map(({ words, px }) => `${words}: ${px} px`);
    expect(small).toEqual([]);
    // The shipped headline fits the artwork: the banner keeps the artwork's proportions.
    const box = await banner.locator(".promo__link").boundingBox();
    const size = await artwork.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(Math.abs(box!.height - (box!.width * size.height) / size.width)).toBeLessThan(1.5);
  });
}

test("each game tile names its game once: decorative artwork without drawn text, the name as the link's text", async ({
  page,
}) => {
  const games = blockOf<{
    table: { content: { name: string; provider: string; image: string }[] };
  }>("/", 4).table.content;
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const tiles = page.locator("[data-block=Games] .game-tile__link");
  await expect(tiles).toHaveCount(games.length);
  for (const [index, game] of games.entries()) {
    await expect(tiles.nth(index)).toHaveAccessibleName(`${game.name} ${game.provider}`);
    const art = await (await page.request.get(game.image)).text();
    expect(art, game.image).not.toContain("<text");
  }
});

test("the footer's copyright year is this year in Spain", async ({ page }) => {
  const year = new Intl.DateTimeFormat("es-ES", {
    year: "numeric",
    timeZone: "Europe/Madrid",
  }).format(new Date());
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.locator(".site-footer__copyright")).toContainText(`© ${year} Brisamar Casino`);
});
