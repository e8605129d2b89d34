import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import { clientAddress } from "./client-address";

function request(peer: string, headers: Record<string, string | string[]> = {}) {
  const socket = { remoteAddress: peer };
  return { socket, connection: socket, headers } as unknown as IncomingMessage;
}

describe("clientAddress", () => {
  it("is the socket's peer when no header is configured", () => {
    const { of } = clientAddress({ header: undefined, trustedProxies: ["loopback"] });
    expect(of(request("203.0.113.7", { "x-forwarded-for": "198.51.100.1" }))).toBe("203.0.113.7");
  });

  it("takes from X-Forwarded-For only the hops trusted proxies added", () => {
    const { of } = clientAddress({
      header: "x-forwarded-for",
      trustedProxies: ["loopback", "10.0.0.0/8"],
    });
    // The client wrote "1.2.3.4"; nginx on loopback appended the address it saw.
    expect(of(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4, 203.0.113.7" }))).toBe(
      "203.0.113.7",
    );
    // Two trusted hops: the CDN's edge (10.1.2.3) and nginx.
    expect(of(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4, 203.0.113.7, 10.1.2.3" }))).toBe(
      "203.0.113.7",
    );
    // A client that talks to the server directly cannot choose its address.
    expect(of(request("203.0.113.9", { "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.9");
  });

  it("trusts no hop when no proxy is trusted", () => {
    const { of } = clientAddress({ header: "x-forwarded-for", trustedProxies: [] });
    expect(of(request("127.0.0.1", { "x-forwarded-for": "1.2.3.4" }))).toBe("127.0.0.1");
  });

  it("reads another header only when a trusted proxy sent the request", () => {
    const { of } = clientAddress({ header: "cf-connecting-ip", trustedProxies: ["10.0.0.0/8"] });
    expect(of(request("10.0.0.5", { "cf-connecting-ip": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(of(request("10.0.0.5", { "cf-connecting-ip": "1.2.3.4, 203.0.113.7" }))).toBe(
      "203.0.113.7",
    );
    expect(of(request("10.0.0.5"))).toBe("10.0.0.5");
    expect(of(request("198.51.100.1", { "cf-connecting-ip": "1.2.3.4" }))).toBe("198.51.100.1");
  });

  it("says which addresses are trusted proxies", () => {
    const { isTrustedProxy } = clientAddress({ header: undefined, trustedProxies: ["loopback"] });
    expect(isTrustedProxy("127.0.0.1")).toBe(true);
    expect(isTrustedProxy("::1")).toBe(true);
    expect(isTrustedProxy("::ffff:127.0.0.1")).toBe(true);
    expect(isTrustedProxy("203.0.113.7")).toBe(false);
  });
});
