/**
 * The one cache of finished pages. It sits first on the request path: a hit runs no
 * Express middleware, no Remix and no compression. Each entry holds the document as sent
 * (identity) and already compressed with gzip and Brotli, made once when the entry is
 * stored, with its header lists prepared per encoding, so answering is one writeHead and
 * one write. `sendDocument` is also how every HTML answer that is not stored goes out, so
 * HEAD, 304 and Accept-Encoding behave the same for all of them.
 *
 * Only what a shared cache may keep is stored: GET answers 200, 403 or 404 with an ETag,
 * a public Cache-Control and no Set-Cookie, to requests without Cookie or Authorization.
 * Bounded by entries and by bytes (least recently used first).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { matchesIfNoneMatch } from "~/document/headers.server";

import { preferredEncoding, type Encoding } from "./encodings";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A finished HTML document, as Remix answered it. */
export type Document = {
  status: number;
  /** Response headers (lower-case names), without Content-Length or Content-Encoding. */
  headers: [string, string][];
  body: Buffer;
};

type Variant = { body: Buffer; headers: string[]; notModified: string[] };

export type CachedDocument = {
  status: number;
  etag: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  bytes: number;
};

const CACHEABLE_STATUS = new Set([200, 403, 404]);

/** Headers a 304 repeats (RFC 9110 §15.4.5). */
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

/** True when a shared cache may keep this answer to this request. */
export function isStorable(req: IncomingMessage, document: Document): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.cookie &&
    !req.headers.authorization &&
    CACHEABLE_STATUS.has(document.status) &&
    Boolean(header(document, "etag")) &&
    /\bpublic\b/.test(header(document, "cache-control") ?? "") &&
    !header(document, "set-cookie")
  );
}

/** The entity tag of an encoded variant: strong validators differ per content coding. */
function variantEtag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : `${etag.replace(/"$/, "")}-${encoding}"`;
}

function prepare(document: Document, etag: string, encoding: Encoding, body: Buffer): Variant {
  const vary = header(document, "vary");
  const base = document.headers.filter(([name]) => name !== "vary" && name !== "etag");
  const flat: string[] = [];
  const notModified: string[] = [];
  const push = (name: string, value: string) => {
    flat.push(name, value);
    if (NOT_MODIFIED_HEADERS.has(name)) notModified.push(name, value);
  };
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
 * A document ready to send. Stored documents get every encoding (Brotli at its best
 * quality: a page of the site is stored once and served many times); a one-off answer
 * gets only the encoding this client asked for, at a quick quality.
 */
export async function prepareDocument(
  document: Document,
  options: { stored: boolean; encoding: Encoding },
): Promise<CachedDocument> {
  const etag = header(document, "etag") ?? "";
  const wanted: Exclude<Encoding, "identity">[] = options.stored
    ? ["br", "gzip"]
    : options.encoding === "identity"
      ? []
      : [options.encoding];
  const prepared: CachedDocument = {
    status: document.status,
    etag,
    identity: prepare(document, etag, "identity", document.body),
    bytes: document.body.length,
  };
  for (const encoding of wanted) {
    const body = await encode(document.body, encoding, options.stored);
    // A compressed body that is not smaller is not worth its Content-Encoding.
    if (body.length >= document.body.length) continue;
    prepared[encoding] = prepare(document, etag, encoding, body);
    prepared.bytes += body.length;
  }
  return prepared;
}

/**
 * Answers with a document: 304 when If-None-Match names the variant this client would
 * get, else the best encoding it accepts, with no body for HEAD. One code path for
 * cache hits and fresh renders.
 */
export function sendDocument(req: IncomingMessage, res: ServerResponse, document: CachedDocument) {
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

/** A bounded LRU of prepared documents. */
export class PageCache {
  private readonly entries = new Map<string, CachedDocument>();
  private bytes = 0;

  constructor(
    readonly maxEntries = 512,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedDocument | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map iteration order is insertion order: re-inserting marks it most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedDocument): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}
