/**
 * Passwords of named accounts, stored as a slow hash: scrypt (node:crypto) with a random
 * salt, its cost parameters kept beside it ("scrypt$N$r$p$salt$hash") so they can grow
 * later without making old hashes unreadable. Hashing runs on libuv's pool, never on the
 * thread that answers requests.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** About 50 ms a hash here: slow for a guesser, quick for a login. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;

/** The shortest password an account may have. */
export const MIN_PASSWORD_LENGTH = 12;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_BYTES,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** True when `password` is the one `stored` was made from (false for anything malformed). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  }).catch(() => null);
  return key !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password to hand to a new account: 18 random bytes, 24 characters. */
export const newPassword = (): string => randomBytes(18).toString("base64url");
