import { describe, expect, it } from "vitest";

import { links, site } from "~/content/content.server";

import { outboundDestinationOf } from "~/content/affiliate-routes";

import { outboundTarget } from "./outbound.server";

describe("outbound routes", () => {
  it("maps /login/ and /sing-up/, with or without the trailing slash, to the configured URLs", () => {
    for (const path of ["/login/", "/login"]) {
      expect(outboundDestinationOf(path, site)).toBe(site.header.login_redirect_link);
    }
    for (const path of ["/sing-up/", "/sing-up"]) {
      expect(outboundDestinationOf(path, site)).toBe(site.header.signup_redirect_link);
    }
  });

  it.each(["/", "/signup/", "/sign-up/", "/login//", "//login/", "/login/x", "/LOGIN/"])(
    "does not treat %s as outbound",
    (path) => {
      expect(outboundDestinationOf(path, site)).toBeNull();
    },
  );

  it("names the link, the affiliate settings and the origin of the current content", () => {
    const target = outboundTarget("/sing-up");
    expect(target).toMatchObject({
      link: { id: "header-signup", page: "", destination: site.header.signup_redirect_link },
      affiliate: site.affiliate,
    });
    expect(target?.siteOrigin).toMatch(/^https?:\/\//);
    const [first] = links.values();
    expect(outboundTarget(`/go/${first!.id}`)?.link).toBe(first);
    expect(outboundTarget("/go/no-such-link")).toBeNull();
    expect(outboundTarget("/terms")).toBeNull();
  });
});
