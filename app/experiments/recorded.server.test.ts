/**
 * What views and clicks record of the experiments: the running ones' assignment text (null
 * when none runs), bots' control, a split's destination per variant, and a build entry
 * without the experiments' exports read as having none.
 */
import { describe, expect, it } from "vitest";

import { variantOf, type ExperimentPlan } from "./assign.server";
import {
  clickAssignment,
  recordedVariants,
  splitsByLink,
  type DestinationSplit,
} from "./recorded.server";

const START = Date.parse("2026-11-20T00:00:00+01:00");
const END = Date.parse("2026-12-20T00:00:00+01:00");
const AT = Date.parse("2026-11-25T12:00:00Z");

const h1: ExperimentPlan = {
  name: "home-h1",
  start: START,
  end: END,
  variants: [
    { id: "A", weight: 1 },
    { id: "B", weight: 1 },
  ],
};
const welcome: ExperimentPlan = { ...h1, name: "welcome-split", winner: "B" };
const split: DestinationSplit = {
  plan: welcome,
  destinations: { B: "https://aff.example/b?partner=1" },
};
const visitors = Array.from({ length: 200 }, (_, index) => `visitor-${index}`);

describe("splitsByLink", () => {
  it("pairs each content split with its experiment's plan, by link id", () => {
    const byLink = splitsByLink(
      [
        { link: "home-hero", experiment: "welcome-split", destinations: split.destinations },
        { link: "vip-hero", experiment: "undeclared", destinations: {} },
      ],
      new Map([[welcome.name, welcome]]),
    );
    expect([...byLink]).toEqual([["home-hero", split]]);
  });
});

describe("recordedVariants", () => {
  it("is null when no experiment applies or none is running", () => {
    expect(recordedVariants([], "v", AT)).toBeNull();
    expect(recordedVariants([h1], "v", START - 1)).toBeNull();
    expect(recordedVariants([h1], "v", END)).toBeNull();
  });

  it("is the assignment text of the running experiments only, in name order", () => {
    const scheduled = { ...h1, name: "a-later", start: END };
    for (const visitor of visitors.slice(0, 20)) {
      expect(recordedVariants([welcome, scheduled, h1], visitor, AT)).toBe(
        `home-h1=${variantOf(h1, visitor, AT)}&welcome-split=${variantOf(welcome, visitor, AT)}`,
      );
    }
  });

  it("gives a bot (no visitor key) the control", () => {
    expect(recordedVariants([h1, welcome], null, AT)).toBe("home-h1=A&welcome-split=A");
  });
});

describe("clickAssignment", () => {
  it("sends variant B to its destination and the control to the link's own (null)", () => {
    const seen = new Set<string>();
    for (const visitor of visitors) {
      const variant = variantOf(welcome, visitor, AT);
      seen.add(variant);
      const assignment = clickAssignment([], split, visitor, AT);
      expect(assignment).toEqual({
        variants: `welcome-split=${variant}`,
        destination: variant === "B" ? "https://aff.example/b?partner=1" : null,
      });
      // The same visitor, later that day: the same destination.
      expect(clickAssignment([], split, visitor, AT + 3_600_000)).toEqual(assignment);
    }
    expect([...seen].sort()).toEqual(["A", "B"]);
  });

  it("records the page's experiments with the split's, an experiment on both once", () => {
    const visitor = "visitor-7";
    const text = `home-h1=${variantOf(h1, visitor, AT)}&welcome-split=${variantOf(welcome, visitor, AT)}`;
    expect(clickAssignment([h1], split, visitor, AT).variants).toBe(text);
    expect(clickAssignment([h1, welcome], split, visitor, AT).variants).toBe(text);
    expect(clickAssignment([h1], null, visitor, AT)).toEqual({
      variants: `home-h1=${variantOf(h1, visitor, AT)}`,
      destination: null,
    });
  });

  it("sends a bot to the link's own destination, recorded as the control", () => {
    expect(clickAssignment([], split, null, AT)).toEqual({
      variants: "welcome-split=A",
      destination: null,
    });
  });

  it("after the split's end sends everyone to the winner's destination and records nothing", () => {
    for (const visitor of [...visitors.slice(0, 10), null]) {
      expect(clickAssignment([], split, visitor, END + 1)).toEqual({
        variants: null,
        destination: "https://aff.example/b?partner=1",
      });
    }
  });
});
