/**
 * Streams a React document into a Response. Bots (and SPA mode) wait for the whole
 * document (onAllReady); browsers get the shell as soon as it is ready. The abort timer
 * that bounds a slow render is cleared the moment the stream finishes or the client goes
 * away, so a finished response is not kept in memory for the full delay.
 */
import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

type RenderOptions = {
  status: number;
  headers: Headers;
  /** Wait for all Suspense boundaries before sending (crawlers). */
  waitForAll: boolean;
  /** Abort rendering after this many milliseconds. */
  abortDelay: number;
};

export function renderDocument(
  element: ReactElement,
  { status, headers, waitForAll, abortDelay }: RenderOptions,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let responseStatus = status;
    let abort = () => {};
    const abortTimer = setTimeout(() => abort(), abortDelay);

    const stream = renderToPipeableStream(element, {
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(abortTimer);
            callback();
          },
        });
        body.on("close", () => clearTimeout(abortTimer));
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }),
        );
        stream.pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatus = 500;
        // Errors after the shell are logged here; before it, onShellError rejects.
        if (shellRendered) console.error(error);
      },
    });
    abort = stream.abort;
  });
}
