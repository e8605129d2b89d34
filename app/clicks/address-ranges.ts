/**
 * Address ranges (CIDR blocks) kept as sorted, merged intervals of fixed-width hex text,
 * so a lookup is a binary search of string comparisons: IPv4 as 8 hex digits, IPv6 as 32.
 * Built by the update command (scripts/update-datacentres.ts) from the providers' lists,
 * stored in that form (data/datacentre-ranges.json) and read at request time
 * (./data-centres.server.ts). Parsing is ipaddr.js's, but for the dotted IPv4 address
 * (plain or IPv4-mapped) of nearly every click, which Node's own check validates and four
 * numbers write: ipaddr.js tries it as IPv6 first, at a tenth of a redirect's time.
 */
import { isIPv4 } from "node:net";

import ipaddr from "ipaddr.js";

/** One interval, its first and last address in hex: "0a000000-0affffff". */
export type HexRange = string;
export type RangeLists = { v4: HexRange[]; v6: HexRange[] };

const hexOf = (bytes: readonly number[]): string =>
  bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** An address as ipaddr.js reads it, an IPv4-mapped IPv6 address as the IPv4 one. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  return ipaddr.process(address);
}

/** A CIDR block ("3.5.140.0/22", "2600:1f00::/24") as its family and hex interval; null if not one. */
export function rangeOfCidr(cidr: string): { family: "v4" | "v6"; range: HexRange } | null {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  let bits: number;
  try {
    [address, bits] = ipaddr.parseCIDR(cidr.trim());
  } catch {
    return null;
  }
  const bytes = address.toByteArray();
  const first: number[] = [];
  const last: number[] = [];
  bytes.forEach((byte, index) => {
    const kept = Math.max(0, Math.min(8, bits - index * 8));
    const mask = (0xff << (8 - kept)) & 0xff;
    first.push(byte & mask);
    last.push((byte & mask) | (~mask & 0xff));
  });
  return {
    family: address.kind() === "ipv4" ? "v4" : "v6",
    range: `${hexOf(first)}-${hexOf(last)}`,
  };
}

/** The next address after `hex` (same width), or null past the last. */
function following(hex: string): string | null {
  const value = BigInt(`0x${hex}`) + 1n;
  const text = value.toString(16);
  return text.length > hex.length ? null : text.padStart(hex.length, "0");
}

/** Intervals sorted by start, overlapping and adjacent ones merged. */
export function mergeRanges(ranges: readonly HexRange[]): HexRange[] {
  const sorted = [...ranges].sort();
  const merged: [string, string][] = [];
  for (const range of sorted) {
    const [start, end] = range.split("-") as [string, string];
    const previous = merged[merged.length - 1];
    if (previous && (start <= previous[1] || start === following(previous[1]))) {
      if (end > previous[1]) previous[1] = end;
    } else merged.push([start, end]);
  }
  return merged.map(([start, end]) => `${start}-${end}`);
}

/** Lists of CIDR blocks as merged intervals per family; the blocks that are no CIDR apart. */
export function rangesOfCidrs(cidrs: Iterable<string>): RangeLists & { invalid: string[] } {
  const lists: RangeLists = { v4: [], v6: [] };
  const invalid: string[] = [];
  for (const cidr of cidrs) {
    const parsedRange = rangeOfCidr(cidr);
    if (parsedRange) lists[parsedRange.family].push(parsedRange.range);
    else invalid.push(cidr);
  }
  return { v4: mergeRanges(lists.v4), v6: mergeRanges(lists.v6), invalid };
}

/** Whether `hex` falls in one of the sorted, merged `ranges` (binary search). */
function within(ranges: readonly HexRange[], hex: string): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const range = ranges[middle]!;
    const dash = range.indexOf("-");
    if (hex < range.slice(0, dash)) high = middle - 1;
    else if (hex > range.slice(dash + 1)) low = middle + 1;
    else return true;
  }
  return false;
}

const MAPPED_PREFIX = "::ffff:";

/** A dotted IPv4 address (plain or IPv4-mapped) as 8 hex digits; null for any other text. */
function dottedHex(address: string): string | null {
  const dotted = address.startsWith(MAPPED_PREFIX) ? address.slice(MAPPED_PREFIX.length) : address;
  if (!isIPv4(dotted)) return null;
  return hexOf(dotted.split(".").map(Number));
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped) is in the lists; false for no address. */
export function inRanges(lists: RangeLists, address: string): boolean {
  const v4 = dottedHex(address);
  if (v4 !== null) return within(lists.v4, v4);
  const ip = parsed(address);
  if (!ip) return false;
  const hex = hexOf(ip.toByteArray());
  return within(ip.kind() === "ipv4" ? lists.v4 : lists.v6, hex);
}
