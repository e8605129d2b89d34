import { describe, expect, it } from "vitest";

import { countryVary, isBlockedCountry } from "./country-gate.server";

const gate = { header: "cf-ipcountry", blocked: new Set(["US", "FR"]) };
const request = (value?: string) =>
  new Request("http://localhost/", {
    headers: value === undefined ? {} : { "CF-IPCountry": value },
  });

describe("country gate", () => {
  it("blocks a listed country, case-insensitively", () => {
    expect(isBlockedCountry(request("US"), gate)).toBe(true);
    expect(isBlockedCountry(request(" fr "), gate)).toBe(true);
  });

  it.each([undefined, "", "ES", "USA", "U", "X1", "US,FR", "<script>"])("allows %s", (value) => {
    expect(isBlockedCountry(request(value), gate)).toBe(false);
  });

  it("is off without configuration", () => {
    expect(isBlockedCountry(request("US"), { blocked: new Set(["US"]) })).toBe(false);
    expect(isBlockedCountry(request("US"), { header: "cf-ipcountry", blocked: new Set() })).toBe(
      false,
    );
    expect(countryVary({ blocked: new Set() })).toEqual({});
    expect(countryVary(gate)).toEqual({ Vary: "cf-ipcountry" });
  });
});
