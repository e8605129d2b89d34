/**
 * One dashboard view put together from the reports (stubbed here): clicks and conversions
 * joined per value, EPC in euros only, the view's order, the first ten or all, link labels,
 * and the orphans' row that closes every ranking; page views joined too: CTR and RPM of the
 * period and the one before, per value and per placement (its page's views), and nothing
 * where views are not defined (a link or sub-id filter).
 */
import { describe, expect, it } from "vitest";

import { DIMENSION_NAMES, type Dimension } from "~/ledger/dimensions";
import type { ReportQueries } from "./clicks.server";
import { noConversions, type ConversionFigures } from "./conversions.server";
import type { ViewRankings } from "./views.server";
import { VIEW_DIMENSIONS } from "~/ledger/view-dimensions";

import { loadDashboard } from "./dashboard.server";
import { readView } from "./query";

/** No click flagged (app/ledger/click-kinds.ts). */
const NO_FLAGS = { "data-centre": 0, "too-fast": 0, repeat: 0 };

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
  values.page.set("/", figures({ registrations: 3, commission: { EUR: 10000 } }));
  values.offer.set(
    "bienvenida",
    figures({ registrations: 5, ftds: 1, commission: { EUR: 14000 } }),
  );
  values.offer.set("retirada-en-marzo", figures({ registrations: 1 }));
  const seen = Object.fromEntries(
    VIEW_DIMENSIONS.map((name) => [name, new Map()]),
  ) as unknown as ViewRankings;
  seen.page.set("/", { views: 2000, visitors: 900 });
  seen.page.set("/sin-clics", { views: 50, visitors: 40 });
  seen.source.set("google", { views: 500, visitors: null });
  return {
    days: async () => [
      { day: "2026-03-14", humans: 300, bots: 5, flagged: NO_FLAGS, uniques: 200 },
      { day: "2026-02-01", humans: 100, bots: 0, flagged: NO_FLAGS, uniques: 90 },
    ],
    rankings: async () => ({
      ...Object.fromEntries(DIMENSION_NAMES.map((name) => [name, []])),
      link: [
        { value: "a", clicks: 200 },
        { value: "b", clicks: 100 },
      ],
      page: [{ value: "/", clicks: 250 }],
      source: [{ value: "google", clicks: 40 }],
      offer: [
        { value: "bienvenida", clicks: 280 },
        { value: "retirada-en-marzo", clicks: 7 },
        { value: null, clicks: 13 },
      ],
    }),
    views: {
      days: async (_range: unknown, filters: Record<string, string>) =>
        filters.link || filters.subid
          ? null
          : [
              { day: "2026-03-14", views: 3000, visitors: filters.country ? 1100 : 1200 },
              { day: "2026-02-01", views: 500, visitors: 400 },
            ],
      rankings: async (_range: unknown, filters: Record<string, string>) =>
        filters.link || filters.subid ? null : seen,
    },
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
  it("asks for the sub-id ranking under a filter only when the view asks for it (all=subid)", async () => {
    const asked: boolean[] = [];
    const spied = reports();
    const { rankings } = spied;
    spied.rankings = (range, filters, options) => {
      asked.push(options?.subids ?? true);
      return rankings(range, filters, options);
    };
    const filtered = await loadDashboard(spied, view("country=ES"));
    expect(filtered.rankings.subid).toEqual({ rows: [], total: 0, onDemand: true });
    const onDemand = await loadDashboard(spied, view("country=ES&all=subid"));
    expect(onDemand.rankings.subid.onDemand).toBeUndefined();
    expect(onDemand.rankings.subid.total).toBe(12);
    // Without a filter, or under a sub-id filter, the ranking reads no clicks: always there.
    for (const query of ["", "subid=s1&country=ES"]) {
      const shown = await loadDashboard(spied, view(query));
      expect(shown.rankings.subid.onDemand, query).toBeUndefined();
    }
    expect(asked).toEqual([false, true, true, true]);
  });

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

  it("gives each day the figures of the day in the same place of the previous period", async () => {
    const { days } = await loadDashboard(reports(), view("period=30d"));
    const range = view("period=30d");
    expect(days).toHaveLength(30);
    expect(days[0]!.previous.day).toBe(range.previous.from);
    expect(days[29]!.previous.day).toBe(range.previous.to);
    // 2026-02-01 is in the previous period: its clicks face the day as far into this one.
    const faced = days.find((day) => day.previous.day === "2026-02-01")!;
    expect(faced.previous).toEqual({ day: "2026-02-01", humans: 100, bots: 0, commission: 0 });
    expect(faced.humans).toBe(0);
    const last = days.find((day) => day.day === "2026-03-14")!;
    expect(last).toMatchObject({ humans: 300, bots: 5, commission: 14000 });
    expect(last.previous.humans).toBe(0);
  });

  it("reads each offer's figures from the ledger's offer, keeps its state, and lists the offers the content dropped", async () => {
    const dashboard = await loadDashboard(reports(), view(""), undefined, undefined, [
      { id: "bienvenida", name: "Bono de bienvenida", state: "activa" },
      { id: "verano", name: "Verano", state: "caducada" },
    ]);
    expect(dashboard.offers).toEqual([
      {
        id: "bienvenida",
        name: "Bono de bienvenida",
        state: "activa",
        clicks: 280,
        registrations: 5,
        ftds: 1,
        commission: 14000,
      },
      {
        id: "verano",
        name: "Verano",
        state: "caducada",
        clicks: 0,
        registrations: 0,
        ftds: 0,
        commission: 0,
      },
      {
        id: "retirada-en-marzo",
        name: "retirada-en-marzo",
        state: "retirada",
        clicks: 7,
        registrations: 1,
        ftds: 0,
        commission: 0,
      },
    ]);
  });

  it("shows the first ten rows, every row of the one ranking asked for, the orphans always", async () => {
    const firstTen = await loadDashboard(reports(), view(""));
    expect(firstTen.rankings.subid.total).toBe(12);
    expect(firstTen.rankings.subid.rows).toHaveLength(11);
    expect(firstTen.rankings.subid.rows.at(-1)?.orphan).toBe(true);
    const all = await loadDashboard(reports(), view("all=subid"));
    expect(all.rankings.subid.rows).toHaveLength(13);
  });

  it("joins page views: CTR and RPM of the period and the one before, per page, pages without clicks too", async () => {
    const dashboard = await loadDashboard(reports(), view(""));
    expect(dashboard.totals.current).toMatchObject({ views: 3000, visitors: 1200, humans: 300 });
    expect(dashboard.totals.previous).toMatchObject({ views: 500, visitors: 400, humans: 100 });
    const pages = dashboard.rankings.page.rows;
    expect(pages.find((row) => row.value === "/")).toMatchObject({
      views: 2000,
      visitors: 900,
      clicks: 250,
      ctr: 250 / 2000,
      rpm: (10000 * 1000) / 2000,
    });
    expect(pages.find((row) => row.value === "/sin-clics")).toMatchObject({
      views: 50,
      clicks: 0,
      ctr: 0,
      rpm: 0,
    });
    expect(dashboard.rankings.source.rows[0]).toMatchObject({
      value: "google",
      views: 500,
      visitors: null,
      ctr: 40 / 500,
    });
    // Sub-ids have no views; nor has the orphans' row.
    expect(dashboard.rankings.subid.rows.every((row) => row.views === null)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ orphan: true, views: null, ctr: null });
  });

  it("sums the days' visitors under a filter as without one", async () => {
    const dashboard = await loadDashboard(reports(), view("country=ES"));
    expect(dashboard.totals.current).toMatchObject({ views: 3000, visitors: 1100, uniques: 200 });
    expect(dashboard.totals.previous).toMatchObject({ views: 500, visitors: 400, uniques: 90 });
  });

  it("measures a placement against its page's views, a header button against the site's", async () => {
    const pageOf = (id: string) => (id === "a" ? "/" : id === "b" ? null : undefined);
    const dashboard = await loadDashboard(reports(), view(""), undefined, pageOf);
    const links = new Map(dashboard.rankings.link.rows.map((row) => [row.value, row]));
    expect(links.get("a")).toMatchObject({ views: 2000, ctr: 200 / 2000, rpm: 5000 / 2 });
    expect(links.get("b")).toMatchObject({ views: 3000, ctr: 100 / 3000 });
    expect(links.get("bot-only")).toMatchObject({ views: null, ctr: null, rpm: null });
  });

  it("orders a ranking by views, CTR or RPM, most first, rows without views last", async () => {
    const byViews = await loadDashboard(reports(), view("sort=views"));
    expect(byViews.rankings.page.rows.map((row) => row.value)).toEqual(["/", "/sin-clics", null]);
    const byCtr = await loadDashboard(reports(), view("sort=ctr"));
    expect(byCtr.rankings.page.rows[0]?.value).toBe("/");
  });

  it.each(["link=a", "subid=s1&page=/"])(
    "under %s, views, visitors, CTR and RPM are not defined: null everywhere",
    async (query) => {
      const dashboard = await loadDashboard(reports(), view(query), undefined, () => "/");
      expect(dashboard.totals.current).toMatchObject({ views: null, visitors: null });
      expect(dashboard.totals.previous).toMatchObject({ views: null, visitors: null });
      for (const name of DIMENSION_NAMES) {
        for (const row of dashboard.rankings[name].rows) {
          expect(row, name).toMatchObject({ views: null, visitors: null, ctr: null, rpm: null });
        }
      }
    },
  );
});
