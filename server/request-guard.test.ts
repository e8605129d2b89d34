import type { IncomingMessage } from "node:http";

import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { adminFormRoutes } from "./app-build";
import { IMPORT_BODY_BYTES, MAX_BODY_BYTES, bodyLimit } from "./request-body";
import { inspectRequest, isValidHost, originForm, refusalLogLine } from "./request-guard";
import { targetOf } from "./request-target";

/** The dashboard's part of a route table as remix.config.js declares it: forms have an action. */
const action = () => null;
const routes = {
  root: { id: "root", path: "", module: {} },
  admin___en: { id: "admin___en", parentId: "root", path: "admin", module: { action } },
  "admin-clicks___en": {
    id: "admin-clicks___en",
    parentId: "root",
    path: "admin/clicks.csv",
    module: {},
  },
  "admin-import___en": {
    id: "admin-import___en",
    parentId: "root",
    path: "admin/import",
    module: { action },
  },
  "admin-postbacks___en": {
    id: "admin-postbacks___en",
    parentId: "root",
    path: "admin/postbacks",
    module: { action },
  },
  "admin-experiments___en": {
    id: "admin-experiments___en",
    parentId: "root",
    path: "admin/experiments",
    module: { action },
  },
  // A page's action (it only answers 405) is no dashboard form.
  slug___en: { id: "slug___en", parentId: "root", path: "*", module: { action } },
} as unknown as ServerBuild["routes"];
/** The dashboard on, its form routes read from the route table. */
const ADMIN = { admin: true, isAdminForm: adminFormRoutes(routes) };

function req(url: string, rawHeaders: string[] = ["Host", "localhost:3000"], method = "GET") {
  const headers: Record<string, string> = {};
  for (let index = 0; index < rawHeaders.length; index += 2) {
    headers[rawHeaders[index]!.toLowerCase()] ??= rawHeaders[index + 1]!;
  }
  return { url, method, rawHeaders, headers } as unknown as IncomingMessage;
}

