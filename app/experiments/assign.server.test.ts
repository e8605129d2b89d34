import { describe, expect, it } from "vitest";

import { assignmentText, bucketOf, phaseOf, variantOf, type ExperimentPlan } from "./assign.server";

const START = Date.UTC(2026, 10, 1);
const END = Date.UTC(2026, 11, 1);
const DURING = Date.UTC(2026, 10, 15);

const plan = (overrides: Partial<ExperimentPlan> = {}): ExperimentPlan => ({
  name: "home-h1",
  start: START,
  end: END,
  variants: [
    { id: "A", weight: 1 },
    { id: "B", weight: 1 },
  ],
  ...overrides,
});

/** Visitor keys shaped like VisitorKeys' (22 base64url characters), deterministic. */
const visitors = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    Buffer.from(`visitor-${index}-${index * 7919}`)
      .toString("base64url")
      .padEnd(22, "x")
      .slice(0, 22),
  );

describe("variantOf", () => {
  it("gives a visitor the same variant every time, and different experiments split independently", () => {
    for (const visitor of visitors(200)) {
      const first = variantOf(plan(), visitor, DURING);
      expect(variantOf(plan(), visitor, DURING + 3_600_000)).toBe(first);
    }
    const agree = visitors(4_000).filter(
      (visitor) =>
        variantOf(plan(), visitor, DURING) === variantOf(plan({ name: "other" }), visitor, DURING),
    ).length;
    // Independent 50/50 splits agree about half the time (4,000 visitors: ±5 % is > 6 σ).
    expect(agree / 4_000).toBeGreaterThan(0.45);
    expect(agree / 4_000).toBeLessThan(0.55);
  });

  it("splits visitors by weight: 4,000 visitors over 3:1 land within 3 points of 75 %", () => {
    const weighted = plan({
      variants: [
        { id: "A", weight: 3 },
        { id: "B", weight: 1 },
      ],
    });
    const share =
      visitors(4_000).filter((visitor) => variantOf(weighted, visitor, DURING) === "A").length /
      4_000;
    // σ = sqrt(0.75 · 0.25 / 4000) ≈ 0.68 points: 3 points is over 4 σ.
    expect(share).toBeGreaterThan(0.72);
    expect(share).toBeLessThan(0.78);
  });

  it("gives bots the control, the control before the start, and the winner after the end", () => {
    const someB = visitors(100).find((visitor) => variantOf(plan(), visitor, DURING) === "B")!;
    expect(variantOf(plan(), null, DURING)).toBe("A");
    expect(variantOf(plan(), someB, START - 1)).toBe("A");
    expect(variantOf(plan({ winner: "B" }), null, END)).toBe("B");
    expect(variantOf(plan(), someB, END)).toBe("A");
    expect(phaseOf(plan(), START - 1)).toBe("scheduled");
    expect(phaseOf(plan(), DURING)).toBe("running");
    expect(phaseOf(plan({ end: undefined }), END * 2)).toBe("running");
  });
});

describe("bucketOf and assignmentText", () => {
  it("maps keys into [0, 1) and writes the assignment in name order", () => {
    for (const visitor of visitors(50)) {
      const bucket = bucketOf("home-h1", visitor);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(1);
    }
    expect(assignmentText([plan({ name: "z" }), plan({ name: "a" })], null, DURING)).toBe(
      "a=A&z=A",
    );
    expect(assignmentText([], "v", DURING)).toBe("");
  });
});
