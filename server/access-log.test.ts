import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accessLog } from "./access-log";
import { parseTarget, setTarget } from "./request-target";

const lines: string[] = [];
const log = accessLog((line) => lines.push(line));
/** What each test's server does with a request the guard let through. */
let handle: (req: IncomingMessage, res: ServerResponse) => void = () => {};
const server = createServer((req, res) => {
  setTarget(req, parseTarget(req.url ?? "/"));
  handle(req, res);
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a GET of `path` and resolves once its answer has been read. */
function get(path: string): Promise<number> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, path, host: "127.0.0.1" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

describe("the access log", () => {
  it("writes a fast endpoint's line once it has answered: its status and its time", async () => {
    lines.length = 0;
    handle = (req, res) => {
      res.writeHead(302, ["Location", "https://afiliados.example/"]);
      res.end();
      log.answered(req, res);
    };
    expect(await get("/go/x?a=1")).toBe(302);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/go\/x\?a=1 302 - - \d+\.\d{3} ms$/);
  });

  it("writes Express's line when the answer finishes, in the same columns", async () => {
    lines.length = 0;
    handle = (req, res) =>
      log.middleware(req, res, () => {
        res.setHeader("Content-Length", "2");
        res.end("ok");
      });
    expect(await get("/terms")).toBe(200);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatch(/^GET \/terms 200 2 - \d+\.\d{3} ms$/);
  });

  it("gives a request that passes twice one line, and never names a postback's token", async () => {
    lines.length = 0;
    handle = (req, res) => {
      res.writeHead(200, ["Content-Length", "3"]);
      res.end("OK\n");
      log.answered(req, res);
      log.answered(req, res);
    };
    await get("/postback/secret-token-of-the-receiver?event=ftd");
    expect(lines).toEqual([expect.stringMatching(/^GET \/postback\/… 200 - - [\d.]+ ms$/)]);
  });
});