describe("isValidHost", () => {
  it.each(["localhost", "localhost:3000", "www.example.com", "127.0.0.1:80", "[::1]:3000"])(
    "accepts %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );
  it.each(["a:99999", "a:", "a b", "evil.example/path", "", "a:-1", "[::1", "a:1:2"])(
    "refuses %s",
    (host) => expect(isValidHost(host)).toBe(false),
  );
});

describe("inspectRequest", () => {
  it("lets an ordinary request through unchanged", () => {
    const request = req("/terms?utm_source=x");
    expect(inspectRequest(request)).toEqual({ ok: true });
    expect(request.url).toBe("/terms?utm_source=x");
  });

  it("refuses two Host headers and a Host whose port is out of range", () => {
    expect(inspectRequest(req("/", ["Host", "a", "host", "b"]))).toMatchObject({ status: 400 });
    expect(inspectRequest(req("/", ["Host", "a:99999"]))).toMatchObject({ status: 400 });
  });

  it("drops X-Forwarded-Host, which the site never trusts", () => {
    const request = req("/", ["Host", "localhost", "X-Forwarded-Host", "a:99999"]);
    expect(inspectRequest(request)).toEqual({ ok: true });
    expect(request.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("answers OPTIONS * with Allow and refuses any other asterisk-form request", () => {
    expect(inspectRequest(req("*", undefined, "OPTIONS"))).toMatchObject({
      status: 204,
      allow: "GET, HEAD",
    });
    expect(inspectRequest(req("*"))).toMatchObject({ status: 400 });
  });

  it("reduces an absolute-form target to its path and ignores its host", () => {
    const request = req("http://evil.example:99/terms?x=1");
    expect(inspectRequest(request)).toEqual({ ok: true });
    expect(request.url).toBe("/terms?x=1");
    expect(inspectRequest(req("gopher://x/"))).toMatchObject({ status: 400 });
  });

  it("refuses a method a page does not answer with 405 and the page's Allow", () => {
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]) {
      expect(inspectRequest(req("/terms", undefined, method)), method).toMatchObject({
        status: 405,
        allow: "GET, HEAD",
      });
    }
    expect(inspectRequest(req("/healthz", undefined, "POST"))).toMatchObject({ status: 405 });
    expect(inspectRequest(req("/terms", undefined, "HEAD"))).toEqual({ ok: true });
  });

  it("lets the locale form take POST only, and the dashboard's login only while it is on", () => {
    expect(inspectRequest(req("/_app/locale", undefined, "POST"))).toEqual({ ok: true });
    for (const method of ["GET", "HEAD", "OPTIONS", "TRACE"]) {
      expect(inspectRequest(req("/_app/locale", undefined, method)), method).toMatchObject({
        status: 405,
        allow: "POST",
      });
    }
    expect(inspectRequest(req("/admin", undefined, "POST"))).toMatchObject({
      status: 405,
      allow: "GET, HEAD",
    });
    expect(inspectRequest(req("/admin/", undefined, "POST"), ADMIN)).toEqual({
      ok: true,
    });
    expect(inspectRequest(req("/admin", undefined, "PUT"), ADMIN)).toMatchObject({
      status: 405,
      allow: "GET, HEAD, POST",
    });
  });

  it("lets a program POST to the postback receiver's path only, and without Origin", () => {
    const isPostbackPath = (path: string) => path === "/postback/the-token";
    const options = { admin: false, isPostbackPath };
    expect(inspectRequest(req("/postback/the-token?a=1", undefined, "POST"), options)).toEqual({
      ok: true,
    });
    // A wrong token is an unknown path: its POST is refused as any other.
    expect(inspectRequest(req("/postback/wrong", undefined, "POST"), options)).toMatchObject({
      status: 405,
      allow: "GET, HEAD",
    });
    expect(inspectRequest(req("/postback/the-token", undefined, "PUT"), options)).toMatchObject({
      status: 405,
      allow: "GET, POST",
    });
    // Without a receiver, the path takes no POST.
    expect(inspectRequest(req("/postback/the-token", undefined, "POST"))).toMatchObject({
      status: 405,
    });
  });

  it("lets the page views' beacon POST to its exact path, from the site only", () => {
    const beacon = (path: string, headers?: string[], method = "POST") =>
      inspectRequest(req(path, headers, method));
    expect(beacon("/_app/view")).toEqual({ ok: true });
    expect(beacon("/_app/view?p=/", undefined, "GET")).toEqual({ ok: true });
    expect(beacon("/_app/view", undefined, "PUT")).toMatchObject({
      status: 405,
      allow: "GET, HEAD, POST",
    });
    // Another spelling is a page's path, which takes no POST.
    expect(beacon("/_app/view/")).toMatchObject({ status: 405, allow: "GET, HEAD" });
    expect(beacon("/_app/VIEW")).toMatchObject({ status: 405, allow: "GET, HEAD" });
    const crossSite = ["Host", "site.example", "Origin", "https://evil.example"];
    expect(beacon("/_app/view", crossSite)).toMatchObject({ status: 403 });
    const sameSite = ["Host", "site.example", "Origin", "https://site.example"];
    expect(beacon("/_app/view", sameSite)).toEqual({ ok: true });
  });

  it("refuses a browser's cross-site form post to the receiver and logs it without the token", () => {
    const options = { admin: false, isPostbackPath: () => true };
    const request = req(
      "/postback/the-token",
      ["Host", "site.example", "Origin", "https://evil.example"],
      "POST",
    );
    const verdict = inspectRequest(request, options);
    expect(verdict).toMatchObject({ status: 403 });
    if (verdict.ok) return;
    const line = refusalLogLine(request, verdict);
    expect(line).toContain("POST /postback/…:");
    expect(line).not.toContain("the-token");
  });

  it("refuses a declared body over the limit before anything reads it", () => {
    const length = (bytes: number) => ["Host", "x", "Content-Length", String(bytes)];
    const big = req("/_app/locale", length(MAX_BODY_BYTES + 1), "POST");
    expect(inspectRequest(big)).toMatchObject({ status: 413 });
    expect(inspectRequest(req("/terms", length(MAX_BODY_BYTES + 1), "POST"))).toMatchObject({
      status: 413,
    });
    const small = req("/_app/locale", length(200), "POST");
    expect(inspectRequest(small)).toEqual({ ok: true });
  });

  it("lets the dashboard's routes with an action in the route table take POST, only while it is on", () => {
    for (const path of [
      "/admin/import",
      "/admin/postbacks/",
      "/admin/experiments",
      "/Admin/Import?x=1",
    ]) {
      expect(inspectRequest(req(path, undefined, "POST"), ADMIN), path).toEqual({
        ok: true,
      });
      expect(inspectRequest(req(path, undefined, "POST")), path).toMatchObject({
        status: 405,
        allow: "GET, HEAD",
      });
    }
    expect(inspectRequest(req("/admin/clicks.csv", undefined, "POST"), ADMIN)).toMatchObject({
      status: 405,
    });
    // The page's action (a 405 of its own) does not open the pages to POST.
    expect(inspectRequest(req("/terms", undefined, "POST"), ADMIN)).toMatchObject({
      status: 405,
    });
  });

  it("refuses a cross-site post to the import and postback pages", () => {
    const foreign = ["Host", "localhost:3000", "Origin", "https://evil.example"];
    for (const path of ["/admin/import", "/admin/postbacks"]) {
      expect(inspectRequest(req(path, foreign, "POST"), ADMIN), path).toMatchObject({
        status: 403,
      });
    }
    const own = ["Host", "localhost:3000", "Origin", "http://localhost:3000"];
    expect(inspectRequest(req("/admin/import", own, "POST"), ADMIN)).toEqual({
      ok: true,
    });
  });

  it("accepts a larger body on the import's POST only, and only while the dashboard is on", () => {
    const length = (bytes: number) => ["Host", "x", "Content-Length", String(bytes)];
    const file = IMPORT_BODY_BYTES - 1;
    expect(inspectRequest(req("/admin/import", length(file), "POST"), ADMIN)).toEqual({
      ok: true,
    });
    expect(
      inspectRequest(req("/admin/import", length(IMPORT_BODY_BYTES + 1), "POST"), ADMIN),
    ).toMatchObject({ status: 413 });
    expect(inspectRequest(req("/admin/import", length(file), "POST"))).toMatchObject({
      status: 413,
    });
    for (const path of ["/admin", "/admin/postbacks", "/_app/locale"]) {
      expect(
        inspectRequest(req(path, length(MAX_BODY_BYTES + 1), "POST"), ADMIN),
        path,
      ).toMatchObject({
        status: 413,
      });
    }
    expect(bodyLimit("GET", "/admin/import", ADMIN)).toBe(MAX_BODY_BYTES);
  });
});

describe("the target the guard passes on", () => {
  /** The request's url and parsed target after the guard. */
  const passed = (url: string) => {
    const request = req(url);
    expect(inspectRequest(request)).toEqual({ ok: true });
    return { url: request.url, ...targetOf(request) };
  };

  it("parses path and query once, for every later step", () => {
    expect(passed("/terms?utm_source=x&b=%20")).toEqual({
      url: "/terms?utm_source=x&b=%20",
      path: "/terms",
      query: "utm_source=x&b=%20",
      receivedAt: expect.any(Number),
    });
    expect(passed("/terms")).toMatchObject({ path: "/terms", query: "" });
    expect(passed("/a?b?c")).toMatchObject({ path: "/a", query: "b?c" });
    expect(passed("http://evil.example/go/x?y=1")).toMatchObject({ path: "/go/x", query: "y=1" });
  });

  it("leaves a fragment out of path and query", () => {
    expect(passed("/go/x?y=1#frag")).toMatchObject({ path: "/go/x", query: "y=1" });
    expect(passed("/go/x#a?b")).toMatchObject({ path: "/go/x", query: "" });
  });

  it("escapes the percent signs of a path that does not decode, keeping the query", () => {
    expect(passed("/%zz?q=%zz")).toEqual({
      url: "/%25zz?q=%zz",
      path: "/%25zz",
      query: "q=%zz",
      receivedAt: expect.any(Number),
    });
    expect(passed("/t%C3%A9rminos")).toMatchObject({ url: "/t%C3%A9rminos" });
  });

  it("escapes encoded line terminators, which no route pattern matches", () => {
    expect(passed("/%0A").url).toBe("/%250A");
    expect(passed("/terms%0D?x=%0A")).toMatchObject({
      url: "/terms%250D?x=%0A",
      path: "/terms%250D",
    });
    expect(passed("/%E2%80%A8").url).toBe("/%25E2%2580%25A8");
  });

  it("keeps paths, including //host forms, and refuses what is not a target", () => {
    expect(originForm("//evil.example/")).toBe("//evil.example/");
    expect(originForm("HTTPS://x.example/a?b")).toBe("/a?b");
    expect(originForm("evil.example")).toBeNull();
  });
});
