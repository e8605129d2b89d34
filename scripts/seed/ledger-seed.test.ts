/**
 * The demo seed's experiment variants: synthetic views, clicks and conversions on a page
 * under a running experiment record what the live recorders would (recordedVariants), so
 * `npm run seed-clicks` fills /admin/experiments like real traffic.
 */
import { describe, expect, it } from "vitest";

import type { Page } from "~/content/schema";
import type { Experiment } from "~/content/schema/experiments";
import { planOf } from "~/experiments/assign.server";
import { recordedVariants, variantsByPage } from "~/experiments/recorded.server";
import { BOT } from "~/ledger/click-kinds";

import { random, seedClicks, seedConversions, seedViews } from "./ledger-seed";

const experiment = {
  name: "home-h1",
  title: "Titular",
  start: "2026-03-10T00:00:00Z",
  goal: "registrations",
  variants: [
    { id: "A", label: "Control", weight: 1 },
    { id: "B", label: "Variante", weight: 1 },
  ],
} as unknown as Experiment;
const plan = planOf(experiment);
// Only what experimentsOnPage reads of a page.
const pages = [
  { slug: "/", components: [{ experiment: { name: "home-h1", variants: {} } }] },
  { slug: "/bonos", components: [{}] },
] as unknown as Page[];
const options = {
  count: 4_000,
  days: 20,
  lastDay: "2026-03-19",
  links: [
    { id: "home-main-block-1-button-1", page: "/", destination: "https://aff.example/a" },
    { id: "bonos-main-block-1-button-1", page: "/bonos", destination: "https://aff.example/b" },
  ],
  pages: ["/", "/bonos"],
  variantsOf: variantsByPage([experiment], pages),
};

describe("the seed under an experiment", () => {
  const clicks = [...seedClicks(options)];

  it("gives each click on its page the live recorder's variants, bots the control", () => {
    let running = 0;
    for (const click of clicks) {
      const expected =
        click.page === "/"
          ? recordedVariants([plan], click.is_bot === BOT ? null : click.visitor, click.at)
          : null;
      expect(click.variants).toBe(expected);
      if (expected !== null) running += 1;
    }
    const recorded = clicks.filter((click) => click.variants);
    // Half the days are after the start; both variants appear, bots only as the control.
    expect(running).toBeGreaterThan(500);
    expect(new Set(recorded.map((click) => click.variants))).toEqual(
      new Set(["home-h1=A", "home-h1=B"]),
    );
    expect(
      recorded.filter((click) => click.is_bot === BOT).every((c) => c.variants === "home-h1=A"),
    ).toBe(true);
    expect(clicks.some((click) => click.page === "/" && click.at < plan.start)).toBe(true);
  });

  it("gives views the same, and conversions their click's", () => {
    const views = [...seedViews({ ...options, count: 8_000 })];
    for (const view of views) {
      const expected = view.page === "/" ? recordedVariants([plan], view.visitor, view.at) : null;
      expect(view.variants).toBe(expected);
    }
    expect(views.some((view) => view.variants === "home-h1=B")).toBe(true);
    const conversions = seedConversions(clicks, random(7), 0.08);
    const byId = new Map(clicks.map((click) => [click.click_id, click]));
    for (const conversion of conversions) {
      const click = byId.get(conversion.click_id);
      expect(conversion.variants).toBe(conversion.orphan ? null : (click?.variants ?? null));
    }
    expect(conversions.some((conversion) => conversion.variants === "home-h1=B")).toBe(true);
  });
});
