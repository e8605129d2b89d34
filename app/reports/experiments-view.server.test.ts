/** The experiments view: content read defensively, phases, periods, and injected figures. */
import { describe, expect, it } from "vitest";

import type { DayRange } from "~/ledger/dimensions";

import {
  loadExperimentsView,
  type ExperimentDeclaration,
  type ExperimentReports,
} from "./experiments-view.server";
import { compare, type VariantFigures } from "./verdict";

const HOME: ExperimentDeclaration = {
  name: "home-h1",
  title: "Titular de la portada",
  start: "2026-11-01T00:00:00+01:00",
  goal: "ctr",
  variants: [
    { id: "A", label: "Actual", weight: 1 },
    { id: "B", label: "Con bono", weight: 1 },
  ],
};

const A: VariantFigures = {
  views: 2000,
  visitors: 1000,
  clicks: 100,
  registrations: 20,
  ftds: 8,
  commission: 40_000,
};
const B: VariantFigures = {
  views: 2000,
  visitors: 1000,
  clicks: 150,
  registrations: 25,
  ftds: 9,
  commission: 45_000,
};

/** A fake of the counting side that records what it was asked. */
function fakeReports(figures: Record<string, VariantFigures>) {
  const asked: { name: string; range: DayRange; ids: string[] }[] = [];
  const reports: ExperimentReports = {
    async variants(experiment, range) {
      const ids = experiment.variants.map((variant) => variant.id);
      asked.push({ name: experiment.name, range, ids });
      return ids.flatMap((id) => (figures[id] ? [{ id, ...figures[id] }] : []));
    },
  };
  return { reports, asked };
}

const NOW = Date.parse("2026-11-10T12:00:00Z");

describe("loadExperimentsView", () => {
  it("asks the reports for the period up to today and compares each variant to the control", async () => {
    const { reports, asked } = fakeReports({ A, B });
    const [view] = await loadExperimentsView([HOME], reports, NOW, "Europe/Madrid");
    expect(asked).toEqual([
      { name: "home-h1", range: { from: "2026-11-01", to: "2026-11-10" }, ids: ["A", "B"] },
    ]);
    expect(view!.phaseName).toBe("en curso");
    const [control, variant] = view!.variants!;
    expect(control).toMatchObject({ control: true, share: 0.5, ctr: 0.05, verdict: null });
    expect(control!.epc).toBe(400);
    expect(control!.rpm).toBe(20_000);
    const expected = compare("ctr", { id: "A", figures: A }, { id: "B", figures: B });
    expect(variant).toMatchObject({
      control: false,
      estimate: expected.estimate,
      interval: expected.interval,
      probabilityToBeat: expected.probabilityToBeat,
      verdict: { kind: "variant", text: "gana B" },
    });
  });

  it("counts an ended experiment up to the day of its end and names its winner", async () => {
    const { reports, asked } = fakeReports({ A, B });
    const ended = { ...HOME, end: "2026-11-05T00:00:00+01:00", winner: "B" };
    const [view] = await loadExperimentsView([ended], reports, NOW, "Europe/Madrid");
    expect(asked[0]!.range).toEqual({ from: "2026-11-01", to: "2026-11-04" });
    expect(view).toMatchObject({ phaseName: "terminada", winner: "B · Con bono" });
  });

  it("shows a scheduled experiment without asking for figures", async () => {
    const { reports, asked } = fakeReports({ A, B });
    const later = { ...HOME, start: "2026-12-01T00:00:00+01:00" };
    const [view] = await loadExperimentsView([later], reports, NOW, "Europe/Madrid");
    expect(asked).toEqual([]);
    expect(view).toMatchObject({ phaseName: "programada", days: null, variants: null });
  });

  it("gives a variant the reports did not count zeros, so there is not enough data", async () => {
    const { reports } = fakeReports({ A });
    const [view] = await loadExperimentsView([HOME], reports, NOW, "Europe/Madrid");
    expect(view!.variants![1]).toMatchObject({
      figures: { views: 0, visitors: 0 },
      probabilityToBeat: null,
      verdict: { text: "sin datos suficientes" },
    });
  });

  it("lists running experiments before scheduled and ended ones", async () => {
    const { reports } = fakeReports({ A, B });
    const views = await loadExperimentsView(
      [
        { ...HOME, name: "ended", end: "2026-11-05T00:00:00+01:00" },
        { ...HOME, name: "scheduled", start: "2026-12-01T00:00:00+01:00" },
        HOME,
      ],
      reports,
      NOW,
      "Europe/Madrid",
    );
    expect(views.map((view) => view.name)).toEqual(["home-h1", "scheduled", "ended"]);
  });
});
