import { describe, expect, it } from "vitest";

import { CLICK_ID_PATTERN, newClickId } from "./click-id";

describe("newClickId", () => {
  it("makes 16 URL-safe characters (96 bits), different every time, across pool refills", () => {
    const ids = Array.from({ length: 2_000 }, () => newClickId());
    for (const id of ids) expect(id).toMatch(CLICK_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every character of the alphabet (the bits are random, not a counter)", () => {
    const seen = new Set(Array.from({ length: 2_000 }, () => newClickId()).join(""));
    expect(seen.size).toBe(64);
  });
});
