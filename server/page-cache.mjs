/**
 * An in-process cache of finished HTML pages, in front of Remix: a repeat GET for the
 * same page is answered without running the Remix pipeline at all (loaders, serialisation,
 * render). Pages are built from embedded content, so they only change with a new build,
 * which restarts the process.
 *
 * It stores only what a shared HTTP cache would: GET answers 200, 403 or 404 with an
 * ETag and a public Cache-Control, no Set-Cookie. A request with a Cookie header is never
 * served from it (a saved preference may change the page), and an entry is reused only
 * when the request headers named in its Vary (other than Accept-Encoding, applied later
 * by compression) and Accept-Language match. Bounded by entries (LRU).
 */
const CACHEABLE_STATUS = new Set([200, 403, 404]);
const NOT_STORED = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "date",
]);

function varyNames(value) {
  return String(value ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name && name !== "accept-encoding");
}

function requestValues(req, names) {
  return names.map((name) => req.headers[name] ?? "").join("\u0000");
}

/**
 * True when If-None-Match names this ETag (or "*"), weak comparison. The twin of
 * matchesIfNoneMatch in app/document/headers.server.ts: this file runs before the
 * app's build is involved and cannot import its TypeScript.
 */
function notModified(req, etag) {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}

export function createPageCache({ maxEntries = 256 } = {}) {
  const entries = new Map();

  const keyOf = (req) => `${req.originalUrl}\u0000${req.headers["accept-language"] ?? ""}`;

  function lookup(req) {
    const key = keyOf(req);
    const entry = entries.get(key);
    if (!entry || requestValues(req, entry.vary) !== entry.varyValues) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function store(req, res, chunks) {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const etag = res.getHeader("etag");
    const type = String(res.getHeader("content-type") ?? "");
    if (
      !CACHEABLE_STATUS.has(res.statusCode) ||
      !etag ||
      !type.startsWith("text/html") ||
      !/\bpublic\b/.test(cacheControl) ||
      res.getHeader("set-cookie")
    ) {
      return;
    }
    const headers = Object.entries(res.getHeaders()).filter(([name]) => !NOT_STORED.has(name));
    const vary = varyNames(res.getHeader("vary"));
    entries.set(keyOf(req), {
      status: res.statusCode,
      headers,
      body: Buffer.concat(chunks),
      etag: String(etag),
      vary,
      varyValues: requestValues(req, vary),
    });
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  }

  /** Express middleware: serve from the cache, or record what the next handler sends. */
  return function pageCache(req, res, next) {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie) return next();
    const hit = lookup(req);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      if (hit.status === 200 && notModified(req, hit.etag)) {
        res.statusCode = 304;
        return res.end();
      }
      res.statusCode = hit.status;
      return res.end(req.method === "HEAD" ? undefined : hit.body);
    }
    if (req.method !== "GET") return next();

    const chunks = [];
    const write = res.write;
    const end = res.end;
    res.write = function (chunk, ...rest) {
      if (chunk) chunks.push(Buffer.from(chunk));
      return write.call(this, chunk, ...rest);
    };
    res.end = function (chunk, ...rest) {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk));
      store(req, res, chunks);
      return end.call(this, chunk, ...rest);
    };
    next();
  };
}
