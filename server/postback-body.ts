/**
 * The parameters of a postback's POST body as name/value pairs, in the order they came,
 * for readPostback (app/conversions/postback-input.ts): a form
 * (application/x-www-form-urlencoded) or a flat JSON object of strings and numbers.
 * - Raw bytes that are not UTF-8 are refused here (`bad_encoding`); a percent-encoded one
 *   becomes U+FFFD, which readPostback refuses in the parameters it reads. (In the query,
 *   Node itself answers 400 to raw bytes above 0x7F in the request target.)
 * - A JSON number is taken as its text ("12.50" stays "12.50", "1e309" stays "1e309"), so
 *   amounts never pass through a float; that is why the object is read by this small
 *   scanner and not JSON.parse, which also keeps only the last of two equal keys (here both
 *   reach readPostback, which refuses the repetition).
 */
import type { RejectionReason } from "~/conversions/postback-input";

export type Pairs = [string, string][];
export type PairsReading = { ok: true; pairs: Pairs } | { ok: false; reason: RejectionReason };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as UTF-8 text, or null when they are not UTF-8. */
function textOf(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The body's pairs, by its media type. */
export function bodyPairs(contentType: string | undefined, body: Uint8Array): PairsReading {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (body.length === 0 && type === "") return { ok: true, pairs: [] };
  const text = textOf(body);
  if (text === null) return { ok: false, reason: "bad_encoding" };
  if (type === "application/x-www-form-urlencoded") {
    return { ok: true, pairs: [...new URLSearchParams(text)] };
  }
  if (type === "application/json") {
    const pairs = flatJsonPairs(text);
    return pairs ? { ok: true, pairs } : { ok: false, reason: "bad_body" };
  }
  return { ok: false, reason: "bad_body" };
}

const SPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The pairs of a JSON object whose values are strings or numbers, or null. */
export function flatJsonPairs(text: string): Pairs | null {
  let at = 0;
  const match = (pattern: RegExp): string | null => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (!found) return null;
    at = pattern.lastIndex;
    return found[0];
  };
  const punctuation = (character: string): boolean => {
    match(SPACE);
    if (text[at] !== character) return false;
    at += 1;
    match(SPACE);
    return true;
  };

  if (!punctuation("{")) return null;
  const pairs: Pairs = [];
  if (!punctuation("}")) {
    do {
      const name = match(STRING);
      if (name === null || !punctuation(":")) return null;
      const string = match(STRING);
      const value = string === null ? match(NUMBER) : (JSON.parse(string) as string);
      if (value === null) return null; // an object, an array, true, false or null
      pairs.push([JSON.parse(name) as string, value]);
    } while (punctuation(","));
    if (!punctuation("}")) return null;
  }
  return at === text.length ? pairs : null;
}
