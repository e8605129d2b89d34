/**
 * How every HTML document goes out, cached or not. A document is prepared once: its
 * header lists made per encoding (the site's own headers included, see site-headers.ts)
 * and its body compressed with gzip and Brotli when it will be stored (only the encoding
 * asked for, quickly, when it will not). Sending is then one writeHead with a ready list
 * and one write, and HEAD, 304 and Accept-Encoding behave the same for every document.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { matchesIfNoneMatch } from "~/document/headers.server";

import { preferredEncoding, type Encoding } from "./encodings";
import type { HeaderList } from "./site-headers";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A finished HTML document, as Remix answered it. */
export type Document = {
  status: number;
  /** Response headers (lower-case names), without Content-Length or Content-Encoding. */
  headers: HeaderList;
  body: Buffer;
};

/** One encoding of a document: its body and flat header lists (name, value, name…). */
type Variant = { body: Buffer; headers: string[]; notModified: string[] };

export type PreparedDocument = {
  status: number;
  etag: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  bytes: number;
};

const CACHEABLE_STATUS = new Set([200, 403, 404]);

/**
 * The document's own headers a 304 repeats (RFC 9110 §15.4.5); the site's headers
 * (site-headers.ts: security headers) go with every answer, a 304 too.
 */
const NOT_MODIFIED_HEADERS = new Set([
  "cache-control",
  "content-location",
  "date",
  "etag",
  "expires",
  "vary",
]);

function header(document: Document, name: string): string | undefined {
  return document.headers.find(([key]) => key === name)?.[1];
}

/**
 * True when a shared cache may keep this answer: 200, 403 or 404 with an ETag, a public
 * Cache-Control and no Set-Cookie. Whether the request may use the cache at all is the
 * cache key's to say (cache-key.ts). A page under a running experiment is `private` (a CDN
 * must not share it); the server's own cache may keep it when its key holds the request's
 * variants (`keyedByVariant`), since that is all the page differs by.
 */
export function isStorable(document: Document, { keyedByVariant = false } = {}): boolean {
  const cacheControl = header(document, "cache-control") ?? "";
  return (
    CACHEABLE_STATUS.has(document.status) &&
    Boolean(header(document, "etag")) &&
    (/\bpublic\b/.test(cacheControl) || (keyedByVariant && /\bprivate\b/.test(cacheControl))) &&
    !header(document, "set-cookie")
  );
}

/** The entity tag of an encoded variant: strong validators differ per content coding. */
function variantEtag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : `${etag.replace(/"$/, "")}-${encoding}"`;
}

function prepare(
  document: Document,
  site: HeaderList,
  etag: string,
  encoding: Encoding,
  body: Buffer,
): Variant {
  const vary = header(document, "vary");
  const base = document.headers.filter(([name]) => name !== "vary" && name !== "etag");
  const flat: string[] = [];
  const notModified: string[] = [];
  const push = (name: string, value: string) => {
    flat.push(name, value);
    if (NOT_MODIFIED_HEADERS.has(name)) notModified.push(name, value);
  };
  for (const [name, value] of site) {
    flat.push(name, value);
    notModified.push(name, value);
  }
  for (const [name, value] of base) push(name, value);
  push("etag", variantEtag(etag, encoding));
  push("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (encoding !== "identity") push("content-encoding", encoding);
  push("content-length", String(body.length));
  return { body, headers: flat, notModified };
}

const BROTLI_QUALITY_STORED = 11;
const BROTLI_QUALITY_ONCE = 5;

async function encode(body: Buffer, encoding: Exclude<Encoding, "identity">, stored: boolean) {
  if (encoding === "gzip") return gzip(body, { level: 9 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: stored ? BROTLI_QUALITY_STORED : BROTLI_QUALITY_ONCE,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * A document ready to send, with the site's headers (`site`) first. Stored documents get
 * every encoding (Brotli at its best quality: a page of the site is stored once and
 * served many times); a one-off answer gets only the encoding this client asked for, at
 * a quick quality.
 */
export async function prepareDocument(
  document: Document,
  site: HeaderList,
  options: { stored: boolean; encoding: Encoding },
): Promise<PreparedDocument> {
  const etag = header(document, "etag") ?? "";
  const wanted: Exclude<Encoding, "identity">[] = options.stored
    ? ["br", "gzip"]
    : options.encoding === "identity"
      ? []
      : [options.encoding];
  const prepared: PreparedDocument = {
    status: document.status,
    etag,
    identity: prepare(document, site, etag, "identity", document.body),
    bytes: document.body.length,
  };
  for (const encoding of wanted) {
    const body = await encode(document.body, encoding, options.stored);
    // A compressed body that is not smaller is not worth its Content-Encoding.
    if (body.length >= document.body.length) continue;
    prepared[encoding] = prepare(document, site, etag, encoding, body);
    prepared.bytes += body.length;
  }
  return prepared;
}

/**
 * Answers with a document: 304 when If-None-Match names the variant this client would
 * get, else the best encoding it accepts, with no body for HEAD. One code path for
 * cache hits and fresh renders; nothing may have been set on `res` before.
 */
export function sendDocument(
  req: IncomingMessage,
  res: ServerResponse,
  document: PreparedDocument,
) {
  const encoding = preferredEncoding(req.headers["accept-encoding"], document);
  const variant = document[encoding] ?? document.identity;
  if (
    document.status === 200 &&
    matchesIfNoneMatch(req.headers["if-none-match"] ?? null, variantEtag(document.etag, encoding))
  ) {
    res.writeHead(304, variant.notModified);
    res.end();
    return;
  }
  res.writeHead(document.status, variant.headers);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}
