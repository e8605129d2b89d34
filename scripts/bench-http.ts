/**
 * One request to a local server as a load generator sends it, for the benches: the answer's
 * status, headers and body exactly as sent (no decompression, which `fetch` would do), so a
 * bench can record what to replay or check an encoding.
 */
import type { IncomingHttpHeaders } from "node:http";
import { request } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export function rawRequest(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end(body);
  });
}
