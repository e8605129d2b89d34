/**
 * Click ids: 16 URL-safe characters, one per outbound click: 7 for the click's time (42
 * bits of milliseconds), then 9 random ones (54 random bits). The affiliate program
 * receives the id with the visitor and sends it back in its postbacks, which is how a
 * registration or a deposit finds its click. An id says nothing about the visitor: not
 * derived from the address or the browser, and never kept in the visitor's browser; its
 * time is the moment the program sees the visitor arrive anyway.
 *
 * Why the time first: the ledger finds a click by its id through a unique index, and an id
 * that sorts by time is written at that index's end, where a random one made every insert
 * touch a page of its own (docs/decisions/027-time-ordered-click-ids.md).
 */
import { randomFillSync } from "node:crypto";

/**
 * The characters of an id, URL-safe and in their byte order, so ids sort as their times do
 * (as text, and in either database's index).
 */
const ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
const TIME_CHARACTERS = 7;
const RANDOM_CHARACTERS = 9;
/** Random bytes are drawn from the system in blocks of this many ids (one call, not 256). */
const POOL_IDS = 256;

const pool = Buffer.alloc(RANDOM_CHARACTERS * POOL_IDS);
let next = POOL_IDS;

/** A new click id, e.g. "0PgXk5Hbq2LrV_wJ"; `now` is the click's time (ms). */
export function newClickId(now: number = Date.now()): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  let time = "";
  let rest = Math.floor(now);
  for (let index = 0; index < TIME_CHARACTERS; index++) {
    time = ALPHABET[rest % 64]! + time;
    rest = Math.floor(rest / 64);
  }
  let random = "";
  const start = next++ * RANDOM_CHARACTERS;
  // 6 bits of each byte: 256 is a multiple of 64, so every character is as likely.
  for (let index = start; index < start + RANDOM_CHARACTERS; index++) {
    random += ALPHABET[pool[index]! & 63]!;
  }
  return time + random;
}

/** What an id made here looks like. */
export const CLICK_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/**
 * What the postback receiver accepts as a click id: the ids made here, and (kept as an
 * orphan, since no click has it) any other short URL-safe token a program may send.
 */
export const RECEIVED_CLICK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
