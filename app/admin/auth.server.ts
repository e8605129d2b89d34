/**
 * The dashboard's door: on only when ADMIN_PASSWORD is set; a login form whose success
 * is a signed session cookie (HttpOnly, Secure, SameSite=Strict, path /admin, 12 hours);
 * the password compared in constant time; failed attempts limited per client.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { createCookieSessionStorage } from "@remix-run/node";

import { env } from "~/config/env.server";

export const ADMIN_PATH = "/admin";

export function adminEnabled(): boolean {
  return Boolean(env.ADMIN_PASSWORD);
}

/**
 * The one place that decides "the dashboard is off": without ADMIN_PASSWORD its paths do
 * not exist. Every admin loader and action calls this first; the 404 it throws renders the
 * site's 404 page (header, footer, the not-found texts), as an unknown path does.
 */
export function requireDashboard(): void {
  if (!adminEnabled()) throw new Response(null, { status: 404 });
}

const secret = env.SESSION_SECRET ?? randomBytes(32).toString("base64url");

/**
 * `text` with a signature of the dashboard's secret (the studio's shared preview links): who
 * holds the result can show it, nobody can make another. Valid while SESSION_SECRET is.
 */
export function signText(text: string): string {
  const mac = createHmac("sha256", secret).update(text, "utf8").digest("base64url");
  return `${Buffer.from(text, "utf8").toString("base64url")}.${mac}`;
}

/** The text signText signed, or null for anything it did not sign. */
export function signedText(token: string): string | null {
  const [body, mac] = token.split(".");
  if (!body || !mac || !/^[A-Za-z0-9_-]+$/.test(body)) return null;
  const text = Buffer.from(body, "base64url").toString("utf8");
  const expected = createHmac("sha256", secret).update(text, "utf8").digest();
  const given = Buffer.from(mac, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? text : null;
}

const sessions = createCookieSessionStorage<{ admin: true }>({
  cookie: {
    name: "admin_session",
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: ADMIN_PATH,
    maxAge: 12 * 60 * 60,
    secrets: [secret],
  },
});

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Compares digests of equal length, so the time taken says nothing about the password. */
export function passwordMatches(candidate: string, password = env.ADMIN_PASSWORD): boolean {
  if (!password) return false;
  return timingSafeEqual(digest(candidate), digest(password));
}

export async function isLoggedIn(request: Request): Promise<boolean> {
  const session = await sessions.getSession(request.headers.get("Cookie"));
  return session.get("admin") === true;
}

/** Set-Cookie of a new logged-in session. */
export async function logIn(request: Request): Promise<string> {
  const session = await sessions.getSession(request.headers.get("Cookie"));
  session.set("admin", true);
  return sessions.commitSession(session);
}

/** Set-Cookie that ends the session. */
export async function logOut(request: Request): Promise<string> {
  return sessions.destroySession(await sessions.getSession(request.headers.get("Cookie")));
}

/**
 * Failed logins per client in a sliding minute. The client is a hash of its address, kept
 * in memory for that minute only; at most `maxClients` are tracked (the oldest go first),
 * so a flood of addresses cannot grow the memory.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly maxFailures = 5,
    readonly windowMs = 60_000,
    readonly maxClients = 10_000,
  ) {}

  private key(client: string): string {
    return createHash("sha256").update(client).digest("base64url").slice(0, 22);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
  }

  /** Seconds until the client may try again, or 0 when it may try now. */
  retryAfter(client: string, now = Date.now()): number {
    const recent = this.recent(this.key(client), now);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
  }

  fail(client: string, now = Date.now()): void {
    const key = this.key(client);
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key);
    this.failures.set(key, recent);
    while (this.failures.size > this.maxClients) {
      this.failures.delete(this.failures.keys().next().value!);
    }
  }

  succeed(client: string): void {
    this.failures.delete(this.key(client));
  }

  get size(): number {
    return this.failures.size;
  }
}

export const loginLimiter = new LoginLimiter();
