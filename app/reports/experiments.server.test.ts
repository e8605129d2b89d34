/**
 * An experiment's figures per variant against counts computed here from the inserted rows
 * themselves, on SQLite (through the report reader, as the dashboard reads) and on the
 * throwaway PostgreSQL of tests/postgres.ts (a database of this file's own): rows of other
 * experiments, of a name that merely ends like this one's, of no experiment, of bots and
 * outside the period are left out; a visitor seen under two assignment texts in a day
 * counts once for the variant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { testClick } from "../../tests/click-record";

import { ownPostgresDatabase } from "../../tests/own-database";

import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import type { ClickRecord, ConversionEvent, ConversionsTable, ViewRecord } from "~/ledger/schema";

import {
  experimentPeriod,
  experimentReports,
  variantIn,
  type ExperimentSpec,
} from "./experiments.server";
import type { VariantFigures } from "./verdict";

const directory = mkdtempSync(path.join(tmpdir(), "experiment-reports-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const experiment: ExperimentSpec = {
  name: "home-h1",
  goal: "registrations",
  variants: [{ id: "A" }, { id: "B" }, { id: "C" }],
};
const range = { from: "2026-11-10", to: "2026-11-16" };
const DAYS = ["2026-11-09", ...Array.from({ length: 7 }, (_, i) => `2026-11-1${i}`), "2026-11-17"];
/** What rows may have been shown: this experiment with others, others only, nothing. */
const TEXTS = [
  "home-h1=A",
  "home-h1=B",
  "home-h1=C",
  "bonos-cta=B&home-h1=A",
  "bonos-cta=A&home-h1=B",
  "home-h1=C&welcome-split=B",
  "bonos-cta=B",
  "xhome-h1=B",
  null,
];

/** A small deterministic generator (mulberry32): the same rows on both databases. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(24);
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

const views: ViewRecord[] = Array.from({ length: 1_500 }, () => ({
  at: 0,
  day: pick(DAYS),
  page: "/",
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer: null,
  country: null,
  device: "mobile",
  browser: "Chrome",
  // Few visitors, so many come back (and some under another text the same day).
  visitor: `v${Math.floor(next() * 60)}`,
  variants: pick(TEXTS),
}));
const clicks: ClickRecord[] = Array.from({ length: 600 }, (_, index) => ({
  ...testClick(),
  at: 0,
  day: pick(DAYS),
  destination: "https://aff.example/a",
  is_bot: next() < 0.2 ? 1 : 0,
  visitor: `v${index % 60}`,
  click_id: `c${index}`,
  variants: pick(TEXTS),
}));
const EVENTS: ConversionEvent[] = ["registration", "ftd", "deposit", "commission"];
const conversions: Omit<ConversionsTable, "id">[] = Array.from({ length: 400 }, (_, index) => {
  const event = pick(EVENTS);
  return {
    at: 0,
    day: pick(DAYS),
    event,
    amount_cents: event === "registration" ? 0 : 100 + Math.floor(next() * 10_000),
    currency: next() < 0.85 ? "EUR" : "USD",
    txid: null,
    dedup_key: `k${index}`,
    click_id: `c${index}`,
    orphan: 0,
    origin: "postback",
    click_at: 0,
    link_id: "home-hero",
    page: "/",
    utm_source: null,
    utm_campaign: null,
    referrer: null,
    subid: null,
    country: null,
    device: "mobile",
    variants: pick(TEXTS),
  };
});

/** The expected figures, from the arrays above (no SQL, no splitting shared with the code). */
function expected(): (VariantFigures & { id: string })[] {
  const inRange = (day: string) => day >= range.from && day <= range.to;
  const gives = (text: string | null | undefined, id: string) =>
    (text ?? "").split("&").includes(`home-h1=${id}`);
  return experiment.variants.map(({ id }) => {
    const shown = views.filter((view) => inRange(view.day) && gives(view.variants, id));
    // Conversions count from the first day on: a player converts days after the click.
    const converted = conversions.filter((row) => row.day >= range.from && gives(row.variants, id));
    return {
      id,
      views: shown.length,
      visitors: new Set(shown.map((view) => `${view.day} ${view.visitor}`)).size,
      clicks: clicks.filter(
        (click) => inRange(click.day) && click.is_bot === 0 && gives(click.variants, id),
      ).length,
      registrations: converted.filter((row) => row.event === "registration").length,
      ftds: converted.filter((row) => row.event === "ftd").length,
      commission: converted
        .filter((row) => row.event === "commission" && row.currency === "EUR")
        .reduce((sum, row) => sum + row.amount_cents, 0),
    };
  });
}

