import { describe, expect, it } from "vitest";

import { CLICKS, CONVERSIONS, VIEWS } from "~/ledger/rollups/families";

import { sourceOf } from "./table-decider";

describe("sourceOf", () => {
  it("reads the daily counts without a filter, for every family", () => {
    for (const family of [CLICKS, VIEWS, CONVERSIONS]) {
      expect(sourceOf(family, {})).toEqual({ from: "rollups" });
    }
  });

  it("reads the counts under one filter for one paired filter", () => {
    expect(sourceOf(CLICKS, { device: "mobile" })).toEqual({
      from: "filtered",
      filter: ["device", "mobile"],
    });
    expect(sourceOf(CONVERSIONS, { page: "/" })).toEqual({
      from: "filtered",
      filter: ["page", "/"],
    });
  });

  it("reads the combinations for several paired filters where the family keeps them", () => {
    const filters = { device: "mobile", country: "ES" };
    expect(sourceOf(CLICKS, filters)).toEqual({ from: "combinations" });
    expect(sourceOf(VIEWS, filters)).toEqual({ from: "combinations" });
    expect(sourceOf(CONVERSIONS, filters)).toEqual({ from: "facts" });
  });

  it("reads the facts under a sub-id, which no daily count pairs", () => {
    expect(sourceOf(CLICKS, { subid: "s1" })).toEqual({ from: "facts" });
    expect(sourceOf(CLICKS, { subid: "s1", device: "mobile" })).toEqual({ from: "facts" });
    expect(sourceOf(CONVERSIONS, { subid: "s1" })).toEqual({ from: "facts" });
  });
});
