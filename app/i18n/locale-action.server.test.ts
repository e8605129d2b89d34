import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { createLocaleDetector } from "./i18n.server";
import { changeLocale, safeRedirectPath } from "./locale-action.server";

function post(fields: Record<string, string>, url = "http://localhost/_app/locale", headers = {}) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields), headers });
}

async function outcome(request: Request) {
  try {
    return await changeLocale(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("POST /_app/locale", () => {
  it("saves a supported locale for 365 days and answers 303 to the site path", async () => {
    const response = await outcome(post({ locale: "en", redirectTo: "/terms?x=1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/terms?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^ui_locale=/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
  });

  it("marks the cookie Secure on HTTPS", async () => {
    const direct = await outcome(
      post({ locale: "en", redirectTo: "/" }, "https://site.example/_app/locale"),
    );
    expect(direct.headers.get("Set-Cookie")).toContain("Secure");
    const proxied = await outcome(
      post({ locale: "en" }, undefined, { "X-Forwarded-Proto": "https" }),
    );
    expect(proxied.headers.get("Set-Cookie")).toContain("Secure");
  });

  it.each([
    "//evil.example/",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/terms/..//evil.example",
    "/terms/%2e%2e//evil.example/x?y#z",
    "/\t/evil.example",
  ])("redirects to / instead of %s", async (redirectTo) => {
    const response = await outcome(post({ locale: "en", redirectTo }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("refuses an unsupported locale with 400 and sets nothing", async () => {
    const response = await outcome(post({ locale: "fr", redirectTo: "/" }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a missing locale with 400", async () => {
    expect((await outcome(post({ redirectTo: "/" }))).status).toBe(400);
  });
});

describe("locale detection", () => {
  it("prefers the saved cookie over Accept-Language", async () => {
    // Two locales, only to prove the order; the site itself configures one.
    const detector = createLocaleDetector(["en", "fr"]);
    const saved = await outcome(post({ locale: "en", redirectTo: "/" }));
    const cookie = (saved.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const request = new Request("http://localhost/", {
      headers: { Cookie: cookie, "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    expect(await detector.getLocale(request)).toBe("en");
    const withoutCookie = new Request("http://localhost/", {
      headers: { "Accept-Language": "fr-FR" },
    });
    expect(await detector.getLocale(withoutCookie)).toBe("fr");
  });

  it("falls back to en for any other language", async () => {
    const detector = createLocaleDetector();
    const request = new Request("http://localhost/", {
      headers: { "Accept-Language": "es-ES,es;q=0.9" },
    });
    expect(await detector.getLocale(request)).toBe("en");
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/vip#niveles")).toBe("/vip#niveles");
  });

  it("percent-encodes characters a Location header cannot carry as they are", () => {
    expect(safeRedirectPath("/términos?q=año")).toBe("/t%C3%A9rminos?q=a%C3%B1o");
    expect(safeRedirectPath("/€/漢字")).toBe("/%E2%82%AC/%E6%BC%A2%E5%AD%97");
    expect(safeRedirectPath("/ya%20codificado")).toBe("/ya%20codificado");
  });
});

/** Where a browser on the site's page goes when it follows `location`. */
function followedFrom(page: string, location: string): URL {
  return new URL(location, page);
}

describe("safeRedirectPath, for any input", () => {
  /** Pieces that change how a path resolves, to build hostile inputs from. */
  const piece = fc.constantFrom(
    "/",
    "//",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%5c",
    "\\",
    "\t",
    "\n",
    " ",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "https:",
    "terms",
    "\u3002",
    "%",
  );
  const inputs = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join("")),
    fc.array(piece, { maxLength: 12 }).map((pieces) => `/${pieces.join("")}`),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.webUrl().map((url) => url.replace(/^https?:/, "")),
  );

  it("gives a Location that a browser resolves on the site", () => {
    const site = "https://www.brisamar.example";
    fc.assert(
      fc.property(inputs, fc.constantFrom("/_app/locale", "/terms/", "/a/b/c"), (value, page) => {
        const location = safeRedirectPath(value);
        expect(location.startsWith("/")).toBe(true);
        expect(followedFrom(`${site}${page}`, location).origin).toBe(site);
        expect(location).toMatch(/^[\x21-\x7e]*$/);
      }),
      { numRuns: 2000 },
    );
  });
});