const suites: [string, () => Promise<string>][] = [
  ["SQLite", async () => `sqlite:${path.join(directory, "ledger.sqlite")}`],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "experiment_reports")],
];

describe.each(suites)("the experiment reports on %s", (_name, url) => {
  let database: LedgerDatabase;

  beforeAll(async () => {
    database = await openLedgerDatabase(await url());
    await database.db.insertInto("views").values(views).execute();
    await database.db.insertInto("clicks").values(clicks).execute();
    await database.db.insertInto("conversions").values(conversions).execute();
  });
  afterAll(() => database.close());

  it("counts each variant's views, visitors, clicks, registrations, FTDs and EUR commission", async () => {
    const figures = await experimentReports(database.reader).variants(experiment, range);
    const counts = expected();
    expect(
      figures.map((row) => ({
        id: row.id,
        views: row.views,
        visitors: row.visitors,
        clicks: row.clicks,
        registrations: row.registrations,
        ftds: row.ftds,
        commission: row.commission,
      })),
    ).toEqual(counts);
    // Every variant has something to compare, and the decoys were there to leave out.
    for (const count of counts)
      expect(count.views * count.clicks * count.registrations).toBeGreaterThan(0);
  });

  it("derives CTR, EPC, RPM and the goal per visitor from those counts", async () => {
    const figures = await experimentReports(database.reader).variants(
      { ...experiment, goal: "ctr" },
      range,
    );
    for (const row of figures) {
      expect(row.ctr).toBeCloseTo(row.clicks / row.views, 12);
      expect(row.epc).toBeCloseTo(row.commission / row.clicks, 12);
      expect(row.rpm).toBeCloseTo((row.commission * 1000) / row.views, 9);
      expect(row.goalRate).toBeCloseTo(row.clicks / row.visitors, 12);
    }
  });

  it("gives zeros and no rates to an experiment with nothing recorded", async () => {
    const [control] = await experimentReports(database.reader).variants(
      { name: "never-run", goal: "ftds", variants: [{ id: "A" }, { id: "B" }] },
      range,
    );
    expect(control).toEqual({
      id: "A",
      views: 0,
      visitors: 0,
      clicks: 0,
      registrations: 0,
      ftds: 0,
      commission: 0,
      ctr: null,
      epc: null,
      rpm: null,
      goalRate: null,
    });
  });
});

describe("variantIn", () => {
  it("reads an experiment's variant from an assignment text, only under its exact name", () => {
    expect(variantIn("bonos-cta=B&home-h1=A", "home-h1")).toBe("A");
    expect(variantIn("xhome-h1=B", "home-h1")).toBeNull();
    expect(variantIn(null, "home-h1")).toBeNull();
  });
});

describe("experimentPeriod", () => {
  const start = Date.parse("2026-11-09T23:30:00Z"); // the 10th in Madrid
  it("runs from the start's day to today while running, to the end's day once ended", () => {
    const now = Date.parse("2026-11-20T12:00:00Z");
    expect(experimentPeriod({ start }, "Europe/Madrid", now)).toEqual({
      from: "2026-11-10",
      to: "2026-11-20",
    });
    const end = Date.parse("2026-11-16T10:00:00Z");
    expect(experimentPeriod({ start, end }, "Europe/Madrid", now)).toEqual({
      from: "2026-11-10",
      to: "2026-11-16",
    });
  });
});
