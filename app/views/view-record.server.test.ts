/**
 * What a page view keeps and when it is not a view at all: the page a path shows (a
 * content page or "404"), the source rules, bots and prefetches, and nothing stored beyond
 * the listed fields.
 */
import { describe, expect, it } from "vitest";

import { sameSiteUrl } from "~/affiliate/tracking-params";
import { VisitorKeys, buildClickRecord } from "~/clicks/click-record.server";
import { promotionalSlugs } from "~/content/content.server";
import { variantOf, type ExperimentPlan } from "~/experiments/assign.server";

import { buildViewRecord, type ViewInput } from "./view-record.server";
import { pageShown } from "./viewed-page.server";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SITE = new Set(["https://www.brisamar-casino.example", "http://localhost"]);
const IP = "203.0.113.7";

function view(
  fields: string,
  {
    headers = {},
    head = false,
    referer,
    keys = new VisitorKeys(),
    experiments,
  }: {
    headers?: Record<string, string>;
    head?: boolean;
    referer?: string;
    keys?: VisitorKeys;
    experiments?: ExperimentPlan[];
  } = {},
) {
  const request = new Headers({ "user-agent": CHROME_ANDROID, ...headers });
  const input: ViewInput = {
    header: (name) => request.get(name),
    fields: new URLSearchParams(fields),
    landing: sameSiteUrl(referer ?? null, SITE),
    head,
    page: "/terms",
    clientAddress: IP,
    countryHeader: "cf-ipcountry",
    siteOrigins: SITE,
    timeZone: "Europe/Madrid",
    visitorKeys: keys,
    experiments,
    now: Date.UTC(2026, 10, 22, 23, 30),
  };
  return buildViewRecord(input);
}

describe("pageShown", () => {
  it.each([
    ["/", "/"],
    ["/terms", "/terms"],
    ["/terms/", "/terms"],
    ["/Terms", "/terms"],
    ["/terms?utm_source=x#top", "/terms"],
    ["/403", "/403"],
  ])("counts %s as the content page %s, as the router resolves it", (path, page) => {
    expect(pageShown(path)).toBe(page);
  });

  it.each(["/404", "/nope", "/terms/extra", "/a%FFb", "/%0A", `/${"a".repeat(300)}`, "/TERMS/x/"])(
    'counts %s as "404": one value for every path that shows the not-found page',
    (path) => expect(pageShown(path)).toBe("404"),
  );

  it("counts the /403 page for a blocked visitor on a promotional page, not on an informational one", () => {
    const promotional = [...promotionalSlugs()][0]!;
    expect(pageShown(promotional, true)).toBe("/403");
    expect(promotionalSlugs().has("/terms")).toBe(false);
    expect(pageShown("/terms", true)).toBe("/terms");
  });
});

