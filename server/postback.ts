/**
 * The postback receiver: `/postback/<POSTBACK_TOKEN>`, where an affiliate program calls,
 * server to server, when a referred player registers, deposits or earns a commission
 * (docs/conversions.md). A fast endpoint (server/app.ts step 2): it answers before the
 * page cache and Express, in plain text, one line a program's log can show:
 * - `200 OK accepted | OK duplicate | OK orphan` once the conversion is committed,
 *   `200 OK test` for a test postback (logged, no conversion);
 * - `400` with the reason, `413` for a body over MAX_POSTBACK_BODY_BYTES (the site's one
 *   body reader, request-body.ts), both logged as rejected and nothing else written; `405`
 *   for a method other than GET and POST;
 * - `429` past the rate limit per client address, `503` when the database fails: nothing
 *   acknowledged, the program retries (both with Retry-After).
 * Without a token, or with the conversion ledger off, the path is not intercepted; a wrong
 * token goes on like any unknown path (the site's 404), so neither says a receiver exists.
 * The token is compared in constant time and never logged (`redactToken`). The answer
 * reflects nothing of the request but the parameter's name content gave, reads and sets
 * no cookie, and is neither cached nor indexed.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ConversionLedger } from "~/conversions/ledger.server";
import {
  readPostback,
  REJECTIONS,
  type PostbackMapping,
  type RejectionReason,
} from "~/conversions/postback-input";

import { logAccess, type FastEndpoint, type FastEndpointOptions } from "./fast-endpoint";
import { bodyPairs, type Pairs } from "./postback-body";
import { rateLimit } from "./rate-limit";
import { BodyTooLarge, readBody } from "./request-body";
import { targetOf } from "./request-target";
import { unstoredHeaders } from "./site-headers";

export const POSTBACK_PREFIX = "/postback/";
/** What the receiver answers (the guard's `Allow` for its path). */
export const POSTBACK_METHODS = "GET, POST";
/** Largest body (and query) a postback may have: a program sends a few hundred bytes. */
export const MAX_POSTBACK_BODY_BYTES = 8 * 1024;
/** When a program should try again after a database failure. */
export const RETRY_AFTER_FAILURE_SECONDS = 60;
/** The rate limit lets bursts of this many seconds' worth of postbacks through at once. */
const BURST_SECONDS = 10;

