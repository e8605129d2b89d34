/**
 * The reference of the redirect bench (scripts/bench-redirects.ts): a bare node:http handler
 * answering every request with the 302 the site's server sends for an outbound click, with
 * the same headers (as the bench recorded them) and a Location of the same shape, a new
 * 16-character click id each time. Nothing more: this is what Node itself can do for this
 * answer.
 * Usage: node scripts/bench-bare-redirect.mjs <port> <recorded answer .json>
 *   the JSON: { "headers": [[name, value], …], "location": "https://…&clickid=<id>" }
 */
import { randomFillSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, "utf8"));
/** Per connection, not per answer: Node writes these itself. */
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "location"]);
const headers = recorded.headers.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())).flat();
// The location up to its click id, which the handler draws anew (as the site does, from a pool).
const prefix = recorded.location.slice(0, -16);
const ID_BYTES = 12;
const POOL_IDS = 256;
const pool = Buffer.alloc(ID_BYTES * POOL_IDS);
let next = POOL_IDS;
function newId() {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const start = next++ * ID_BYTES;
  return pool.toString("base64url", start, start + ID_BYTES);
}

createServer((req, res) => {
  res.writeHead(302, [...headers, "Location", prefix + newId()]);
  res.end();
}).listen(Number(port), "127.0.0.1");
