/**
 * The first look at every request, before the cache, Express or Remix: it turns the parts
 * a client controls (request target, Host, X-Forwarded-Host, method, body size) into
 * something the rest of the server can trust, or into a 4xx verdict.
 * - RFC 9112 §3.2: a request with no valid Host, or with two, is a 400.
 * - The asterisk form (`OPTIONS *`) only makes sense for OPTIONS; the absolute form
 *   (`GET http://host/path`) is reduced to its path (the host named in it is ignored,
 *   like X-Forwarded-Host: the site never builds a URL from the request, see
 *   docs/decisions/010-request-path.md).
 * - A path whose percent-encoding does not decode has its "%" escaped, so the router and
 *   the static-file server see a decodable path and the site answers its own 404 page.
 * - TRACE and TRACK, which the Fetch API cannot represent, become OPTIONS: the site's
 *   405 page answers them.
 * - A declared body over the limit is a 413 before anything reads it.
 */
import type { IncomingMessage } from "node:http";

import { routablePath } from "~/browser/routable-path";

/** Largest request body the site accepts (its forms send a few hundred bytes). */
export const MAX_BODY_BYTES = 16 * 1024;

export type Verdict =
  | { ok: true }
  | { ok: false; status: 400 | 413; reason: string }
  | { ok: false; status: 204; reason: string; allow: string };

/** Methods the Fetch API refuses to construct a Request with. */
const UNREPRESENTABLE_METHODS = new Set(["TRACE", "TRACK"]);

const HOST_PATTERN = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** True for a Host header value a URL can be built from: a name or IP and a port up to 65535. */
export function isValidHost(value: string): boolean {
  const match = HOST_PATTERN.exec(value);
  if (!match) return false;
  return match[1] === undefined || Number(match[1]) <= 65535;
}

/** A request target whose path the router can match (see routablePath), query unchanged. */
export function decodablePath(target: string): string {
  const queryAt = target.indexOf("?");
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return routablePath(path) + (queryAt === -1 ? "" : target.slice(queryAt));
}

/** The origin-form (path and query) of a request target, or null when it has none. */
export function originForm(target: string): string | null {
  if (target.startsWith("/")) {
    // "//host/path" is a path here, not a network-path reference: keep it as a path.
    return target;
  }
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      return `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  return null;
}

function hostHeaders(rawHeaders: readonly string[]): string[] {
  const values: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() === "host") values.push(rawHeaders[index + 1]!);
  }
  return values;
}

/**
 * Checks a request and normalises it in place (url, method, X-Forwarded-Host). Returns
 * `{ ok: true }` when the request may go on.
 */
export function inspectRequest(req: IncomingMessage): Verdict {
  const hosts = hostHeaders(req.rawHeaders);
  if (hosts.length > 1) return { ok: false, status: 400, reason: "more than one Host header" };
  if (hosts.length === 1 && !isValidHost(hosts[0]!.trim())) {
    return { ok: false, status: 400, reason: "invalid Host header" };
  }
  delete req.headers["x-forwarded-host"];

  const target = req.url ?? "";
  if (target === "*") {
    return req.method === "OPTIONS"
      ? { ok: false, status: 204, reason: "server-wide OPTIONS", allow: "GET, HEAD" }
      : { ok: false, status: 400, reason: "asterisk-form target" };
  }
  const path = originForm(target);
  if (path === null) return { ok: false, status: 400, reason: "invalid request target" };
  req.url = decodablePath(path);

  if (UNREPRESENTABLE_METHODS.has(req.method ?? "")) req.method = "OPTIONS";

  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
    return { ok: false, status: 413, reason: `body over ${MAX_BODY_BYTES} bytes` };
  }
  return { ok: true };
}