describe("buildViewRecord", () => {
  it("keeps time, day, page, source, country, device, browser and the visitor key, nothing else", () => {
    const record = view("p=/terms&s=google&m=cpc&c=otono&r=https://www.bing.com/x&extra=1", {
      headers: { "cf-ipcountry": "es" },
    });
    expect(record).toEqual({
      at: Date.UTC(2026, 10, 22, 23, 30),
      // 00:30 in Madrid.
      day: "2026-11-23",
      page: "/terms",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "otono",
      referrer: null,
      country: "ES",
      device: "mobile",
      browser: "Chrome",
      visitor: expect.stringMatching(/^[\w-]{22}$/),
      variants: null,
    });
    const stored = JSON.stringify(record);
    for (const secret of [IP, CHROME_ANDROID, "Android", "bing", "extra"]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("keeps the referrer's host only when the landing had no utm_source", () => {
    expect(view("p=/&r=https://www.Bing.com/search?q=casino")?.referrer).toBe("bing.com");
    expect(view("p=/&m=cpc&r=https://www.bing.com/")).toMatchObject({
      utm_medium: "cpc",
      referrer: "bing.com",
    });
    expect(view("p=/&s=news&r=https://www.bing.com/")?.referrer).toBeNull();
  });

  it("keeps no referrer that is the site itself, an address or not a host", () => {
    for (const referrer of [
      "https://www.brisamar-casino.example/terms",
      "http://localhost/",
      "http://192.0.2.1/",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(view(`p=/&r=${encodeURIComponent(referrer)}`)?.referrer).toBeNull();
    }
  });

  it("cleans the source as the clicks' tracking parameters are: control characters out, 100 characters", () => {
    const record = view(`p=/&s=${"x".repeat(150)}&c=%00oto%1Fno%0A&m=`);
    expect(record?.utm_source).toBe("x".repeat(100));
    expect(record?.utm_campaign).toBe("otono");
    expect(record?.utm_medium).toBeNull();
  });

  it("reads the source of the no-JS fallback from its same-site Referer, UTM parameters only", () => {
    const landing =
      "https://www.brisamar-casino.example/?utm_source=news&utm_campaign=nov&gclid=g1&subid=s";
    expect(view("p=/", { referer: landing })).toMatchObject({
      utm_source: "news",
      utm_medium: null,
      utm_campaign: "nov",
      referrer: null,
    });
    expect(view("p=/", { referer: "https://other.example/?utm_source=spoof" })).toMatchObject({
      utm_source: null,
    });
    // The beacon's own source comes first.
    expect(view("p=/&s=google", { referer: landing })?.utm_source).toBe("google");
  });

  it("keeps a country only when the header holds a two-letter code", () => {
    expect(view("p=/", { headers: { "cf-ipcountry": "XYZ" } })?.country).toBeNull();
    expect(view("p=/")?.country).toBeNull();
  });

  it.each([
    ["a crawler", { "user-agent": GOOGLEBOT }],
    ["an empty User-Agent", { "user-agent": "" }],
    ["a prefetch (Sec-Purpose)", { "sec-purpose": "prefetch" }],
    ["a prerender (Sec-Purpose)", { "sec-purpose": "prefetch;prerender" }],
    ["a prefetch (Purpose)", { purpose: "prefetch" }],
  ])("counts nothing for %s", (_name, headers) => {
    expect(view("p=/", { headers })).toBeNull();
  });

  it("counts nothing for a HEAD", () => {
    expect(view("p=/", { head: true })).toBeNull();
  });

  it("gives a view and a click of the same visitor the same key that day", () => {
    const keys = new VisitorKeys();
    const now = Date.UTC(2026, 10, 22, 23, 30);
    const click = buildClickRecord({
      header: (name) => (name === "user-agent" ? CHROME_ANDROID : null),
      query: new URLSearchParams(),
      params: [],
      landing: null,
      head: false,
      clientAddress: IP,
      linkId: "home-hero",
      destination: "https://aff.example/r",
      subIdParam: "subid",
      siteOrigins: SITE,
      timeZone: "Europe/Madrid",
      visitorKeys: keys,
      now,
    });
    expect(view("p=/", { keys })?.visitor).toBe(click.visitor);
  });

  it("keeps the variants of the experiments running on the page that the visitor saw", () => {
    const plan = (name: string, start: number): ExperimentPlan => ({
      name,
      start,
      variants: [
        { id: "A", weight: 1 },
        { id: "B", weight: 1 },
      ],
    });
    const running = plan("terms-h1", Date.UTC(2026, 10, 1));
    const scheduled = plan("a-scheduled", Date.UTC(2026, 11, 1));
    const record = view("p=/terms", { experiments: [running, scheduled] })!;
    expect(record.variants).toBe(
      `terms-h1=${variantOf(running, record.visitor, Date.UTC(2026, 10, 22, 23, 30))}`,
    );
    expect(view("p=/terms", { experiments: [scheduled] })?.variants).toBeNull();
  });
});
