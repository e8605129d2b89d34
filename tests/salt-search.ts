/**
 * The attack that decision 017 closes, for tests: a visitor key, the address and User-Agent
 * it was made from (an attacker guesses them), and some stored bytes (a ledger file, a
 * backup, one cell). Every 32-byte run of the bytes, and every run of text that decodes to
 * 32 bytes (base64url, base64, hex), is tried as the day's salt; a salt is found when it
 * gives the same key. None found means these bytes alone cannot reverse the key.
 */
import { hash } from "node:crypto";

import SQLite from "better-sqlite3";

export type Visitor = { ip: string; agent: string; day: string; key: string };

/** Text runs that may encode 32 bytes: base64url or base64 (43–44 characters), hex (64). */
const ENCODED = [
  { pattern: /[A-Za-z0-9_-]{43,}/g, length: 43, encoding: "base64url" },
  { pattern: /[A-Za-z0-9+/]{43,}={0,1}/g, length: 43, encoding: "base64" },
  { pattern: /[0-9a-fA-F]{64,}/g, length: 64, encoding: "hex" },
] as const;

/**
 * The visitors whose salt some run of `bytes` is: used as the day's salt, it reproduces
 * their key. The key is computed as VisitorKeys does (the search's own test checks that it
 * agrees), once per run and address for every visitor at once.
 */
export function saltsIn(bytes: Buffer, visitors: readonly Visitor[]): Visitor[] {
  const found = new Set<Visitor>();
  const byText = new Map<string, Visitor[]>();
  for (const visitor of visitors) {
    const text = `${visitor.ip}\u0000${visitor.agent}`;
    byText.set(text, [...(byText.get(text) ?? []), visitor]);
  }
  const texts = [...byText].map(([text, those]) => ({ bytes: Buffer.from(text), those }));
  const tryAsSalt = (salt: Buffer) => {
    for (const text of texts) {
      const key = hash("sha256", Buffer.concat([salt, text.bytes]), "base64url").slice(0, 22);
      for (const visitor of text.those) if (visitor.key === key) found.add(visitor);
    }
  };
  for (let start = 0; start + 32 <= bytes.length; start++) {
    // A random salt starting with four zero bytes: one chance in four billion.
    if (bytes.readUInt32BE(start) === 0) continue;
    tryAsSalt(bytes.subarray(start, start + 32));
  }
  const text = bytes.toString("latin1");
  for (const { pattern, length, encoding } of ENCODED) {
    for (const run of text.matchAll(pattern)) {
      for (let start = 0; start + length <= run[0].length; start++) {
        const salt = Buffer.from(run[0].slice(start, start + length), encoding);
        if (salt.length === 32) tryAsSalt(salt);
      }
    }
  }
  return visitors.filter((visitor) => found.has(visitor));
}

/** True when some run of `bytes` is the visitor's salt (saltsIn). */
export function holdsSaltOf(bytes: Buffer, visitor: Visitor): boolean {
  return saltsIn(bytes, [visitor]).length > 0;
}

/**
 * The tables of a SQLite file whose cells hold the visitor's salt (any table, any column):
 * what someone who opens the file with `sqlite3` finds.
 */
export function tablesHoldingSaltOf(file: string, visitor: Visitor): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all() as string[];
    return tables.filter((table) =>
      (db.prepare(`select * from "${table}"`).raw().all() as unknown[][]).some((row) =>
        row.some((cell) => {
          if (cell === null || typeof cell === "number" || typeof cell === "bigint") return false;
          const bytes = Buffer.isBuffer(cell) ? cell : Buffer.from(String(cell));
          return holdsSaltOf(bytes, visitor);
        }),
      ),
    );
  } finally {
    db.close();
  }
}
