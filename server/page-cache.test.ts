import type { AddressInfo } from "node:net";
import type { Server } from "node:http";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createPageCache } from "./page-cache.mjs";

let server: Server;
let base: string;
let renders = 0;

beforeAll(async () => {
  const app = express();
  app.use(createPageCache({ maxEntries: 2 }));
  app.use((req, res) => {
    renders++;
    const country = String(req.headers["cf-ipcountry"] ?? "");
    const status = req.path === "/missing" ? 404 : country === "US" ? 403 : 200;
    res.status(status);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("ETag", `"${req.path}-${status}"`);
    res.setHeader("Vary", "cf-ipcountry");
    res.setHeader("Cache-Control", req.path === "/private" ? "no-store" : "public, max-age=60");
    if (req.path === "/cookie") res.setHeader("Set-Cookie", "a=1");
    res.write(`<p>${req.path} `);
    res.end(`${status} #${renders}</p>`);
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

describe("page cache", () => {
  it("answers a repeat request from memory with the same status, headers and body", async () => {
    const first = await get("/a");
    const body = await first.text();
    const before = renders;
    const second = await get("/a");
    expect(await second.text()).toBe(body);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("public, max-age=60");
    expect(renders).toBe(before);
  });

  it("answers 304 from memory to a matching If-None-Match", async () => {
    const { headers } = await get("/b");
    const response = await get("/b", { "If-None-Match": headers.get("etag")! });
    expect(response.status).toBe(304);
  });

  it("keeps 404 pages but never private answers, answers with cookies or requests with cookies", async () => {
    await get("/missing");
    const before = renders;
    expect((await get("/missing")).status).toBe(404);
    expect(renders).toBe(before);
    for (const [path, headers] of [
      ["/private", {}],
      ["/cookie", {}],
      ["/a", { Cookie: "ui_locale=en" }],
    ] as const) {
      const count = renders;
      await get(path, headers);
      await get(path, headers);
      expect(renders, path).toBe(count + 2);
    }
  });

  it("honours Vary: another country is a different page", async () => {
    expect((await get("/gate", { "cf-ipcountry": "ES" })).status).toBe(200);
    expect((await get("/gate", { "cf-ipcountry": "US" })).status).toBe(403);
    expect((await get("/gate", { "cf-ipcountry": "US" })).status).toBe(403);
    expect((await get("/gate", { "cf-ipcountry": "ES" })).status).toBe(200);
  });

  it("holds at most maxEntries pages", async () => {
    await get("/x");
    await get("/y");
    await get("/z");
    const before = renders;
    await get("/x");
    expect(renders).toBe(before + 1);
  });
});
