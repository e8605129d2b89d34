/**
 * The experiments list rendered with injected figures: an accessible table per experiment
 * (caption, headings with scope) with the variants side by side and the verdict in Spanish.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { loadExperimentsView, type ExperimentReports } from "~/reports/experiments-view.server";

import { ExperimentsList } from "./experiments";

const reports: ExperimentReports = {
  async variants() {
    return [
      {
        id: "A",
        views: 2000,
        visitors: 1000,
        clicks: 100,
        registrations: 4,
        ftds: 2,
        commission: 0,
      },
      {
        id: "B",
        views: 2000,
        visitors: 1000,
        clicks: 150,
        registrations: 5,
        ftds: 3,
        commission: 0,
      },
    ];
  },
};

async function render(goal: "ctr" | "commission") {
  const views = await loadExperimentsView(
    [
      {
        name: "home-h1",
        title: "Titular de la portada",
        start: "2026-11-01T00:00:00+01:00",
        goal,
        variants: [
          { id: "A", label: "Actual", weight: 1 },
          { id: "B", label: "Con bono", weight: 1 },
        ],
      },
    ],
    reports,
    Date.parse("2026-11-10T12:00:00Z"),
    "Europe/Madrid",
  );
  return renderToString(<ExperimentsList experiments={views} />);
}

describe("ExperimentsList", () => {
  it("draws the variants side by side in a captioned table with scoped headings", async () => {
    const html = await render("ctr");
    expect(html).toContain("<caption");
    expect(html).toMatch(/<th scope="col">A · Actual \(control\)<\/th>/);
    expect(html).toMatch(/<th scope="col">B · Con bono<\/th>/);
    expect(html).toMatch(/<th scope="row">P\(gana al control\)<\/th>/);
    expect(html).toContain("en curso");
    expect(html).toContain("gana B");
  });

  it("says why a commission goal has no interval and is decided on FTDs", async () => {
    const html = await render("commission");
    expect(html).toContain("se decide con la tasa de FTD");
    // 5 FTDs in all: under the minimum of 10 conversions.
    expect(html).toContain("sin datos suficientes");
  });

  it("says so when content declares no experiment", () => {
    expect(renderToString(<ExperimentsList experiments={[]} />)).toContain(
      "No hay experimentos declarados",
    );
  });
});
