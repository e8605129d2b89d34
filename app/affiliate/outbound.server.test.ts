import { describe, expect, it } from "vitest";

import { site } from "~/content/content.server";

import { outboundDestination, outboundLocation } from "./outbound.server";

const ORIGIN = "https://www.brisamar-casino.example";

describe("outbound routes", () => {
  it("maps /login/ and /sing-up/, with or without the trailing slash, to the configured URLs", () => {
    for (const path of ["/login/", "/login"]) {
      expect(outboundDestination(path, site)).toBe(site.header.login_redirect_link);
    }
    for (const path of ["/sing-up/", "/sing-up"]) {
      expect(outboundDestination(path, site)).toBe(site.header.signup_redirect_link);
    }
  });

  it.each(["/", "/signup/", "/sign-up/", "/login//", "//login/", "/login/x", "/LOGIN/"])(
    "does not treat %s as outbound",
    (path) => {
      expect(outboundDestination(path, site)).toBeNull();
    },
  );

  it("appends the visitor's tracking parameters but keeps host, partner and banner", () => {
    const destination = site.header.signup_redirect_link;
    const request = new Request(
      "http://localhost/sing-up/?partner=evil&banner=evil&utm_source=news&subid=42&next=https://evil.example",
    );
    const location = new URL(outboundLocation(destination, request, site, ORIGIN));
    const configured = new URL(destination);
    expect(location.origin).toBe(configured.origin);
    expect(location.pathname).toBe(configured.pathname);
    expect(location.searchParams.get("partner")).toBe(configured.searchParams.get("partner"));
    expect(location.searchParams.get("banner")).toBe(configured.searchParams.get("banner"));
    expect(location.searchParams.get("utm_source")).toBe("news");
    expect(location.searchParams.get("subid")).toBe("42");
    expect(location.searchParams.has("next")).toBe(false);
  });

  it("without parameters of its own, forwards those of a same-site landing page (no JavaScript)", () => {
    const destination = site.header.signup_redirect_link;
    const from = (referer: string) =>
      new URL(
        outboundLocation(
          destination,
          new Request("http://localhost/sing-up/", { headers: { referer, host: "localhost" } }),
          site,
          ORIGIN,
        ),
      ).searchParams.get("utm_campaign");
    expect(from(`${ORIGIN}/bonos?utm_campaign=otono`)).toBe("otono");
    expect(from("http://localhost/vip?utm_campaign=local")).toBe("local");
    expect(from("https://evil.example/?utm_campaign=evil")).toBeNull();
  });
});
