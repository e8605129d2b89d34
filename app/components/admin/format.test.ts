import { describe, expect, it } from "vitest";

import {
  botShare,
  change,
  formatMoney,
  formatNumber,
  formatPercent,
  longDay,
  otherCurrencies,
  pointsChange,
  shortDay,
} from "./format";

describe("the dashboard's formatting", () => {
  it("writes numbers and shares the Spanish way", () => {
    expect(formatNumber(12345)).toBe("12.345");
    expect(formatPercent(0.125)).toBe("12,5\u00a0%");
    expect(formatPercent(0)).toBe("0\u00a0%");
  });

  it("writes euros the Spanish way, thousands always grouped, a minus for adjustments", () => {
    expect(formatMoney(123450)).toBe("1.234,50\u00a0€");
    expect(formatMoney(5)).toBe("0,05\u00a0€");
    expect(formatMoney(123456789)).toBe("1.234.567,89\u00a0€");
    expect(formatMoney(-250)).toBe("−2,50\u00a0€");
  });

  it("writes other currencies by their code, apart from euros and never summed with them", () => {
    expect(formatMoney(12000, "USD")).toBe("120,00\u00a0USD");
    expect(otherCurrencies({ EUR: 999, USD: 12000, GBP: 500, MXN: 0 })).toBe(
      "5,00\u00a0GBP · 120,00\u00a0USD",
    );
    expect(otherCurrencies({ EUR: 999 })).toBe("");
  });

  it("writes a day as that calendar day, whatever the machine's time zone", () => {
    expect(shortDay("2026-11-03")).toBe("3 nov");
    expect(longDay("2026-11-03")).toBe("mar, 3 de noviembre de 2026");
    expect(shortDay("2026-01-01")).toBe("1 ene");
  });

  it("gives a figure's change against the previous period as a signed percentage", () => {
    expect(change(120, 100)).toEqual({ text: "+20\u00a0%", trend: "up" });
    expect(change(95, 100)).toEqual({ text: "−5\u00a0%", trend: "down" });
    expect(change(100, 100)).toEqual({ text: "=", trend: "flat" });
    // Below half a per mille the change would print as 0 %: it is "=".
    expect(change(100_004, 100_000)).toEqual({ text: "=", trend: "flat" });
  });

  it('says "nuevo" for a figure that had no previous value, "=" when both are zero', () => {
    expect(change(7, 0)).toEqual({ text: "nuevo", trend: "up" });
    expect(change(0, 0)).toEqual({ text: "=", trend: "flat" });
  });

  it("gives a share's change in percentage points, rounded to a tenth", () => {
    expect(pointsChange(0.054, 0.05)).toEqual({ text: "+0,4 pp", trend: "up" });
    expect(pointsChange(0.1, 0.125)).toEqual({ text: "−2,5 pp", trend: "down" });
    expect(pointsChange(0.1004, 0.1)).toEqual({ text: "=", trend: "flat" });
  });

  it("counts the bots' share of all clicks, 0 with no clicks", () => {
    expect(botShare({ humans: 75, bots: 25 })).toBe(0.25);
    expect(botShare({ humans: 0, bots: 0 })).toBe(0);
  });
});
