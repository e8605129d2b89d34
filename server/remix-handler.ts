/**
 * Remix behind the server: turns a Node request into a Fetch Request, runs the app and
 * sends its answer. HTML documents (finished strings: entry.server renders them whole to
 * hash their inline scripts) go out through `sendDocument`, and into the page cache when
 * the request has a cache key and a shared cache could keep the answer; everything else
 * streams as Remix answered it, after the site's headers.
 *
 * The Request's URL is built from the validated path and a fixed local origin: the site
 * never reads its host from the request (docs/decisions/005-request-path.md), so a
 * hostile Host, X-Forwarded-Host or absolute-form target cannot break or steer it. HEAD
 * runs as GET, so it gets exactly the headers GET gets, and can fill the cache; the load
 * context says it was HEAD (`head`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { writeReadableStreamToWritable, type AppLoadContext } from "@remix-run/node";
import type {
  NextFunction,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";

import type { LoadedBuild } from "./app-build";
import { preferredEncoding } from "./encodings";
import type { PageCache } from "./page-cache";
import { BodyTooLarge, readBody } from "./request-body";
import { targetOf } from "./request-target";
import { isStorable, prepareDocument, sendDocument, type Document } from "./send-document";
import { setHeaders, type HeaderList } from "./site-headers";

/** The request came over HTTPS (directly, or as a proxy in front says with X-Forwarded-Proto). */
export function isSecure(req: IncomingMessage): boolean {
  const forwarded = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first === "https" || Boolean((req.socket as { encrypted?: boolean }).encrypted);
}

/** The Fetch Request Remix sees, with the body read (request-body.ts) for a method other than GET. */
export function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer | null,
): Request {
  // Concatenated, not resolved: "//host/path" stays a path of this site.
  const url = new URL(`${isSecure(req) ? "https" : "http"}://localhost${req.url ?? "/"}`);
  const headers = new Headers();
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    const name = req.rawHeaders[index]!;
    const lower = name.toLowerCase();
    // Origin was checked against the site's origin (server/cross-site.ts); Remix's own
    // check would compare it with Host, which the site does not trust.
    if (lower === "x-forwarded-host" || lower === "origin") continue;
    headers.append(name, req.rawHeaders[index + 1]!);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== "GET" && body) init.body = new Uint8Array(body);
  return new Request(url, init);
}

/** Headers that describe the body as Remix sent it, or that are copied separately. */
const BODY_HEADERS = new Set(["content-length", "content-encoding", "set-cookie"]);

async function toDocument(response: Response): Promise<Document> {
  const headers: HeaderList = [];
  response.headers.forEach((value, name) => {
    if (!BODY_HEADERS.has(name)) headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers, body };
}

/** Streams an answer that is not a document (data, XML, text, redirects). */
async function sendResponse(
  res: ServerResponse,
  response: Response,
  site: HeaderList,
  head: boolean,
) {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  setHeaders(res, site);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.appendHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  if (response.body && !head) await writeReadableStreamToWritable(response.body, res);
  else {
    await response.body?.cancel();
    res.end();
  }
}

function isDocument(response: Response): boolean {
  return (
    response.body !== null &&
    response.status !== 304 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

type HandlerOptions = {
  /** The current build (app-build.ts): its Remix request handler. */
  build: () => LoadedBuild;
  cache: PageCache | null;
  /** The cache key of the request (null: it may not use the cache). */
  keyOf: (req: IncomingMessage) => string | null;
  /** The key holds experiment variants: a `private` page may be kept (send-document.ts). */
  keyedByVariant: (req: IncomingMessage) => boolean;
  /** The site's headers, sent before the app's own (site-headers.ts). */
  siteHeaders: HeaderList;
  /** Compresses a streamed answer (the `compression` middleware). */
  compress: RequestHandler;
  getLoadContext: (req: IncomingMessage) => AppLoadContext;
  /** The largest body the request may send (request-guard.ts `bodyLimit`: the import's is larger). */
  bodyLimit: (req: IncomingMessage) => number;
  /** Answers with the site's error page for a status (the refusal path in app.ts). */
  renderErrorPage: (req: IncomingMessage, res: ServerResponse, status: 404) => void;
  /** A document answered 404 (app.ts counts its path for the record of paths not found). */
  onNotFound?: (req: IncomingMessage) => void;
};

/**
 * A resource route that throws an empty 404 (the dashboard's exports while it is off) has
 * no page of its own: a browser gets the site's 404 page, as for any unknown path. Remix's
 * data requests (`_data`) keep the bare answer: the browser's router reads it.
 */
function isBareNotFound(response: Response, req: IncomingMessage): boolean {
  return (
    response.status === 404 &&
    response.body === null &&
    response.headers.get("x-remix-catch") === "yes" &&
    !new URLSearchParams(targetOf(req).query).has("_data")
  );
}

/** The Express handler that runs Remix. */
export function remixHandler({
  build,
  cache,
  keyOf,
  keyedByVariant,
  siteHeaders,
  compress,
  getLoadContext,
  renderErrorPage,
  bodyLimit,
  onNotFound,
}: HandlerOptions) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const { handleRequest } = build();
      let body: Buffer | null = null;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readBody(req, res, bodyLimit(req));
        if (read === null) return void res.destroy();
        if (read instanceof BodyTooLarge) throw read;
        body = read;
      }
      const request = toFetchRequest(req, res, body);
      const response = await handleRequest(request, getLoadContext(req));
      if (isBareNotFound(response, req)) return renderErrorPage(req, res, 404);
      if (!isDocument(response)) {
        compress(
          req,
          res,
          () => void sendResponse(res, response, siteHeaders, req.method === "HEAD").catch(next),
        );
        return;
      }
      const document = await toDocument(response);
      if (document.status === 404) onNotFound?.(req);
      const key = cache ? keyOf(req) : null;
      const stored = key !== null && isStorable(document, { keyedByVariant: keyedByVariant(req) });
      const encoding = preferredEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
      const prepared = await prepareDocument(document, siteHeaders, { stored, encoding });
      // A page is kept until the content changes, or an offer starts or ends before that.
      if (stored) cache!.set(key, prepared, build().app.pageCacheFor(Date.now()));
      sendDocument(req, res, prepared);
    } catch (error) {
      next(error);
    }
  };
}
