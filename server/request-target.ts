/**
 * The request target, parsed once by the guard (request-guard.ts) into its path and its
 * query, and kept for every later step (the fast endpoints, the page cache, Express and
 * Remix), so that none of them splits the target again. It is kept beside the request
 * rather than on it: a property added to every request would change its hidden class.
 */
import type { IncomingMessage } from "node:http";

export type RequestTarget = {
  /** The path, as the guard made it routable (request-guard.ts `decodablePath`). */
  readonly path: string;
  /** The query, without "?" and without a fragment ("" when there is none). */
  readonly query: string;
  /** When the guard read the request (`performance.now()`): the access log's response time. */
  readonly receivedAt: number;
};

/**
 * Path and query of an origin-form target, split as the URL parser splits them: the path
 * ends at the first "?" or "#", the query runs from that "?" to a "#".
 */
export function parseTarget(target: string, receivedAt = performance.now()): RequestTarget {
  const hashAt = target.indexOf("#");
  const end = hashAt === -1 ? target.length : hashAt;
  const queryAt = target.indexOf("?");
  if (queryAt === -1 || queryAt > end) {
    return { path: target.slice(0, end), query: "", receivedAt };
  }
  return { path: target.slice(0, queryAt), query: target.slice(queryAt + 1, end), receivedAt };
}

const targets = new WeakMap<IncomingMessage, RequestTarget>();

/** Keeps the target the guard parsed (or the one the server renders in place of a refused request). */
export function setTarget(req: IncomingMessage, target: RequestTarget): void {
  targets.set(req, target);
}

/** The request's target, as the guard parsed it. */
export function targetOf(req: IncomingMessage): RequestTarget {
  const target = targets.get(req);
  if (!target) throw new Error("the request has not passed the guard (server/request-guard.ts)");
  return target;
}

/** A path as the router matches it: decoded, in lower case, without a final slash. */
export function routeOf(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A path that does not decode matches no route with a form.
  }
  return decoded.toLowerCase().replace(/\/+$/, "");
}
