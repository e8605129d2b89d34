/**
 * Click ids: 96 random bits written as 16 URL-safe characters (base64url), one per
 * outbound click. The affiliate program receives the id with the visitor and sends it back
 * in its postbacks, which is how a registration or a deposit finds its click. An id is
 * random and says nothing about the visitor: not derived from the address, the browser or
 * the time, and never kept in the visitor's browser.
 */
import { randomFillSync } from "node:crypto";

/** Bytes per id: 96 bits. */
const ID_BYTES = 12;
/** Random bytes are drawn from the system in blocks of this many ids (one call, not 256). */
const POOL_IDS = 256;

const pool = Buffer.alloc(ID_BYTES * POOL_IDS);
let next = POOL_IDS;

/** A new click id, e.g. "Jx0cS8mYbq2LrV_w". */
export function newClickId(): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const start = next++ * ID_BYTES;
  return pool.toString("base64url", start, start + ID_BYTES);
}

/** What an id made here looks like. */
export const CLICK_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * What the postback receiver accepts as a click id: the ids made here, and (kept as an
 * orphan, since no click has it) any other short URL-safe token a program may send.
 */
export const RECEIVED_CLICK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