/** An access-log line or any other log line with the token taken out. */
export function redactToken(line: string): string {
  return line.replace(/\/postback\/[^\s"]*/gi, `${POSTBACK_PREFIX}…`);
}

/** What the receiver needs of the conversion ledger. */
export type PostbackLedger = Pick<ConversionLedger, "record" | "logTest" | "logRejection">;

/**
 * The facade's `postbackMapping` gives the current content's parameter names and event
 * words; the client's address keys the rate limit.
 */
export type PostbackReceiverOptions = FastEndpointOptions<"postbackMapping"> & {
  /** POSTBACK_TOKEN (unset: no receiver). */
  token: string | undefined;
  /** null: the ledger is off, no receiver. */
  conversions: PostbackLedger | null;
  /** POSTBACK_RATE_LIMIT: postbacks per second per client address. */
  ratePerSecond: number;
  /** The rate limit's clock (tests freeze it). */
  now?: () => number;
};

export type PostbackReceiver = {
  /** True for the receiver's path (without query): the prefix and the right token. */
  isReceiverPath: (path: string) => boolean;
  /** The fast endpoint: answers a request for the receiver's path. */
  answer: FastEndpoint;
};

const digest = (text: string) => createHash("sha256").update(text).digest();

export function postbackReceiver(options: PostbackReceiverOptions): PostbackReceiver | null {
  const { token, conversions, now = Date.now } = options;
  if (!token || !conversions) return null;
  const expected = digest(token);
  const limiter = rateLimit({
    ratePerSecond: options.ratePerSecond,
    burst: options.ratePerSecond * BURST_SECONDS,
  });
  const headers = [
    ...unstoredHeaders(options.siteHeaders, "noindex"),
    ["Content-Type", "text/plain; charset=utf-8"],
  ].flat();

  function send(res: ServerResponse, status: number, line: string, extra: string[] = []): void {
    const body = `${line}\n`;
    res.writeHead(status, [
      ...headers,
      ...extra,
      "Content-Length",
      String(Buffer.byteLength(body)),
    ]);
    res.end(body);
    logAccess(options.accessLog, res.req, res);
  }

  /** 400 with the reason (413 or 414 for `too_large`, by `status`), logged as rejected. */
  function reject(
    res: ServerResponse,
    reason: RejectionReason,
    { seen = {}, parameter, status = 400 }: { seen?: Seen; parameter?: string; status?: number },
  ) {
    conversions!.logRejection(reason, "postback", seen);
    const named = parameter ? ` [${parameter}]` : "";
    send(res, status, `ERROR ${reason}: ${REJECTIONS[reason].en}${named}`);
  }

  async function receive(res: ServerResponse, pairs: Pairs): Promise<void> {
    const mapping = options.app().postbackMapping();
    const reading = readPostback(pairs, mapping);
    if (!reading.ok) {
      const { reason, parameter } = reading;
      return reject(res, reason, { seen: seenIn(pairs, mapping), parameter });
    }
    try {
      if (reading.test) {
        await conversions!.logTest(reading.conversion);
        return send(res, 200, "OK test");
      }
      const outcome = await conversions!.record(reading.conversion, { origin: "postback" });
      send(res, 200, `OK ${outcome}`);
    } catch {
      // The ledger has logged the failure; the program retries.
      send(res, 503, "ERROR unavailable: the conversion could not be stored, retry later", [
        "Retry-After",
        String(RETRY_AFTER_FAILURE_SECONDS),
      ]);
    }
  }

  function isReceiverPath(path: string): boolean {
    if (!path.startsWith(POSTBACK_PREFIX)) return false;
    // A trailing slash is forgiven: a marketer may paste the URL with one.
    const given = path.slice(POSTBACK_PREFIX.length).replace(/\/$/, "");
    return timingSafeEqual(digest(given), expected);
  }

  /** Answers a request that passed the guard and the path check. */
  function receiveRequest(req: IncomingMessage, res: ServerResponse, queryText: string): void {
    const method = req.method ?? "";
    if (method !== "GET" && method !== "POST") {
      return send(res, 405, "ERROR method: use GET or POST", ["Allow", POSTBACK_METHODS]);
    }
    const wait = limiter.take(options.clientAddress(req), now());
    if (wait > 0) {
      return send(res, 429, "ERROR rate_limited: too many postbacks, retry later", [
        "Retry-After",
        String(wait),
      ]);
    }
    // Node refuses request heads over 16 KB itself (431); the receiver wants less.
    if (queryText.length > MAX_POSTBACK_BODY_BYTES) {
      return reject(res, "too_large", { status: 414 });
    }
    // Percent-encoded bytes that are not UTF-8 become U+FFFD, which readPostback refuses.
    const query: Pairs = [...new URLSearchParams(queryText)];
    const done = (promise: Promise<void>) =>
      promise.catch((error: unknown) => {
        console.error(
          `[postback] ${redactToken(req.url ?? "")}: ${(error as Error)?.stack ?? error}`,
        );
        if (!res.headersSent) send(res, 500, "ERROR internal");
        else res.destroy();
      });
    if (method === "GET") return void done(receive(res, query));
    done(
      readBody(req, res, MAX_POSTBACK_BODY_BYTES).then((body) => {
        if (body === null) return void res.destroy();
        if (body instanceof BodyTooLarge) return reject(res, "too_large", { status: body.status });
        const posted = bodyPairs(req.headers["content-type"], body);
        if (!posted.ok) return reject(res, posted.reason, {});
        return receive(res, [...query, ...posted.pairs]);
      }),
    );
  }

  return {
    isReceiverPath,
    answer(req, res) {
      const { path, query } = targetOf(req);
      if (!isReceiverPath(path)) return false;
      receiveRequest(req, res, query);
      return true;
    },
  };
}

type Seen = { event?: string | null; clickId?: string | null; txid?: string | null };

/** What the postback log keeps of a rejected postback: the values it could read. */
function seenIn(pairs: Pairs, { params }: PostbackMapping): Seen {
  const first = (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null;
  return { event: first(params.event), clickId: first(params.click_id), txid: first(params.txid) };
}
