import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import { cacheKey } from "./cache-key";
import { parseTarget, setTarget } from "./request-target";

/** A request as the guard leaves it: its target parsed. */
function req(url: string, headers: Record<string, string> = {}, method = "GET") {
  const request = { url, method, headers } as unknown as IncomingMessage;
  setTarget(request, parseTarget(url));
  return request;
}

describe("cacheKey", () => {
  it("ignores tracking parameters and any query string pages do not read", () => {
    const key = cacheKey(req("/terms"), undefined);
    expect(cacheKey(req("/terms?utm_source=a&gclid=b&fbclid=c&subid=d"), undefined)).toBe(key);
    expect(cacheKey(req("/terms?anything=else"), undefined)).toBe(key);
    expect(cacheKey(req("/privacy"), undefined)).not.toBe(key);
  });

  it("gives HEAD the key of GET", () => {
    expect(cacheKey(req("/", {}, "HEAD"), undefined)).toBe(cacheKey(req("/"), undefined));
  });

  it("does not key on the raw Accept-Language: every value resolves to the one locale", () => {
    const spanish = cacheKey(req("/", { "accept-language": "es-ES,es;q=0.9" }), undefined);
    expect(cacheKey(req("/", { "accept-language": "fr" }), undefined)).toBe(spanish);
  });

  it("keeps Remix data requests, credentials and other methods out of the cache", () => {
    expect(cacheKey(req("/?_data=root"), undefined)).toBeNull();
    expect(cacheKey(req("/?utm_source=a&_data=root"), undefined)).toBeNull();
    expect(cacheKey(req("/?%5Fdata=root"), undefined)).toBeNull();
    expect(cacheKey(req("/?index&_data=routes%2Findex"), undefined)).toBeNull();
    expect(cacheKey(req("/?my_data=1&indexes=2"), undefined)).toBe(cacheKey(req("/"), undefined));
    expect(cacheKey(req("/", { cookie: "ui_locale=en" }), undefined)).toBeNull();
    expect(cacheKey(req("/", { authorization: "Basic eDp5" }), undefined)).toBeNull();
    expect(cacheKey(req("/", {}, "POST"), undefined)).toBeNull();
  });

  it("keys a page under an experiment by the variants assigned to the request", () => {
    const control = cacheKey(req("/"), undefined, "home-h1=A");
    const variant = cacheKey(req("/"), undefined, "home-h1=B");
    expect(control).not.toBe(variant);
    expect(control).not.toBe(cacheKey(req("/"), undefined));
    expect(cacheKey(req("/?variant=B&utm_source=x"), undefined, "home-h1=A")).toBe(control);
  });
});
