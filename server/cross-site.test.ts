import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import { crossSiteReason } from "./cross-site";
import { inspectRequest, refusalLogLine } from "./request-guard";

const SITE = "https://www.brisamar.example";

function post(headers: Record<string, string>, method = "POST") {
  const rawHeaders = Object.entries(headers).flat();
  return { method, url: "/admin", headers, rawHeaders } as unknown as IncomingMessage;
}

describe("crossSiteReason", () => {
  it("passes a post from the site's public origin or from the host it was sent to", () => {
    expect(crossSiteReason(post({ origin: SITE, host: "127.0.0.1:3000" }), SITE)).toBeNull();
    expect(
      crossSiteReason(post({ origin: "http://localhost:3000", host: "localhost:3000" }), SITE),
    ).toBeNull();
    expect(
      crossSiteReason(post({ origin: "http://LocalHost:3000", host: "localhost:3000" }), undefined),
    ).toBeNull();
  });

  it("passes a post without Origin, and any request that is not a post", () => {
    expect(crossSiteReason(post({ host: "localhost:3000" }), SITE)).toBeNull();
    const evil = { origin: "https://evil.example", host: "localhost:3000" };
    expect(crossSiteReason(post(evil, "GET"), SITE)).toBeNull();
    expect(crossSiteReason(post(evil, "OPTIONS"), SITE)).toBeNull();
  });

  it.each([
    ["https://evil.example", "localhost:3000"],
    ["null", "localhost:3000"],
    ["not a url", "localhost:3000"],
    ["https://www.brisamar.example.evil.example", "www.brisamar.example"],
    ["http://localhost:3001", "localhost:3000"],
  ])("refuses a post from Origin %s to Host %s", (origin, host) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(crossSiteReason(post({ origin, host }, method), SITE)).toBe(
        `cross-site Origin ${JSON.stringify(origin)}`,
      );
    }
  });

  it("remembers only a same-site answer, for that site, Host and Origin exactly", () => {
    const own = { origin: "http://localhost:3000", host: "localhost:3000" };
    expect(crossSiteReason(post(own), SITE)).toBeNull();
    expect(crossSiteReason(post(own), SITE)).toBeNull();
    // The same Origin sent to another Host, or another Origin to the same Host, is judged anew.
    expect(crossSiteReason(post({ ...own, host: "localhost:3001" }), SITE)).not.toBeNull();
    expect(crossSiteReason(post({ ...own, origin: "http://evil.example" }), SITE)).not.toBeNull();
    expect(crossSiteReason(post({ origin: SITE }), SITE)).toBeNull();
    expect(crossSiteReason(post({ origin: SITE }), "https://other.example")).not.toBeNull();
  });

  it("refuses a post with Origin and no Host unless it is the public origin", () => {
    expect(crossSiteReason(post({ origin: "https://evil.example" }), SITE)).not.toBeNull();
    expect(crossSiteReason(post({ origin: SITE }), SITE)).toBeNull();
  });
});

describe("the guard's cross-site refusal", () => {
  it("refuses with 403 and logs one line naming the request and the Origin", () => {
    const isAdminForm = (route: string) => route === "/admin";
    const options = { admin: true, isAdminForm, siteOrigin: SITE };
    expect(inspectRequest(post({ origin: SITE }), options)).toEqual({ ok: true });
    const verdict = inspectRequest(post({ origin: "https://evil.example", host: "x" }), options);
    expect(verdict).toMatchObject({ ok: false, status: 403 });
    const line = verdict.ok ? null : refusalLogLine(post({}), verdict);
    expect(line).toBe(`[server] 403 POST /admin: cross-site Origin "https://evil.example"`);
  });
});
