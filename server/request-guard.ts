/**
 * The first look at every request, before the cache, Express or Remix: it turns the parts
 * a client controls (request target, Host, X-Forwarded-Host, method, body size) into
 * something the rest of the server can trust, or into a 4xx verdict.
 * - RFC 9112 §3.2: a request with no valid Host, or with two, is a 400.
 * - The asterisk form (`OPTIONS *`) only makes sense for OPTIONS; the absolute form
 *   (`GET http://host/path`) is reduced to its path (the host named in it is ignored,
 *   like X-Forwarded-Host: the site never builds a URL from the request, see
 *   docs/decisions/005-request-path.md).
 * - A path whose percent-encoding does not decode has its "%" escaped, so the router and
 *   the static-file server see a decodable path and the site answers its own 404 page.
 * - A declared body over the limit (request-body.ts `bodyLimit`) is a 413 before anything
 *   reads it; a body that passes a handler's own bound as it is read is request-body.ts's.
 * - A method the path does not answer (TRACE and PROPFIND included) is a 405 with `Allow`:
 *   pages answer GET and HEAD, the locale form POST, the dashboard's routes with a form (an
 *   `action`, read from the build's route table: server/app-build.ts) POST too while it is
 *   on, the postback receiver GET and POST when it is on, the view endpoint GET, HEAD, POST.
 * - The target is parsed once, into path and query, for every later step
 *   (request-target.ts `targetOf`).
 * - A cross-site form post is a 403 (cross-site.ts), logged as one line (`refusalLogLine`,
 *   which never names a postback token). A program's postback carries no Origin and
 *   passes; a browser's form posted to the receiver from another site is refused.
 * Every refusal is rendered by one route, the site's error page for its status (see
 * docs/decisions/009-refused-requests.md); `OPTIONS *` is answered here, without a body.
 */
import type { IncomingMessage } from "node:http";

import { routablePath } from "~/browser/routable-path";
import { ALLOWED_METHODS as PAGE_METHODS } from "~/document/headers.server";
import { VIEW_METHODS, VIEW_PATH } from "~/views/view-endpoint";

import { crossSiteReason } from "./cross-site";
import { POSTBACK_METHODS, redactToken } from "./postback";
import { bodyLimit } from "./request-body";
import { parseTarget, routeOf, setTarget } from "./request-target";

export type Refusal =
  | { ok: false; status: 400 | 403 | 404 | 413; reason: string }
  | { ok: false; status: 405; reason: string; allow: string }
  | { ok: false; status: 204; reason: string; allow: string };

export type Verdict = { ok: true } | Refusal;

export type GuardOptions = {
  /** The dashboard is on (ADMIN_PASSWORD set): its routes with a form take POST. */
  admin: boolean;
  /**
   * True for a dashboard route (as `routeOf` gives it) whose module has an `action`, from
   * the current build's route table (app-build.ts `adminFormRoutes`).
   */
  isAdminForm?: (route: string) => boolean;
  /**
   * True for the postback receiver's path, its token included (server/postback.ts); unset
   * when the receiver is off. Any other /postback/… path is an unknown path like any.
   */
  isPostbackPath?: (path: string) => boolean;
  /** The site's public origin (SITE_URL), which a form post's Origin may name. */
  siteOrigin?: string;
};

/** The methods a path answers (the value of `Allow` when a request uses another). */
export function allowedMethods(
  path: string,
  { admin, isAdminForm, isPostbackPath }: GuardOptions,
): string {
  if (isPostbackPath?.(path)) return POSTBACK_METHODS;
  // Only the exact path: the endpoint answers no other spelling of it.
  if (path === VIEW_PATH) return VIEW_METHODS;
  const route = routeOf(path);
  if (route === "/_app/locale") return "POST";
  if (admin && isAdminForm?.(route)) return `${PAGE_METHODS}, POST`;
  return PAGE_METHODS;
}

const HOST_PATTERN = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/** True for a Host header value a URL can be built from: a name or IP and a port up to 65535. */
export function isValidHost(value: string): boolean {
  const match = HOST_PATTERN.exec(value);
  if (!match) return false;
  return match[1] === undefined || Number(match[1]) <= 65535;
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

/** The Host header's value, undefined without one, null when there are several. */
function soleHost(rawHeaders: readonly string[]): string | undefined | null {
  let host: string | undefined;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    if (name.length !== 4 || name.toLowerCase() !== "host") continue;
    if (host !== undefined) return null;
    host = rawHeaders[index + 1]!;
  }
  return host;
}

/** The last Host found valid: clients send the same one again and again. */
let validHost = "";

const OK: Verdict = { ok: true };

/**
 * Checks a request and normalises it in place (url, X-Forwarded-Host), and keeps its
 * parsed target (`targetOf`). Returns `{ ok: true }` when the request may go on.
 */
export function inspectRequest(
  req: IncomingMessage,
  options: GuardOptions = { admin: false },
): Verdict {
  const host = soleHost(req.rawHeaders);
  if (host === null) return { ok: false, status: 400, reason: "more than one Host header" };
  if (host !== undefined && host !== validHost) {
    if (!isValidHost(host.trim())) return { ok: false, status: 400, reason: "invalid Host header" };
    validHost = host;
  }
  if (req.headers["x-forwarded-host"] !== undefined) delete req.headers["x-forwarded-host"];

  const target = req.url ?? "";
  if (target === "*") {
    return req.method === "OPTIONS"
      ? { ok: false, status: 204, reason: "server-wide OPTIONS", allow: PAGE_METHODS }
      : { ok: false, status: 400, reason: "asterisk-form target" };
  }
  const form = originForm(target);
  if (form === null) return { ok: false, status: 400, reason: "invalid request target" };
  // A path whose percent-encoding the router could not match has its "%" escaped
  // (routablePath); without a "%" there is nothing to decode.
  const given = parseTarget(form);
  const path = given.path.includes("%") ? routablePath(given.path) : given.path;
  req.url = path === given.path ? form : path + form.slice(given.path.length);
  const parsed = path === given.path ? given : { ...given, path };
  setTarget(req, parsed);

  const method = req.method ?? "";
  const declared = req.headers["content-length"];
  const limit = declared === undefined ? 0 : bodyLimit(method, path, options);
  if (declared !== undefined && Number(declared) > limit) {
    return { ok: false, status: 413, reason: `body over ${limit} bytes` };
  }
  // GET and HEAD on a page, the hot path, skip the table.
  if ((method === "GET" || method === "HEAD") && !path.startsWith("/_app/")) return OK;
  const allow = allowedMethods(path, options);
  if (!allow.split(", ").includes(method)) {
    return { ok: false, status: 405, reason: `${method} not allowed`, allow };
  }
  const crossSite = crossSiteReason(req, options.siteOrigin);
  if (crossSite !== null) return { ok: false, status: 403, reason: crossSite };
  return OK;
}

/**
 * The line the server logs for a refusal, or null for those it does not log: a cross-site
 * post (403) is an attempt worth one line; malformed requests and wrong methods are not.
 */
export function refusalLogLine(req: IncomingMessage, refusal: Refusal): string | null {
  if (refusal.status !== 403) return null;
  return `[server] 403 ${req.method} ${redactToken((req.url ?? "").slice(0, 200))}: ${refusal.reason}`;
}
