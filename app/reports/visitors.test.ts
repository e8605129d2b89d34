import { describe, expect, it, vi } from "vitest";

import { isSampled, printOf, SAMPLE_RATE } from "~/ledger/visitor-prints";

import {
  EXACT_UP_TO,
  marginOf,
  printsFor,
  visitorsOfRead,
  visitorsPerDay,
  visitorsPerPage,
} from "./visitors";

const prints = (...keys: string[]) => keys.map(printOf).join("");

describe("unique visitors from the combinations' prints", () => {
  it("counts a day's visitors once across its rows, and days apart", () => {
    const perDay = visitorsPerDay([
      { day: "2026-11-20", visitors: prints("AAAAAAxyz", "BBBBBBxyz") },
      // The same visitor in another combination, and again in the same row (a later batch).
      { day: "2026-11-20", visitors: prints("AAAAAAxyz", "CCCCCC", "CCCCCC") },
      { day: "2026-11-21", visitors: prints("AAAAAAxyz") },
      { day: "2026-11-22", visitors: null },
    ]);
    expect(
      new Map([...perDay].map(([day, { count, variance }]) => [day, [count, variance]])),
    ).toEqual(
      new Map([
        ["2026-11-20", [3, 0]],
        ["2026-11-21", [1, 0]],
        ["2026-11-22", [0, 0]],
      ]),
    );
  });

  it("gives a page the sum of its days' visitors", () => {
    const perPage = visitorsPerPage([
      { day: "2026-11-20", page: "/", visitors: prints("AAAAAA", "BBBBBB", "AAAAAA") },
      { day: "2026-11-21", page: "/", visitors: prints("AAAAAA") },
      { day: "2026-11-21", page: "/bonos", visitors: prints("AAAAAA") },
    ]);
    expect(perPage).toEqual(
      new Map([
        ["/", { count: 3, variance: 0 }],
        ["/bonos", { count: 1, variance: 0 }],
      ]),
    );
  });

  it("keeps six characters of a key, padding a shorter one, so prints never run together", () => {
    expect(printOf("Zq3-_x9Kd0aaaaaaaaaaaa")).toBe("Zq3-_x");
    expect(printOf("v1")).toBe("v1====");
    expect(
      visitorsPerDay([{ day: "d", visitors: prints("v1", "v12", "v1") }]).get("d")?.count,
    ).toBe(2);
  });
});

describe("the sample of prints", () => {
  it("is read past EXACT_UP_TO facts, each sampled print standing for SAMPLE_RATE visitors", () => {
    expect(printsFor(EXACT_UP_TO)).toEqual({ column: "visitors", rate: 1 });
    expect(printsFor(EXACT_UP_TO + 1)).toEqual({ column: "sampled", rate: SAMPLE_RATE });
    const estimate = visitorsPerDay([{ day: "d", visitors: "AAAAAABBBBBB" }], SAMPLE_RATE);
    expect(estimate.get("d")).toEqual({
      count: 2 * SAMPLE_RATE,
      variance: 2 * SAMPLE_RATE * (SAMPLE_RATE - 1),
    });
  });

  it("is counted from the sample a read's scan brought when the read is large, else read by column", async () => {
    const read = vi.fn(async (column: string) => [
      { day: "d", visitors: column === "visitors" ? "AAAAAAzzzzzz" : "" },
    ]);
    const sample = [{ day: "d", visitors: "AAAAAA" }];
    expect((await visitorsOfRead(EXACT_UP_TO + 1, read, sample)).get("d")?.count).toBe(SAMPLE_RATE);
    expect(read).not.toHaveBeenCalled();
    expect((await visitorsOfRead(EXACT_UP_TO, read, sample)).get("d")?.count).toBe(2);
    expect(read).toHaveBeenLastCalledWith("visitors");
    // Without a sample from the scan, the large read reads the sample's column.
    await visitorsOfRead(EXACT_UP_TO + 1, read);
    expect(read).toHaveBeenLastCalledWith("sampled");
  });

  it("samples one print in SAMPLE_RATE, by its first character", () => {
    expect(isSampled("A12345")).toBe(true);
    expect(isSampled("z12345")).toBe(false);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    expect([...alphabet].filter((first) => isSampled(`${first}00000`))).toHaveLength(
      64 / SAMPLE_RATE,
    );
  });

  it("states a margin at 95 %: 0 when exact, 1.96 standard deviations of the count else", () => {
    expect(marginOf({ count: 500, variance: 0 })).toBe(0);
    expect(marginOf({ count: 0, variance: 0 })).toBe(0);
    expect(marginOf({ count: 10_000, variance: 150_000 })).toBeCloseTo(
      (1.96 * Math.sqrt(150_000)) / 10_000,
    );
  });
});
