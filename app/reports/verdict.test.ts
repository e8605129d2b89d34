/**
 * The experiment's statistics against numbers found another way: published values of
 * Wilson's interval (Newcombe 1998, table I), closed forms of small Beta cases, and a
 * brute-force P(B > A) on a grid of unnormalised Beta densities (no Gamma function, so it
 * shares nothing with the code under test but the question).
 */
import { describe, expect, it } from "vitest";

import {
  compare,
  estimateOf,
  logGamma,
  probabilityBBeatsA,
  probabilityToBeatControl,
  wilsonInterval,
  type VariantFigures,
} from "./verdict";

/** P(B > A) for Beta(aA, bA) and Beta(aB, bB) by summing densities on a grid of n cells. */
function bruteForceProbability(aA: number, bA: number, aB: number, bB: number, n = 200_000) {
  const density = (a: number, b: number) => {
    // Midpoints; logs keep large exponents finite, the maximum is subtracted before exp.
    const logs = Array.from({ length: n }, (_, i) => {
      const x = (i + 0.5) / n;
      return (a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x);
    });
    const top = logs.reduce((max, value) => Math.max(max, value), -Infinity);
    const weights = logs.map((value) => Math.exp(value - top));
    const sum = weights.reduce((total, w) => total + w, 0);
    return weights.map((w) => w / sum);
  };
  const fA = density(aA, bA);
  const fB = density(aB, bB);
  // Σ_j fB_j · P(A < x_j), a tie in a cell counted as half.
  let below = 0;
  let probability = 0;
  for (let j = 0; j < n; j++) {
    probability += fB[j]! * (below + fA[j]! / 2);
    below += fA[j]!;
  }
  return probability;
}

const figures = (over: Partial<VariantFigures>): VariantFigures => ({
  views: 0,
  visitors: 0,
  clicks: 0,
  registrations: 0,
  ftds: 0,
  commission: 0,
  ...over,
});

describe("logGamma", () => {
  it("matches Γ at integers and at one half", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 9);
  });
});

describe("wilsonInterval", () => {
  it("gives Newcombe's published 95 % intervals", () => {
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [successes, trials, low, high] of cases) {
      const interval = wilsonInterval(successes, trials);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
  });

  it("is the whole [0, 1] with no trials", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe("probabilityBBeatsA", () => {
  it("is 1/3 when A has seen one success and B nothing (∫ 2a(1 − a) da)", () => {
    expect(probabilityBBeatsA(2, 1, 1, 1)).toBeCloseTo(1 / 3, 12);
  });

  it("is one half for two identical posteriors", () => {
    expect(probabilityBBeatsA(31, 171, 31, 171)).toBeCloseTo(0.5, 10);
  });

  it("agrees with a brute-force integration on moderate and large counts", () => {
    const cases: [number, number, number, number][] = [
      [21, 181, 36, 166],
      [1 + 120, 1 + 4880, 1 + 150, 1 + 4850],
      [1 + 9, 1 + 491, 1 + 4, 1 + 496],
    ];
    for (const [aA, bA, aB, bB] of cases) {
      expect(probabilityBBeatsA(aA, bA, aB, bB)).toBeCloseTo(
        bruteForceProbability(aA, bA, aB, bB),
        4,
      );
    }
  });

  it("sums over the smaller count and still agrees with a brute-force integration", () => {
    expect(probabilityBBeatsA(1 + 3, 1 + 997, 1 + 40_000, 1 + 960_000)).toBeCloseTo(1, 12);
    expect(probabilityBBeatsA(1 + 12, 1 + 988, 1 + 2_000, 1 + 98_000)).toBeCloseTo(
      bruteForceProbability(1 + 12, 1 + 988, 1 + 2_000, 1 + 98_000),
      4,
    );
  });

  it("is complementary: P(B > A) + P(A > B) = 1", () => {
    const forward = probabilityToBeatControl(
      { successes: 40, trials: 1000 },
      { successes: 55, trials: 1000 },
    );
    const backward = probabilityToBeatControl(
      { successes: 55, trials: 1000 },
      { successes: 40, trials: 1000 },
    );
    expect(forward + backward).toBeCloseTo(1, 10);
  });
});

describe("compare", () => {
  const control = { id: "A", figures: figures({ views: 2000, visitors: 1000, clicks: 100 }) };

  it("says there is not enough data under 100 visitors per variant", () => {
    const variant = { id: "B", figures: figures({ views: 180, visitors: 99, clicks: 60 }) };
    expect(compare("ctr", control, variant).verdict).toEqual({
      kind: "insufficient",
      text: "sin datos suficientes",
    });
  });

  it("says there is not enough data under 10 conversions in total", () => {
    const few = { id: "A", figures: figures({ visitors: 500, registrations: 4 }) };
    const variant = { id: "B", figures: figures({ visitors: 500, registrations: 5 }) };
    expect(compare("registrations", few, variant).verdict.text).toBe("sin datos suficientes");
  });

  it("names the variant the winner when P(B > A) ≥ 95 %", () => {
    const variant = { id: "B", figures: figures({ views: 2000, visitors: 1000, clicks: 150 }) };
    const result = compare("ctr", control, variant);
    expect(result.probabilityToBeat).toBeGreaterThanOrEqual(0.95);
    expect(result.verdict).toEqual({ kind: "variant", text: "gana B" });
    expect(result.estimate).toBeCloseTo(0.075, 10);
    expect(result.interval).toEqual(wilsonInterval(150, 2000));
  });

  it("names the control the winner when P(B > A) ≤ 5 %", () => {
    const variant = { id: "C", figures: figures({ views: 2000, visitors: 1000, clicks: 60 }) };
    const result = compare("ctr", control, variant);
    expect(result.probabilityToBeat).toBeLessThanOrEqual(0.05);
    expect(result.verdict).toEqual({ kind: "control", text: "gana A (control)" });
  });

  it("finds no difference with enough data and a probability in between", () => {
    const variant = { id: "B", figures: figures({ views: 2000, visitors: 1000, clicks: 104 }) };
    const result = compare("ctr", control, variant);
    expect(result.probabilityToBeat).toBeGreaterThan(0.05);
    expect(result.probabilityToBeat).toBeLessThan(0.95);
    expect(result.verdict.text).toBe("sin diferencia");
  });

  it("decides commission on the FTD rate, with no interval for cents per visitor", () => {
    const a = { id: "A", figures: figures({ visitors: 1000, ftds: 10, commission: 50_000 }) };
    const b = { id: "B", figures: figures({ visitors: 1000, ftds: 30, commission: 140_000 }) };
    const result = compare("commission", a, b);
    expect(result.estimate).toBe(140);
    expect(result.interval).toBeNull();
    expect(result.probabilityToBeat).toBeCloseTo(
      probabilityToBeatControl({ successes: 10, trials: 1000 }, { successes: 30, trials: 1000 }),
      12,
    );
    expect(result.verdict.text).toBe("gana B");
  });

  it("caps clicks at views so a rate never passes 1", () => {
    expect(estimateOf("ctr", figures({ views: 10, clicks: 12 }))).toBe(1);
  });
});
