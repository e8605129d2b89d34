import { describe, expect, it } from "vitest";

import { copyrightYear } from "./site-footer";

describe("copyrightYear", () => {
  it("is the year of the date it is given", () => {
    expect(copyrightYear(new Date("2031-06-15T12:00:00Z"))).toBe("2031");
  });

  it("turns at midnight in Spain, not in UTC", () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Madrid.
    expect(copyrightYear(new Date("2030-12-31T23:30:00Z"))).toBe("2031");
    expect(copyrightYear(new Date("2030-12-31T22:30:00Z"))).toBe("2030");
  });
});
