/**
 * The records' pages on the real content: a payment method is written once,
 * and its page and every deposit table that names it show the same facts.
 */
import { describe, expect, it } from "vitest";

import { checkContent } from "./content-checks.server";
import { readContentFiles } from "./content-files.server";
import type { Page } from "./schema";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const real = readContentFiles("content");

function pagesWith(edit: (site: Json) => void): Page[] {
  const copy = structuredClone(real);
  edit(copy.siteFile!.data as Json);
  const { content, problems } = checkContent({
    siteFile: copy.siteFile!,
    pageFiles: copy.pageFiles,
    publicRoot: "public",
  });
  expect(problems).toEqual([]);
  return content!.pages;
}

/** The deposit-table row of a method on a page, as the page serves it. */
function tableRow(pages: Page[], slug: string, name: string) {
  const page = pages.find((candidate) => candidate.slug === slug)!;
  const table = page.components.find((component) => component.component_id === 10)!;
  return (table.data.content as { rows: { payment_system: string }[] }).rows.find(
    (row) => row.payment_system === name,
  );
}

/** The facts table of a method's page, label → value. */
function facts(pages: Page[], slug: string): Record<string, string> {
  const page = pages.find((candidate) => candidate.slug === slug)!;
  const table = page.components.find((component) => component.component_id === 3)!;
  const rows = (table.data.content as { table: { rows: { cells: string[] }[] } }).table.rows;
  return Object.fromEntries(rows.map((row) => [row.cells[0], row.cells[1]]));
}

describe("a payment method record", () => {
  it("changes its page and every deposit table that names it when its withdrawal time changes", () => {
    const before = pagesWith(() => {});
    expect(facts(before, "/metodos-de-pago/bizum")["Tiempo de retirada"]).toBe("Hasta 24 horas");
    const after = pagesWith((site) => {
      site.payment_methods.find((method: Json) => method.slug === "bizum").withdrawal_time =
        "Hasta 2 horas";
    });
    expect(facts(after, "/metodos-de-pago/bizum")["Tiempo de retirada"]).toBe("Hasta 2 horas");
    for (const slug of ["/", "/es", "/metodos-de-pago"]) {
      expect(tableRow(after, slug, "Bizum"), slug).toMatchObject({
        withdrawal_time: "Hasta 2 horas",
        min_withdrawal: "10 €",
      });
    }
  });

  it("shows a deposit-only method as such on its page and in the tables", () => {
    const pages = pagesWith(() => {});
    expect(facts(pages, "/metodos-de-pago/visa")["Tiempo de retirada"]).toBe(
      "Solo depósitos: no admite retiradas",
    );
    expect(tableRow(pages, "/", "Visa")).not.toHaveProperty("withdrawal_time");
  });

  it("names an unknown method where a table names it", () => {
    const copy = structuredClone(real);
    const home = copy.pageFiles.find((file) => file.file === "content/pages/home.json")!;
    const table = (home.data as Json).components.find(
      (component: Json) => component.component_id === 10,
    );
    table.data.content.rows[0] = { method: "giropay" };
    const { problems } = checkContent({
      siteFile: copy.siteFile!,
      pageFiles: copy.pageFiles,
      publicRoot: "public",
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[\d+\]\.data\.content\.rows\[0\]\.method: "giropay" no es ningún método de pago de site\.json/,
      ),
    ]);
  });

  it("a game record feeds its page and every games grid that names it", () => {
    const pages = pagesWith((site) => {
      const game = site.games.find((candidate: Json) => candidate.slug === "starburst");
      game.provider = "NetEnt (Evolution)";
      game.rtp = 96.1;
    });
    expect(facts(pages, "/juegos/starburst")).toMatchObject({
      Proveedor: "NetEnt (Evolution)",
      "RTP teórico": "96,1 %",
    });
    for (const slug of ["/", "/es", "/juegos"]) {
      const page = pages.find((candidate) => candidate.slug === slug)!;
      const grid = page.components.find((component) => component.component_id === 4)!;
      const tiles = (
        grid.data.content as { table: { content: { name: string; provider: string }[] } }
      ).table.content;
      expect(
        tiles.find((tile) => tile.name === "Starburst"),
        slug,
      ).toMatchObject({
        provider: "NetEnt (Evolution)",
      });
    }
  });

  it("a guide lists its sections in a table of contents that links to each heading", () => {
    const pages = pagesWith(() => {});
    const guide = pages.find((page) => page.slug === "/guias/requisitos-de-apuesta")!;
    const blocks = guide.components.map((component) => component.data.content as Json);
    const targets = [...String(blocks[1]!.html).matchAll(/href="#([a-z0-9-]+)"/g)].map(
      (match) => match[1],
    );
    const anchors = blocks.slice(2).map((block) => block.anchor);
    expect(targets.length).toBeGreaterThanOrEqual(2);
    expect(targets).toEqual(anchors);
    expect(blocks[0]).toMatchObject({ header: guide.title, header_is_h1: true });
  });
});
