import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { dateTicks, roundTicks } from "./chart-ticks";

/** Whether a step is 1, 2 or 5 × 10^n. */
const isRound = (step: number) => {
  const power = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5].some((factor) => Math.abs(step - factor * power) < 1e-9 * step);
};

describe("roundTicks", () => {
  it("counts from 0 in steps of 1, 2 or 5 × 10^n up to the first tick at or above the maximum", () => {
    expect(roundTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(roundTicks(300)).toEqual([0, 100, 200, 300]);
    expect(roundTicks(1234)).toEqual([0, 500, 1000, 1500]);
    // Cents: 351,20 € a day at most gives ticks of 100 € (10.000 cents).
    expect(roundTicks(35_120)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
  });

  it("never steps below one unit, and draws an empty chart from 0 to 1", () => {
    expect(roundTicks(0)).toEqual([0, 1]);
    expect(roundTicks(1)).toEqual([0, 1]);
    expect(roundTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it("keeps every step round and the ticks few, for any maximum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (max) => {
        const ticks = roundTicks(max);
        const step = ticks[1]! - ticks[0]!;
        expect(ticks[0]).toBe(0);
        expect(isRound(step)).toBe(true);
        expect(step).toBeGreaterThanOrEqual(1);
        expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        expect(ticks.at(-2)!).toBeLessThan(Math.max(1, max));
        expect(ticks.length).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe("dateTicks", () => {
  it("labels every day when there is room, and fewer days, evenly, when there is not", () => {
    expect(dateTicks(7, 600, 60)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dateTicks(30, 1200, 60)).toEqual([
      0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
    ]);
    expect(dateTicks(30, 330, 60)).toEqual([0, 7, 14, 21, 28]);
    expect(dateTicks(90, 330, 60)).toEqual([0, 28, 56, 84]);
  });

  it("never gives more labels than fit, and always the first day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 200, max: 2000 }),
        (count, width) => {
          const ticks = dateTicks(count, width, 60);
          expect(ticks[0]).toBe(0);
          expect(ticks.at(-1)!).toBeLessThan(count);
          expect(ticks.length).toBeLessThanOrEqual(Math.max(1, Math.floor(width / 60)));
        },
      ),
    );
  });
});
