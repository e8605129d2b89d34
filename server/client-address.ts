/**
 * The client's address, for the daily visitor key and rate limits only (never stored).
 * A header that carries it is believed only as far as proxies we configured vouch for it,
 * as Express's `trust proxy` does (proxy-addr): any client can send X-Forwarded-For or
 * CF-Connecting-IP with an address of its choosing.
 * - X-Forwarded-For: walked from the socket's peer backwards, each hop counting while the
 *   address before it is a trusted proxy; the first untrusted address is the client.
 * - Any other header (CF-Connecting-IP, X-Real-IP): a proxy sets it whole, so it counts
 *   when the socket's peer is a trusted proxy; its last value, should a client's copy
 *   precede the proxy's.
 */
import type { IncomingMessage } from "node:http";

import proxyAddr from "proxy-addr";

export type ClientAddressOptions = {
  /** Header with the client's address, lower case (unset: the socket's peer). */
  header: string | undefined;
  /** Trusted proxies: addresses, CIDR ranges, loopback, linklocal, uniquelocal. */
  trustedProxies: readonly string[];
};

export type ClientAddress = {
  /** The client's address for this request. */
  of: (req: IncomingMessage) => string;
  /** True when the address is one of the trusted proxies. */
  isTrustedProxy: (address: string) => boolean;
};

/** Addresses whose trust is remembered at most (a table cleared when full). */
const TRUST_MEMO_LIMIT = 10_000;

export function clientAddress({ header, trustedProxies }: ClientAddressOptions): ClientAddress {
  const compiled = proxyAddr.compile([...trustedProxies]);
  // proxy-addr parses the address on every call (a few microseconds, most of what a cached
  // page under an experiment costs more than one without): the answer per address is kept.
  const trusted = new Map<string, boolean>();
  const isTrustedProxy = (address: string) => {
    let known = trusted.get(address);
    if (known === undefined) {
      if (trusted.size >= TRUST_MEMO_LIMIT) trusted.clear();
      known = compiled(address, 0);
      trusted.set(address, known);
    }
    return known;
  };
  const trust = (address: string) => isTrustedProxy(address);
  const of = (req: IncomingMessage): string => {
    const peer = req.socket.remoteAddress ?? "";
    if (!header || !peer) return peer;
    if (header === "x-forwarded-for") return proxyAddr(req, trust);
    if (!isTrustedProxy(peer)) return peer;
    const value = req.headers[header];
    const last = (Array.isArray(value) ? value.join(",") : value)?.split(",").pop()?.trim();
    return last || peer;
  };
  return { of, isTrustedProxy };
}
