import { describe, expect, it } from "vitest";

import { sameSitePath, sameSiteUrl, visitTrackingParams } from "~/affiliate/tracking-params";

import { VisitorKeys, buildClickRecord, deviceOf } from "./click-record.server";
import { dayIn } from "~/reports/reporting-day";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const FIREFOX_DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SITE = new Set(["https://www.brisamar-casino.example", "http://localhost"]);

function click(
  url: string,
  {
    headers = {},
    method = "GET",
    head = false,
    ip = "203.0.113.7",
    now = Date.UTC(2026, 10, 22, 10),
  } = {} as {
    headers?: Record<string, string>;
    method?: string;
    head?: boolean;
    ip?: string;
    now?: number;
  },
  keys = new VisitorKeys(),
) {
  const request = new Request(`http://localhost${url}`, {
    method,
    headers: { "user-agent": CHROME_ANDROID, ...headers },
  });
  const query = new URL(request.url).searchParams;
  const landing = sameSiteUrl(request.headers.get("referer"), SITE);
  return buildClickRecord({
    header: (name) => request.headers.get(name),
    query,
    params: visitTrackingParams(query, landing, "subid"),
    landing,
    head,
    clientAddress: ip,
    linkId: "home-main-block-1-button-1",
    destination: "https://aff.example/redirect?partner=1&banner=2",
    subIdParam: "subid",
    countryHeader: "cf-ipcountry",
    siteOrigins: SITE,
    timeZone: "Europe/Madrid",
    visitorKeys: keys,
    now,
  });
}

describe("buildClickRecord", () => {
  it("keeps link, destination, page, tracking parameters, device, browser and country", () => {
    const record = click("/go/x?from=/bonos&utm_source=google&utm_campaign=otono&subid=a1&foo=1", {
      headers: { "cf-ipcountry": "es" },
    });
    expect(record).toMatchObject({
      link_id: "home-main-block-1-button-1",
      destination: "https://aff.example/redirect?partner=1&banner=2",
      page: "/bonos",
      utm_source: "google",
      utm_campaign: "otono",
      subid: "a1",
      utm_medium: null,
      country: "ES",
      device: "mobile",
      browser: "Chrome",
      is_bot: 0,
      day: "2026-11-22",
    });
  });

  it("stores no IP address, User-Agent or cookie", () => {
    const record = click("/go/x", { headers: { cookie: "session=secret" }, ip: "198.51.100.23" });
    const stored = JSON.stringify(record);
    expect(stored).not.toContain("198.51.100.23");
    expect(stored).not.toContain("Pixel 8");
    expect(stored).not.toContain("secret");
  });

  it("takes the page and the parameters from a same-site Referer when the link sends none", () => {
    const record = click("/go/x", {
      headers: { referer: "http://localhost/vip?utm_campaign=sin-js&gclid=g1" },
    });
    expect(record).toMatchObject({ page: "/vip", utm_campaign: "sin-js", gclid: "g1" });
    const offSite = click("/go/x", { headers: { referer: "https://evil.example/p?utm_source=x" } });
    expect(offSite).toMatchObject({ page: "", utm_source: null });
  });

  it("keeps the visit's referrer host (`ref`) only when the visit has no utm_source", () => {
    expect(click("/go/x?ref=www.Google.com").referrer).toBe("google.com");
    expect(click("/go/x?ref=google.com&utm_source=news").referrer).toBeNull();
    // The site's own host, an address and anything that is not a host are no source.
    expect(click("/go/x?ref=www.brisamar-casino.example").referrer).toBeNull();
    expect(click("/go/x?ref=203.0.113.7").referrer).toBeNull();
    expect(click("/go/x?ref=%3Cscript%3E").referrer).toBeNull();
  });

  it("limits parameter values and ignores unknown parameters", () => {
    const record = click(`/go/x?utm_term=${"a".repeat(500)}&evil=1`);
    expect(record.utm_term).toHaveLength(100);
    expect(JSON.stringify(record)).not.toContain("evil");
  });

  it.each([
    ["a crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }, "GET"],
    ["a link preview", { "user-agent": "facebookexternalhit/1.1" }, "GET"],
    [
      "a chat preview",
      { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" },
      "GET",
    ],
    ["a prefetch", { "sec-purpose": "prefetch" }, "GET"],
    ["no User-Agent at all", { "user-agent": "" }, "GET"],
  ])("flags %s as a bot", (_name, headers, method) => {
    expect(click("/go/x", { headers, method }).is_bot).toBe(1);
  });

  it("flags a HEAD request, which the server runs as GET, as a bot", () => {
    expect(click("/go/x", { head: true }).is_bot).toBe(1);
    expect(click("/go/x", { headers: { "x-original-method": "HEAD" } }).is_bot).toBe(0);
  });

  it("counts a visitor once a day and cannot link one day to the next", () => {
    const keys = new VisitorKeys();
    const morning = click("/go/x", {}, keys).visitor;
    const evening = click("/go/x", { now: Date.UTC(2026, 10, 22, 20) }, keys).visitor;
    const otherPerson = click("/go/x", { ip: "203.0.113.8" }, keys).visitor;
    const tomorrow = click("/go/x", { now: Date.UTC(2026, 10, 23, 10) }, keys).visitor;
    expect(evening).toBe(morning);
    expect(otherPerson).not.toBe(morning);
    expect(tomorrow).not.toBe(morning);
  });

  it("ignores a malformed country and the header when the gate is not configured", () => {
    expect(click("/go/x", { headers: { "cf-ipcountry": "<x>" } }).country).toBeNull();
  });
});

describe("helpers", () => {
  it("reports the day in the reporting time zone", () => {
    expect(dayIn("Europe/Madrid", Date.UTC(2026, 10, 22, 23, 30))).toBe("2026-11-23");
    expect(dayIn("UTC", Date.UTC(2026, 10, 22, 23, 30))).toBe("2026-11-22");
  });

  it("changes day at the zone's midnight, however close together the clicks", () => {
    // 00:00 in Kathmandu (UTC+05:45), a zone whose midnight is not on a UTC hour.
    const midnight = Date.UTC(2026, 10, 22, 18, 15);
    expect(dayIn("Asia/Kathmandu", midnight - 1)).toBe("2026-11-22");
    expect(dayIn("Asia/Kathmandu", midnight)).toBe("2026-11-23");
    expect(dayIn("Asia/Kathmandu", midnight - 1)).toBe("2026-11-22");
  });

  it("classifies devices and browsers", () => {
    expect(deviceOf(FIREFOX_DESKTOP)).toEqual({ device: "desktop", browser: "Firefox" });
    expect(deviceOf("")).toEqual({ device: "other", browser: "other" });
  });

  it("accepts only same-site paths as the page", () => {
    expect(sameSitePath("/terms?x=1", SITE)).toBe("/terms");
    expect(sameSitePath("//evil.example/x", SITE)).toBeNull();
    expect(sameSitePath("https://www.brisamar-casino.example/vip", SITE)).toBe("/vip");
    expect(sameSitePath("javascript:alert(1)", SITE)).toBeNull();
  });
});
