import { once } from "node:events";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_UPLOAD_BYTES } from "~/studio/media.server";

import {
  BodyTooLarge,
  MAX_BODY_BYTES,
  MEDIA_BODY_BYTES,
  STUDIO_BODY_BYTES,
  bodyLimit,
  readBody,
} from "./request-body";

const LIMIT = 100;
let server: Server;
let base = "";

beforeAll(async () => {
  // Answers what the reader gave: the body's length, or the 413 and its bound.
  server = createServer((req, res) => {
    void readBody(req, res, LIMIT).then((body) => {
      if (body === null) return void res.destroy();
      if (body instanceof BodyTooLarge) return void res.writeHead(body.status).end(`${body.limit}`);
      res.writeHead(200).end(`${body.length}`);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `chunks` without a declared length; the status, the text and whether the server closes. */
function post(chunks: string[]) {
  return new Promise<{ status: number; text: string; close: boolean }>((resolve, reject) => {
    const sent = request(`${base}/`, { method: "POST" }, (answer) => {
      let text = "";
      answer.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode!, text, close: answer.headers.connection === "close" }),
      );
    });
    sent.on("error", reject);
    for (const chunk of chunks) sent.write(chunk);
    sent.end();
  });
}

describe("readBody", () => {
  it("gives a body of exactly its bound, on a connection kept open", async () => {
    expect(await post(["a".repeat(60), "a".repeat(40)])).toEqual({
      status: 200,
      text: "100",
      close: false,
    });
  });

  it("answers 413 one byte past the bound and closes the connection", async () => {
    expect(await post(["a".repeat(60), "a".repeat(41)])).toEqual({
      status: 413,
      text: String(LIMIT),
      close: true,
    });
  });

  it("answers 413 past the site's bound without waiting for the end of the body", async () => {
    // The request is never ended: only an answer given before its end can arrive.
    const status = await new Promise<number>((resolve, reject) => {
      const sent = request(`${base}/`, { method: "POST" }, (answer) => {
        answer.resume();
        resolve(answer.statusCode!);
        sent.destroy();
      });
      sent.on("error", (error) => {
        if (!sent.destroyed) reject(error);
      });
      for (let index = 0; index < 5; index++) sent.write("a".repeat(MAX_BODY_BYTES / 4));
    });
    expect(status).toBe(413);
  });
});

describe("bodyLimit", () => {
  it("lets only the import's POST send more, and only while the dashboard is on", () => {
    expect(bodyLimit("POST", "/admin/import", { admin: true })).toBeGreaterThan(MAX_BODY_BYTES);
    expect(bodyLimit("POST", "/Admin/Import/", { admin: true })).toBeGreaterThan(MAX_BODY_BYTES);
    expect(bodyLimit("POST", "/admin/import", { admin: false })).toBe(MAX_BODY_BYTES);
    expect(bodyLimit("POST", "/admin", { admin: true })).toBe(MAX_BODY_BYTES);
  });

  it("lets an upload to the media library carry the largest image it accepts, and no more", () => {
    expect(bodyLimit("POST", "/admin/contenido/medios", { admin: true })).toBe(MEDIA_BODY_BYTES);
    expect(MEDIA_BODY_BYTES).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(MEDIA_BODY_BYTES).toBeLessThan(MAX_UPLOAD_BYTES * 1.1);
    expect(bodyLimit("POST", "/admin/contenido/medios", { admin: false })).toBe(MAX_BODY_BYTES);
    expect(bodyLimit("POST", "/admin/contenido/paginas/home", { admin: true })).toBe(
      STUDIO_BODY_BYTES,
    );
  });
});
