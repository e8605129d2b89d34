/**
 * The one reader of request bodies, for every handler that reads one (Remix's forms and
 * the dashboard's import, the view endpoint's beacon, the postback receiver), and the
 * site's byte bounds. A handler asks for a body up to its own bound and gets the bytes, or
 * `BodyTooLarge` (a 413, which it sends in its own form: the site's page, or a plain line
 * for a program), or null when the client went away. A body declared over the site's bound
 * never gets here: the guard answers it 413 before anything reads it (request-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { routeOf } from "./request-target";

/** Largest request body the site accepts (its forms send a few hundred bytes). */
export const MAX_BODY_BYTES = 16 * 1024;
/**
 * The dashboard's CSV import (/admin/import) is the one exception: its POST carries a file
 * of up to 2 MB (app/conversions/csv-import.server.ts says so in Spanish), or the same file
 * sealed between preview and confirmation; past this, the site's 413 page.
 */
export const IMPORT_BODY_BYTES = 3 * 1024 * 1024;
const IMPORT_ROUTE = "/admin/import";
/**
 * The content studio's forms (/admin/contenido/…) carry a whole page as JSON: the largest
 * shipped page is about 30 KB, and a page of this size is far past what a visitor reads.
 */
export const STUDIO_BODY_BYTES = 1024 * 1024;
const STUDIO_ROUTES = "/admin/contenido/";
/**
 * An upload to the studio's media library: an image of up to 10 MB (MAX_UPLOAD_BYTES,
 * app/studio/media.server.ts, says so in Spanish beside the field) and its form.
 */
export const MEDIA_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;
const MEDIA_ROUTE = "/admin/contenido/medios";

/**
 * The largest body a request may send: the import's and the studio's POST while the
 * dashboard is on, else MAX_BODY_BYTES.
 */
export function bodyLimit(method: string, path: string, { admin }: { admin: boolean }): number {
  if (!admin || method !== "POST") return MAX_BODY_BYTES;
  const route = routeOf(path);
  if (route === IMPORT_ROUTE) return IMPORT_BODY_BYTES;
  if (route === MEDIA_ROUTE) return MEDIA_BODY_BYTES;
  if (route.startsWith(STUDIO_ROUTES)) return STUDIO_BODY_BYTES;
  return MAX_BODY_BYTES;
}

/** A body over the bound its handler reads: answered 413, and the connection closes after it. */
export class BodyTooLarge extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/**
 * Reads a body of at most `limit` bytes. Past the bound nothing more is kept and the
 * connection is set to close after the answer; the result, BodyTooLarge, comes when the
 * body ends while it stays within the site's bound (a client sending it whole then reads
 * the answer), and at once past it, without reading on. Null: the client went away first.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
): Promise<Buffer | BodyTooLarge | null> {
  const cut = Math.max(limit, MAX_BODY_BYTES);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      res.shouldKeepAlive = false;
      if (size <= cut) return;
      req.off("data", onData);
      resolve(new BodyTooLarge(limit));
    };
    req.on("data", onData);
    req.on("end", () => resolve(size <= limit ? Buffer.concat(chunks) : new BodyTooLarge(limit)));
    req.on("error", () => resolve(null));
    req.on("close", () => resolve(null));
  });
}
