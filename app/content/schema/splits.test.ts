/**
 * The content checks of destination splits: the experiment and its non-control variants
 * must exist, a destination places the click id as any destination does, a link has one
 * split, and the link must be one of a page's; the site's schema reports them by path.
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { SiteSchema } from "./site";
import { splitLinkProblems, splitProblems, type Split } from "./splits";

const experiments = [
  {
    name: "welcome-split",
    variants: [{ id: "A" }, { id: "B" }, { id: "C" }],
  },
];
const clickId = { send: true, param: "clickid" };
const split = (overrides: Partial<Split> = {}): Split => ({
  link: "home-hero-1-button-1",
  experiment: "welcome-split",
  destinations: { B: "https://aff.example/b?partner=1" },
  ...overrides,
});

describe("splitProblems", () => {
  it("accepts destinations for the experiment's variants other than the control", () => {
    expect(
      splitProblems(
        [split({ destinations: { B: "https://aff.example/b", C: "https://aff.example/c" } })],
        experiments,
        clickId,
      ),
    ).toEqual([]);
  });

  it("names an unknown experiment, the control, an unknown variant and a second split of a link", () => {
    const problems = splitProblems(
      [
        split({ experiment: "nope" }),
        split({ destinations: { A: "https://aff.example/a", D: "https://aff.example/d" } }),
      ],
      experiments,
      clickId,
    );
    expect(problems).toEqual([
      {
        path: ["affiliate", "splits", 0, "experiment"],
        message: 'no existe el experimento "nope" (experimentos: welcome-split)',
      },
      {
        path: ["affiliate", "splits", 1, "link"],
        message: 'el enlace "home-hero-1-button-1" ya tiene otro reparto',
      },
      {
        path: ["affiliate", "splits", 1, "destinations", "A"],
        message: '"A" es el control: conserva el destino del enlace',
      },
      {
        path: ["affiliate", "splits", 1, "destinations", "D"],
        message: 'el experimento "welcome-split" no tiene la variante "D" (variantes: B, C)',
      },
    ]);
  });

  it("checks the click id's placeholder in a destination as for every destination", () => {
    const misplaced = split({ destinations: { B: "https://aff.example/{click_id}/b" } });
    expect(splitProblems([misplaced], experiments, clickId)).toHaveLength(1);
    expect(splitProblems([misplaced], experiments, { ...clickId, send: false })).toEqual([]);
  });
});

describe("splitLinkProblems", () => {
  it("names a split whose link no page has", () => {
    expect(splitLinkProblems([split()], new Set(["home-hero-1-button-1"]))).toEqual([]);
    expect(splitLinkProblems([split()], new Set(["other"]))).toEqual([
      {
        path: ["affiliate", "splits", 0, "link"],
        message:
          'ningún enlace tiene el id "home-hero-1-button-1" (los ids salen en el informe de clics)',
      },
    ]);
  });
});

describe("the site schema's affiliate.splits", () => {
  const site = JSON.parse(readFileSync("content/site.json", "utf8")) as {
    affiliate: Record<string, unknown>;
  };

  it("defaults to no split", () => {
    expect(SiteSchema.parse(site).affiliate.splits).toEqual([]);
  });

  it("refuses a destination that is not https and a split of an undeclared experiment", () => {
    const result = SiteSchema.safeParse({
      ...site,
      affiliate: {
        ...site.affiliate,
        splits: [split(), split({ link: "other-1", destinations: { B: "http://aff.example/b" } })],
      },
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toContain("affiliate.splits.1.destinations.B");
    expect(paths).toContain("affiliate.splits.0.experiment");
  });
});
