import { describe, expect, it } from "vitest";

import { CLICK_ID_PATTERN, newClickId } from "./click-id";

describe("newClickId", () => {
  it("makes 16 URL-safe characters, different every time, across pool refills", () => {
    const ids = Array.from({ length: 2_000 }, () => newClickId(1_764_000_000_000));
    for (const id of ids) expect(id).toMatch(CLICK_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every character of the alphabet in its random part (random, not a counter)", () => {
    const ids = Array.from({ length: 2_000 }, () => newClickId(1_764_000_000_000));
    const seen = new Set(ids.map((id) => id.slice(7)).join(""));
    expect(seen.size).toBe(64);
  });

  it("sorts as the clicks' times do, as text and byte by byte, whatever the random part", () => {
    const times = [0, 1, 63, 64, 4_095, 4_096, 1_764_000_000_000, 1_764_000_000_001, 2 ** 42 - 1];
    const ids = times.map((time) => newClickId(time));
    expect([...ids].sort()).toEqual(ids);
    expect([...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(ids);
    // The same millisecond shares its first seven characters.
    expect(newClickId(1_764_000_000_000).slice(0, 7)).toBe(ids[6]!.slice(0, 7));
  });
});
