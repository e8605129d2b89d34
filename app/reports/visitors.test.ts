import { describe, expect, it } from "vitest";

import { printOf } from "~/ledger/visitor-prints";

import { visitorsPerDay, visitorsPerPage } from "./visitors";

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
    expect(perDay).toEqual(
      new Map([
        ["2026-11-20", 3],
        ["2026-11-21", 1],
        ["2026-11-22", 0],
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
        ["/", 3],
        ["/bonos", 1],
      ]),
    );
  });

  it("keeps six characters of a key, padding a shorter one, so prints never run together", () => {
    expect(printOf("Zq3-_x9Kd0aaaaaaaaaaaa")).toBe("Zq3-_x");
    expect(printOf("v1")).toBe("v1====");
    expect(visitorsPerDay([{ day: "d", visitors: prints("v1", "v12", "v1") }]).get("d")).toBe(2);
  });
});
