import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { RETRY_STATUS_CODES, createHttpClient, retriesFor } from "./http";

/** A local server that answers every request with the status in its path: /status/503. */
let server: Server;
let baseURL: string;
const hits: { method: string; url: string; body: string; contentType?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      hits.push({
        method: req.method!,
        url: req.url!,
        body,
        contentType: req.headers["content-type"],
      });
      if (req.url?.startsWith("/drop")) {
        req.socket.destroy();
        return;
      }
      const status = Number(/\/status\/(\d+)/.exec(req.url ?? "")?.[1] ?? 200);
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

const http = () => createHttpClient({ baseURL, retryDelay: 0 });

describe("http client", () => {
  it("retries on exactly 408, 409, 425, 429, 500, 502, 503, 504", () => {
    expect(RETRY_STATUS_CODES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each(["GET", "HEAD", "OPTIONS"])("retries a %s once on a retryable status", async (method) => {
    await expect(http()("/status/503", { method })).rejects.toThrow();
    expect(hits.map((hit) => hit.method)).toEqual([method, method]);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("never retries a %s", async (method) => {
    await expect(http()("/status/503", { method, body: { a: 1 } })).rejects.toThrow();
    expect(hits).toHaveLength(1);
    expect(retriesFor(method)).toBe(0);
  });

  it.each([400, 403, 404, 410, 422, 501])(
    "does not retry status %i and reports it as an error",
    async (status) => {
      await expect(http()(`/status/${status}`)).rejects.toMatchObject({ statusCode: status });
      expect(hits).toHaveLength(1);
    },
  );

  it("treats every status from 400 to 599 as an error", async () => {
    await expect(http()("/status/599")).rejects.toMatchObject({ statusCode: 599 });
    await expect(http()("/status/399")).resolves.toEqual({ status: 399 });
  });

  it("sends a JSON body for POST, PUT, PATCH and DELETE", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      await http()("/status/200", { method, body: { locale: "en" } });
    }
    expect(hits.map((hit) => [hit.method, hit.body, hit.contentType])).toEqual(
      ["POST", "PUT", "PATCH", "DELETE"].map((method) => [
        method,
        '{"locale":"en"}',
        "application/json",
      ]),
    );
  });

  it("parses JSON answers", async () => {
    await expect(http()("/status/200")).resolves.toEqual({ status: 200 });
  });

  it("tries a GET that gets no answer twice, a POST once, then reports it", async () => {
    await expect(http()("/drop")).rejects.toMatchObject({
      name: "HttpError",
      statusCode: undefined,
    });
    expect(hits.map((hit) => hit.method)).toEqual(["GET", "GET"]);
    hits.length = 0;
    await expect(http()("/drop", { method: "POST", body: {} })).rejects.toThrow();
    expect(hits).toHaveLength(1);
  });
});
