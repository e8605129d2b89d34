/**
 * The CSV between the import's preview and its confirmation, kept by the page instead of
 * the server: the confirmation form carries the file compressed (gzip, base64) in a hidden
 * field, with the time it was previewed and an HMAC of both. The server keeps nothing
 * between the two requests (no temporary file, nothing to clean up, any instance can
 * confirm), and what is imported is exactly the file that was previewed: an altered, forged
 * or stale (over an hour) field is refused, and the marketer uploads the file again.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";

import { env } from "~/config/env.server";

import { MAX_IMPORT_BYTES } from "./csv-import.server";

/** How long a preview can be confirmed. */
export const SEAL_TTL_MS = 60 * 60 * 1000;

/**
 * Derived from SESSION_SECRET (never the secret itself), so a preview survives a restart
 * when it is set; else random per start, like the sessions.
 */
const key = env.SESSION_SECRET
  ? createHmac("sha256", env.SESSION_SECRET).update("csv-import-seal").digest()
  : randomBytes(32);

const signatureOf = (issued: string, payload: string) =>
  createHmac("sha256", key).update(`${issued}.${payload}`).digest("base64url");

/** The hidden field's value for a file's text. */
export function sealImport(text: string, now = Date.now()): string {
  const payload = gzipSync(text).toString("base64");
  const issued = String(now);
  return `${issued}.${signatureOf(issued, payload)}.${payload}`;
}

/** The text a sealed field carries, or null when it was altered, forged or has expired. */
export function openImport(sealed: string, now = Date.now()): string | null {
  const [issued = "", signature = "", payload = ""] = sealed.split(".");
  if (!/^\d{1,15}$/.test(issued)) return null;
  const expected = Buffer.from(signatureOf(issued, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now - Number(issued);
  if (age < 0 || age > SEAL_TTL_MS) return null;
  try {
    return gunzipSync(Buffer.from(payload, "base64"), {
      maxOutputLength: MAX_IMPORT_BYTES + 1,
    }).toString("utf8");
  } catch {
    return null;
  }
}
