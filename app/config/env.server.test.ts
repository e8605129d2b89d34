import { describe, expect, it } from "vitest";

import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("has defaults that need no variable", () => {
    expect(parseEnv({})).toEqual({
      SITE_URL: undefined,
      SITE_INDEXABLE: true,
      CDN_URL: undefined,
      ANALYTICS_ENABLED: false,
      ANALYTICS_HOST: undefined,
      ANALYTICS_SITE_ID: undefined,
      COUNTRY_HEADER: undefined,
      BLOCKED_COUNTRIES: new Set(),
    });
  });

  it("reduces SITE_URL to its origin", () => {
    expect(parseEnv({ SITE_URL: "https://www.example.com/some/path?x=1" }).SITE_URL).toBe(
      "https://www.example.com",
    );
  });

  it("reads SITE_INDEXABLE=false", () => {
    expect(parseEnv({ SITE_INDEXABLE: "false" }).SITE_INDEXABLE).toBe(false);
    expect(parseEnv({ SITE_INDEXABLE: "" }).SITE_INDEXABLE).toBe(true);
  });

  it("reads the country gate", () => {
    const env = parseEnv({ COUNTRY_HEADER: "CF-IPCountry", BLOCKED_COUNTRIES: "us, fr ,,GB" });
    expect(env.COUNTRY_HEADER).toBe("cf-ipcountry");
    expect([...env.BLOCKED_COUNTRIES]).toEqual(["US", "FR", "GB"]);
    expect(() => parseEnv({ BLOCKED_COUNTRIES: "USA" })).toThrow(
      /BLOCKED_COUNTRIES: not ISO country codes: USA/,
    );
  });

  it("names the variable that is invalid", () => {
    expect(() => parseEnv({ SITE_URL: "javascript:alert(1)" })).toThrow(/SITE_URL: must be/);
    expect(() => parseEnv({ SITE_INDEXABLE: "maybe" })).toThrow(/SITE_INDEXABLE: must be/);
  });
});
