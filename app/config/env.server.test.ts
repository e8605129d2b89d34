import { describe, expect, it } from "vitest";

import { parseEnv, postbackTokenProblem } from "./env.server";

describe("parseEnv", () => {
  it("has defaults that need no variable", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: undefined,
      SITE_URL: undefined,
      SITE_INDEXABLE: true,
      CDN_URL: undefined,
      ANALYTICS_ENABLED: false,
      ANALYTICS_HOST: undefined,
      ANALYTICS_SITE_ID: undefined,
      COUNTRY_HEADER: undefined,
      BLOCKED_COUNTRIES: new Set(),
      CLICK_LEDGER: true,
      CONTENT_DIR: "content",
      DATABASE_URL: undefined,
      CLICK_RETENTION_DAYS: 400,
      LINK_CHECK_MINUTES: 60,
      CLICK_FLAGS: ["data-centre", "too-fast", "repeat"],
      DATACENTRE_RANGES_FILE: "lists/datacentre-ranges.json",
      REPORT_TIME_ZONE: "Europe/Madrid",
      CLIENT_IP_HEADER: undefined,
      TRUSTED_PROXIES: [],
      POSTBACK_TOKEN: undefined,
      POSTBACK_RATE_LIMIT: 50,
      ALERT_WEBHOOK_URL: undefined,
      ALERT_WEBHOOK_SECRET: undefined,
      SMTP_URL: undefined,
      ALERT_EMAIL_TO: undefined,
      ALERT_EMAIL_FROM: undefined,
    });
  });

  it("takes the destination monitor's minutes, 0 for on demand only, nothing negative or fractional", () => {
    expect(parseEnv({ LINK_CHECK_MINUTES: "0" }).LINK_CHECK_MINUTES).toBe(0);
    expect(parseEnv({ CLICK_FLAGS: "none" }).CLICK_FLAGS).toEqual([]);
    expect(parseEnv({ CLICK_FLAGS: " Repeat, data-centre" }).CLICK_FLAGS).toEqual([
      "data-centre",
      "repeat",
    ]);
    expect(() => parseEnv({ CLICK_FLAGS: "repeat,vpn" })).toThrow(
      /CLICK_FLAGS.*unknown flags: vpn/,
    );
    expect(parseEnv({ LINK_CHECK_MINUTES: "15" }).LINK_CHECK_MINUTES).toBe(15);
    expect(() => parseEnv({ LINK_CHECK_MINUTES: "-1" })).toThrow(/LINK_CHECK_MINUTES/);
    expect(() => parseEnv({ LINK_CHECK_MINUTES: "1.5" })).toThrow(/LINK_CHECK_MINUTES/);
  });

  it("takes an alert channel only whole: a webhook with its secret, e-mail with a recipient", () => {
    expect(
      parseEnv({
        ALERT_WEBHOOK_URL: "https://hooks.example/a",
        ALERT_WEBHOOK_SECRET: "s".repeat(16),
      }).ALERT_WEBHOOK_URL,
    ).toBe("https://hooks.example/a");
    expect(() => parseEnv({ ALERT_WEBHOOK_URL: "https://hooks.example/a" })).toThrow(
      /ALERT_WEBHOOK_SECRET/,
    );
    expect(() =>
      parseEnv({ ALERT_WEBHOOK_URL: "ftp://x", ALERT_WEBHOOK_SECRET: "s".repeat(16) }),
    ).toThrow(/ALERT_WEBHOOK_URL/);
    expect(() => parseEnv({ SMTP_URL: "smtp://mail.example:25" })).toThrow(/ALERT_EMAIL_TO/);
  });

  it("takes a postback token of 24 URL-safe characters or more, nothing shorter", () => {
    expect(parseEnv({ POSTBACK_TOKEN: "a".repeat(24) }).POSTBACK_TOKEN).toBe("a".repeat(24));
    expect(() => parseEnv({ POSTBACK_TOKEN: "short-token" })).toThrow(/POSTBACK_TOKEN/);
    expect(() => parseEnv({ POSTBACK_TOKEN: `${"a".repeat(24)}/x` })).toThrow(/POSTBACK_TOKEN/);
  });

  it("says what is wrong with a refused postback token, and how to make one", () => {
    // What `openssl rand -base64 32 | tr +/ -_` gives: a trailing "=".
    const padded = "Jx0cS8mYbq2LrV_wJx0cS8mYbq2LrV_wJx0cS8mYbq2=";
    expect(() => parseEnv({ POSTBACK_TOKEN: padded })).toThrow(
      `POSTBACK_TOKEN: may hold only A-Z, a-z, 0-9, - and _, but holds "=" (the trailing "=" is base64 padding: make the token with \`openssl rand -base64 32 | tr '+/' '-_' | tr -d '='\`)`,
    );
    expect(() => parseEnv({ POSTBACK_TOKEN: padded.slice(0, -1) })).not.toThrow();
    expect(postbackTokenProblem(`${"a".repeat(24)}/x+`)).toMatch(
      /^may hold only A-Z, a-z, 0-9, - and _, but holds "\/", "\+" \(make one with /,
    );
    expect(postbackTokenProblem("short-token")).toMatch(
      /^must be 24 to 128 characters of A-Z, a-z, 0-9, - and _, but has 11 \(make one with /,
    );
    expect(postbackTokenProblem("a".repeat(129))).toMatch(/but has 129 /);
    // The token is a secret: the message never repeats it.
    expect(postbackTokenProblem(padded)).not.toContain(padded.slice(0, 10));
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

  it("reads the server's port, interface and mode", () => {
    expect(parseEnv({ PORT: "8080", HOST: "127.0.0.1", NODE_ENV: "development" })).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      NODE_ENV: "development",
    });
    expect(() => parseEnv({ PORT: "99999" })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT: must be a port number/);
    expect(() => parseEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV: must be/);
  });

  it("reads the click ledger's settings", () => {
    expect(
      parseEnv({
        DATABASE_URL: "postgres://u@127.0.0.1:5432/clicks",
        CLICK_RETENTION_DAYS: "30",
        REPORT_TIME_ZONE: "UTC",
      }),
    ).toMatchObject({ CLICK_RETENTION_DAYS: 30, REPORT_TIME_ZONE: "UTC" });
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be/);
    expect(() => parseEnv({ REPORT_TIME_ZONE: "Mars/Base" })).toThrow(/REPORT_TIME_ZONE/);
    expect(() => parseEnv({ CLICK_RETENTION_DAYS: "0" })).toThrow(/CLICK_RETENTION_DAYS/);
  });

  it("gives npm run dev a ledger of its own, unless DATABASE_URL names one", () => {
    expect(parseEnv({ NODE_ENV: "development" }).DATABASE_URL).toBe("sqlite:.dev/clicks.sqlite");
    expect(parseEnv({ NODE_ENV: "production" }).DATABASE_URL).toBeUndefined();
    expect(
      parseEnv({ NODE_ENV: "development", DATABASE_URL: "sqlite:x.sqlite" }).DATABASE_URL,
    ).toBe("sqlite:x.sqlite");
  });

  it("reads the trusted proxies, and reads a client address header only from them", () => {
    expect(
      parseEnv({ CLIENT_IP_HEADER: "X-Forwarded-For", TRUSTED_PROXIES: "loopback, 10.0.0.0/8,," }),
    ).toMatchObject({
      CLIENT_IP_HEADER: "x-forwarded-for",
      TRUSTED_PROXIES: ["loopback", "10.0.0.0/8"],
    });
    expect(() => parseEnv({ TRUSTED_PROXIES: "loopback, proxy.example" })).toThrow(
      /TRUSTED_PROXIES: not addresses.*: proxy\.example/,
    );
    expect(() => parseEnv({ CLIENT_IP_HEADER: "cf-connecting-ip" })).toThrow(
      /CLIENT_IP_HEADER: needs TRUSTED_PROXIES/,
    );
  });

  it("names the variable that is invalid", () => {
    expect(() => parseEnv({ SITE_URL: "javascript:alert(1)" })).toThrow(/SITE_URL: must be/);
    expect(() => parseEnv({ SITE_INDEXABLE: "maybe" })).toThrow(/SITE_INDEXABLE: must be/);
  });
});
