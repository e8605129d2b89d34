import { describe, expect, it } from "vitest";

import {
  MAX_TRACKING_VALUE_LENGTH,
  pickTrackingParams,
  referrerHost,
  sameSiteUrl,
  siteOriginsOf,
  visitTrackingParams,
  withTrackingParams,
} from "./tracking-params";

const AFFILIATE = "https://aff.example/redirect?partner=brs1042&banner=hdr-signup";

describe("pickTrackingParams", () => {
  it("keeps the utm parameters, gclid, fbclid and the configured sub-id", () => {
    const search = new URLSearchParams(
      "utm_source=google&utm_medium=cpc&utm_campaign=otono&utm_content=a&utm_term=casino&gclid=G1&fbclid=F1&subid=s-9",
    );
    expect(pickTrackingParams(search, "subid")).toEqual([
      ["utm_source", "google"],
      ["utm_medium", "cpc"],
      ["utm_campaign", "otono"],
      ["utm_content", "a"],
      ["utm_term", "casino"],
      ["gclid", "G1"],
      ["fbclid", "F1"],
      ["subid", "s-9"],
    ]);
  });

  it("drops unknown parameters, the affiliate's own and empty values", () => {
    const search = new URLSearchParams(
      "partner=evil&banner=evil&redirect=https://evil.example&utm_source=&x=1",
    );
    expect(pickTrackingParams(search, "subid")).toEqual([]);
  });

  it("limits the length and strips control characters, first value wins", () => {
    const search = new URLSearchParams(
      `utm_campaign=${"a".repeat(500)}&utm_term=x%0d%0aSet-Cookie:1&utm_campaign=second`,
    );
    const picked = Object.fromEntries(pickTrackingParams(search, "subid"));
    expect(picked.utm_campaign).toHaveLength(MAX_TRACKING_VALUE_LENGTH);
    expect(picked.utm_term).toBe("xSet-Cookie:1");
  });
});

describe("withTrackingParams", () => {
  it("appends encoded values and never replaces the configured partner or banner", () => {
    const url = withTrackingParams(AFFILIATE, [
      ["utm_campaign", "otoño <b>&x"],
      ["partner", "evil"],
    ]);
    const parsed = new URL(url);
    expect(parsed.origin).toBe("https://aff.example");
    expect(parsed.searchParams.getAll("partner")).toEqual(["brs1042"]);
    expect(parsed.searchParams.get("banner")).toBe("hdr-signup");
    expect(parsed.searchParams.get("utm_campaign")).toBe("otoño <b>&x");
    expect(url).toContain("utm_campaign=oto%C3%B1o+%3Cb%3E%26x");
  });
});

describe("visitTrackingParams", () => {
  const origins = siteOriginsOf("http:", "localhost:3000", "https://www.brisamar-casino.example");
  const campaign = (query: string, referer: string | null) =>
    Object.fromEntries(
      visitTrackingParams(new URLSearchParams(query), sameSiteUrl(referer, origins), "subid"),
    ).utm_campaign ?? null;

  it("takes the link's own parameters first", () => {
    expect(campaign("utm_campaign=own", "http://localhost:3000/?utm_campaign=landing")).toBe("own");
  });

  it("without parameters of its own, forwards those of a same-site landing page (no JavaScript)", () => {
    expect(campaign("", "https://www.brisamar-casino.example/bonos?utm_campaign=otono")).toBe(
      "otono",
    );
    expect(campaign("", "http://localhost:3000/vip?utm_campaign=local")).toBe("local");
    expect(campaign("", "https://evil.example/?utm_campaign=evil")).toBeNull();
    expect(campaign("", "http://localhost:4000/?utm_campaign=other-port")).toBeNull();
    expect(campaign("", null)).toBeNull();
  });
});

describe("referrerHost", () => {
  const own = new Set(["www.brisamar-casino.example", "localhost"]);

  it("reduces a referrer URL or a bare host to its host, lower case, without www.", () => {
    expect(referrerHost("https://www.Google.es/search?q=casino", own)).toBe("google.es");
    expect(referrerHost("t.co", own)).toBe("t.co");
    expect(referrerHost("http://news.example.org:8080/a", own)).toBe("news.example.org");
  });

  it("is null for the site itself, addresses, single labels and anything malformed", () => {
    for (const value of [
      "https://brisamar-casino.example/bonos",
      "http://localhost:3000/",
      "http://203.0.113.7/",
      "intranet",
      "javascript:alert(1)",
      "<b>x</b>.com",
      "a".repeat(300) + ".com",
      "",
      null,
    ]) {
      expect(referrerHost(value, own), String(value)).toBeNull();
    }
  });
});
