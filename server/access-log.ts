/**
 * The access log: one line per request, morgan's, in the columns of its "tiny" format
 * (method, target, status, length, response time). Two ways in, one log:
 * - Express's requests (static files, Remix) pass morgan's middleware, which writes the
 *   line when the answer finishes;
 * - a fast endpoint (fast-endpoint.ts) writes its line itself once it has answered, with
 *   morgan in its immediate mode: morgan's middleware hooks the answer's writeHead and its
 *   end, and those hooks cost the outbound redirect more than the redirect's own work
 *   (docs/performance.md). Its response time is counted from the guard's reading of the
 *   request (request-target.ts `receivedAt`); its length is "-" (its headers go out in one
 *   writeHead, which morgan does not read).
 * A request rendered again as the site's error page (a body found too large, a resource
 * route's empty 404) passes twice: it gets one line. A postback's path holds the secret
 * token: its line names it `/postback/…`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import morgan from "morgan";

import { redactToken } from "./postback";
import { targetOf } from "./request-target";

/** Writes a fast endpoint's line, once it has answered. */
export type AnswerLog = (req: IncomingMessage, res: ServerResponse) => void;

export type AccessLog = {
  /** Express's middleware: the line of a request Express answers. */
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** A fast endpoint's line. */
  answered: AnswerLog;
};

morgan.token("answered-in", (req: IncomingMessage) =>
  (performance.now() - targetOf(req).receivedAt).toFixed(3),
);

/** The "tiny" columns, the response time counted from the guard. */
const ANSWERED = ":method :url :status :res[content-length] - :answered-in ms";

export function accessLog(log: (line: string) => void): AccessLog {
  const logged = new WeakSet<IncomingMessage>();
  const loggedBefore = (req: IncomingMessage) => logged.has(req) || !logged.add(req);
  const stream = { write: (line: string) => log(redactToken(line.trimEnd())) };
  const immediate = morgan(ANSWERED, { immediate: true, skip: loggedBefore, stream });
  return {
    middleware: morgan("tiny", { skip: loggedBefore, stream }),
    answered: (req, res) => immediate(req, res, noop),
  };
}

const noop = () => {};
