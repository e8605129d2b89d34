/**
 * The dashboard's door: on only when ADMIN_PASSWORD is set; a login form whose success
 * is a session on the server and its token in a cookie (HttpOnly, Secure, SameSite=Strict,
 * path /admin, 12 hours); ADMIN_PASSWORD compared in constant time (named accounts:
 * people.server.ts); failed attempts limited per client group, per account and in total.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import { createCookie, type AppLoadContext } from "@remix-run/node";
import ipaddr from "ipaddr.js";

import { env } from "~/config/env.server";
import { readLedger } from "~/reports/ledger-read.server";

import { SESSION_MS, type Person } from "./people.server";

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

/**
 * The session cookie: HttpOnly, Secure, SameSite=Strict, path /admin, 12 hours. It holds a
 * random token; the session itself is on the server (people.server.ts), so a logout ends
 * it there, on every instance.
 */
const sessionCookie = createCookie("admin_session", {
  httpOnly: true,
  secure: true,
  sameSite: "strict",
  path: ADMIN_PATH,
  maxAge: SESSION_MS / 1000,
});

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Compares digests of equal length, so the time taken says nothing about the password. */
export function passwordMatches(candidate: string, password = env.ADMIN_PASSWORD): boolean {
  if (!password) return false;
  return timingSafeEqual(digest(candidate), digest(password));
}

/** The person logged in on this request, or null. */
export async function personOf(
  request: Request,
  context: Pick<AppLoadContext, "people">,
): Promise<Person | null> {
  const token = (await sessionCookie.parse(request.headers.get("Cookie"))) as unknown;
  // The database out of reach is a 503 (the site's page, Retry-After), not a 500.
  return typeof token === "string" ? readLedger(() => context.people.personOf(token)) : null;
}

/** Starts a session for a person: the Set-Cookie that carries it. */
export async function logIn(
  context: Pick<AppLoadContext, "people">,
  person: Person,
): Promise<string> {
  return sessionCookie.serialize(await context.people.startSession(person));
}

/** Ends the request's session on the server: the Set-Cookie that drops it. */
export async function logOut(
  request: Request,
  context: Pick<AppLoadContext, "people">,
): Promise<string> {
  const token = (await sessionCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (typeof token === "string") await context.people.endSession(token);
  return sessionCookie.serialize("", { maxAge: 0 });
}

/**
 * The group of addresses one client is counted as: an IPv4 address, or an IPv6 address's
 * /64 (one subscriber's network: a client that changes the last 64 bits is still one).
 */
export function clientGroup(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
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

/** Failed logins per client group (clientGroup): 5 a minute. */
export const loginLimiter = new LoginLimiter();
/** Failed logins per account named, from anywhere: 10 a minute (a botnet tries one account). */
export const accountLimiter = new LoginLimiter(10);
/** Failed logins in total: 300 a minute, whoever sends them. */
export const totalLimiter = new LoginLimiter(300, 60_000, 1);
