import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  isStorable,
  prepareDocument,
  sendDocument,
  type Document,
  type PreparedDocument,
} from "./send-document";

const html = `<!DOCTYPE html><p>${"Hola, mundo. ".repeat(400)}</p>`;
const document = (overrides: Partial<Document> = {}): Document => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["cache-control", "public, max-age=60"],
    ["etag", '"abc"'],
    ["vary", "cf-ipcountry"],
  ],
  body: Buffer.from(html),
  ...overrides,
});

let server: Server;
let base: string;
let served: PreparedDocument;
const SITE_HEADERS: [string, string][] = [["x-content-type-options", "nosniff"]];

beforeAll(async () => {
  served = await prepareDocument(document(), SITE_HEADERS, {
    stored: true,
    encoding: "identity",
  });
  server = createServer((req, res) => sendDocument(req, res, served));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request: fetch would decompress and hide the encoding. */
async function request(method: string, headers: Record<string, string> = {}) {
  const response = await fetch(base, { method, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

describe("prepareDocument", () => {
  it("stores identity, gzip and Brotli bodies that decode to the same document", async () => {
    expect(gunzipSync(served.gzip!.body).toString()).toBe(html);
    expect(brotliDecompressSync(served.br!.body).toString()).toBe(html);
    expect(served.br!.body.length).toBeLessThan(served.gzip!.body.length);
    expect(served.bytes).toBe(
      served.identity.body.length + served.gzip!.body.length + served.br!.body.length,
    );
  });

  it("compresses a one-off answer only in the encoding asked for", async () => {
    const once = await prepareDocument(document(), SITE_HEADERS, {
      stored: false,
      encoding: "gzip",
    });
    expect(once.gzip).toBeDefined();
    expect(once.br).toBeUndefined();
  });
});

describe("sendDocument", () => {
  it("answers the encoding the client prefers, with its own length and validator", async () => {
    const br = await fetchRaw({ "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(served.br!.body.length));
    expect(br.headers.etag).toBe('"abc-br"');
    expect(br.headers.vary).toBe("cf-ipcountry, Accept-Encoding");

    const gzip = await fetchRaw({ "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(html);

    const refused = await fetchRaw({ "accept-encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(html);
  });

  it("sends the site's headers with every variant and with a 304", async () => {
    const gzip = await fetchRaw({ "accept-encoding": "gzip" });
    expect(gzip.headers["x-content-type-options"]).toBe("nosniff");
    const notModified = await fetchRaw({
      "accept-encoding": "gzip",
      "if-none-match": '"abc-gzip"',
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["x-content-type-options"]).toBe("nosniff");
    expect(notModified.headers["content-length"]).toBeUndefined();
    expect(notModified.headers["content-encoding"]).toBeUndefined();
  });

  it("gives HEAD the headers GET gets, without a body", async () => {
    const head = await fetchRaw({ "accept-encoding": "gzip" }, "HEAD");
    const get = await fetchRaw({ "accept-encoding": "gzip" });
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);
  });

  it("answers 304 to a matching If-None-Match for the variant the client gets", async () => {
    const notModified = await fetchRaw({ "accept-encoding": "br", "if-none-match": '"abc-br"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe('"abc-br"');
    expect(notModified.headers["cache-control"]).toBe("public, max-age=60");
    expect(notModified.body.length).toBe(0);
    const other = await fetchRaw({ "accept-encoding": "br", "if-none-match": '"abc"' });
    expect(other.status).toBe(200);
    expect((await request("GET", { "if-none-match": "*" })).status).toBe(304);
  });
});

describe("isStorable", () => {
  it("keeps public answers 200, 403 and 404 with a validator", () => {
    for (const status of [200, 403, 404]) expect(isStorable(document({ status }))).toBe(true);
  });

  it("never keeps a private, personal or failed answer", () => {
    expect(isStorable(document({ status: 500 }))).toBe(false);
    const withCookie = document();
    withCookie.headers.push(["set-cookie", "a=1"]);
    expect(isStorable(withCookie)).toBe(false);
    const noStore = document({
      headers: [
        ["cache-control", "no-store"],
        ["etag", '"x"'],
      ],
    });
    expect(isStorable(noStore)).toBe(false);
  });

  it("keeps a private page under an experiment only when the key holds its variants", () => {
    const perVisitor = document({
      headers: [
        ["cache-control", "private, max-age=60"],
        ["etag", '"x"'],
      ],
    });
    expect(isStorable(perVisitor)).toBe(false);
    expect(isStorable(perVisitor, { keyedByVariant: true })).toBe(true);
  });
});

/** GET or HEAD through node:http, so the body arrives as sent (still encoded). */
function fetchRaw(headers: Record<string, string>, method = "GET") {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>(
    (resolve, reject) => {
      httpRequest({ host: hostname, port, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}
