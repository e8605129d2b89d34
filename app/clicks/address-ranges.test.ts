import { describe, expect, it } from "vitest";

import { inRanges, mergeRanges, rangeOfCidr, rangesOfCidrs } from "./address-ranges";

describe("address ranges", () => {
  it("reads a CIDR block as its first and last address, IPv4 and IPv6", () => {
    expect(rangeOfCidr("3.5.140.0/22")).toEqual({ family: "v4", range: "03058c00-03058fff" });
    expect(rangeOfCidr("10.1.2.3/32")).toEqual({ family: "v4", range: "0a010203-0a010203" });
    expect(rangeOfCidr("2600:1f00::/24")).toEqual({
      family: "v6",
      range: "26001f00000000000000000000000000-26001fffffffffffffffffffffffffff",
    });
    expect(rangeOfCidr("not a block")).toBeNull();
    expect(rangeOfCidr("10.0.0.0/33")).toBeNull();
  });

  it("merges overlapping and adjacent blocks, and keeps the others apart", () => {
    expect(
      mergeRanges([
        "0a000100-0a0001ff",
        "0a000000-0a0000ff",
        "0a000080-0a00008f",
        "0b000000-0b000000",
      ]),
    ).toEqual(["0a000000-0a0001ff", "0b000000-0b000000"]);
    const lists = rangesOfCidrs(["192.0.2.0/25", "192.0.2.128/25", "2001:db8::/32", "x"]);
    expect(lists).toEqual({
      v4: ["c0000200-c00002ff"],
      v6: ["20010db8000000000000000000000000-20010db8ffffffffffffffffffffffff"],
      invalid: ["x"],
    });
  });

  it("finds an address in the lists, its edges included, and an IPv4-mapped one as IPv4", () => {
    const lists = rangesOfCidrs(["3.0.0.0/15", "52.94.0.0/22", "2600:1f00::/24"]);
    for (const inside of [
      "3.0.0.0",
      "3.1.255.255",
      "52.94.3.7",
      "::ffff:3.0.4.5",
      "2600:1f18::1",
    ]) {
      expect(inRanges(lists, inside), inside).toBe(true);
    }
    for (const outside of [
      "2.255.255.255",
      "3.2.0.0",
      "52.94.4.0",
      "127.0.0.1",
      "2a00::1",
      "",
      "x",
    ]) {
      expect(inRanges(lists, outside), outside).toBe(false);
    }
  });
});
