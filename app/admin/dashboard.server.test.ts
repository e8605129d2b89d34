/**
 * One dashboard view put together from the reports (stubbed here): clicks and conversions
 * joined per value, EPC in euros only, the view's order, the first ten or all, link labels,
 * and the orphans' row that closes every ranking.
 */
import { describe, expect, it } from "vitest";

import { DIMENSION_NAMES, type Dimension } from "~/clicks/dimensions";
import type { ReportQueries } from "~/clicks/reports.server";
import { noConversions, type ConversionFigures } from "~/conversions/reports.server";

import { loadDashboard } from "./dashboard.server";
import { readView } from "./query";

const figures = (overrides: Partial<ConversionFigures>): ConversionFigures => ({
  ...noConversions(),
  ...overrides,
});

function reports(): ReportQueries {
  const empty = () =>
    Object.fromEntries(DIMENSION_NAMES.map((name) => [name, new Map()])) as Record<
      Dimension,
      Map<string | null, ConversionFigures>
    >;
  const values = empty();
  values.link.set("a", figures({ registrations: 4, ftds: 1, commission: { EUR: 5000 } }));
  values.link.set("b", figures({ registrations: 1, commission: { EUR: 9000, USD: 700 } }));
  values.link.set("bot-only", figures({ registrations: 1 }));
  for (let index = 0; index < 12; index++) values.subid.set(`s${index}`, figures({}));
  return {
    days: async () => [
      { day: "2026-03-14", humans: 300, bots: 5, uniques: 200 },
      { day: "2026-02-01", humans: 100, bots: 0, uniques: 90 },
    ],
    rankings: async () => ({
      ...Object.fromEntries(DIMENSION_NAMES.map((name) => [name, []])),
      link: [
        { value: "a", clicks: 200 },
        { value: "b", clicks: 100 },
      ],
    }),
    conversions: {
      days: async () => [
        { day: "2026-03-14", ...figures({ registrations: 6, commission: { EUR: 14000 } }) },
      ],
      rankings: async () => ({
        values,
        orphans: figures({ registrations: 2, commission: { EUR: 300 } }),
      }),
    },
  } as unknown as ReportQueries;
}

const view = (query: string) => readView(new URLSearchParams(query), "2026-03-15");

describe("loadDashboard", () => {
  it("joins clicks and conversions per value, with EPC from euros only, in the view's order", async () => {
    const dashboard = await loadDashboard(reports(), view("sort=commission"), (id) =>
      id === "a" ? "Inicio · Inscribirse" : undefined,
    );
    const links = dashboard.rankings.link.rows;
    expect(links.map((row) => [row.value, row.orphan])).toEqual([
      ["b", false],
      ["a", false],
      ["bot-only", false],
      [null, true],
    ]);
    expect(links[0]).toMatchObject({
      clicks: 100,
      commission: 9000,
      otherCommission: { USD: 700 },
      epc: 90,
      label: null,
    });
    expect(links[1]).toMatchObject({
      registrations: 4,
      ftds: 1,
      epc: 25,
      label: "Inicio · Inscribirse",
    });
    // Conversions whose clicks were all bots': no clicks by people, no EPC.
    expect(links[2]).toMatchObject({ clicks: 0, registrations: 1, epc: null });
    expect(links[3]).toMatchObject({ registrations: 2, commission: 300 });
    expect(dashboard.totals.current).toMatchObject({
      humans: 300,
      registrations: 6,
      commission: { EUR: 14000 },
    });
    expect(dashboard.totals.previous.humans).toBe(100);
    expect(dashboard.days.find((day) => day.day === "2026-03-14")?.commission).toBe(14000);
  });

  it("shows the first ten rows, every row of the one ranking asked for, the orphans always", async () => {
    const firstTen = await loadDashboard(reports(), view(""));
    expect(firstTen.rankings.subid.total).toBe(12);
    expect(firstTen.rankings.subid.rows).toHaveLength(11);
    expect(firstTen.rankings.subid.rows.at(-1)?.orphan).toBe(true);
    const all = await loadDashboard(reports(), view("all=subid"));
    expect(all.rankings.subid.rows).toHaveLength(13);
  });
});
