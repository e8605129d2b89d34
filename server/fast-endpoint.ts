/**
 * The one contract of the server's fast endpoints (app.ts step 2: the outbound redirect,
 * the view endpoint, the postback receiver), which answer before the page cache and
 * Express. Each is a function of the request that answers it and returns true, or returns
 * false and leaves it to the next step. Each gets the same things: the app through the
 * current build's facade (app-build.ts `app`, asked on every request, so it follows a new
 * build), the site's headers, the client's address and the access log; the target as the
 * guard parsed it (request-target.ts `targetOf`); a body through request-body.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ServerApp } from "~/server-app.server";

import type { AnswerLog } from "./access-log";
import type { HeaderList } from "./site-headers";

export type FastEndpoint = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What every fast endpoint is given; `Uses` names the members of the facade it reads. */
export type FastEndpointOptions<Uses extends keyof ServerApp> = {
  /** The current build's facade. */
  app: () => Pick<ServerApp, Uses>;
  /** The site's headers for the app's answers (site-headers.ts). */
  siteHeaders: HeaderList;
  /** The client's address (client-address.ts), for the daily visitor key or a rate limit. */
  clientAddress: (req: IncomingMessage) => string;
  /** The access log's line of an answer (access-log.ts); off when null. */
  accessLog: AnswerLog | null;
};

/** Writes the request's access-log line, once the endpoint has answered it. */
export function logAccess(
  accessLog: AnswerLog | null,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  accessLog?.(req, res);
}
