/**
 * The request path of the production server (server/): the page cache's encodings,
 * HEAD, 304 and key normalisation; precompressed static files and their errors; request
 * limits; hostile request lines and headers; graceful shutdown of a server of its own.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { expect, rawRequest, readContent, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** Sends bytes exactly as given on a new connection and returns what came back. */
function rawExchange(bytes: string, { port = PORT, timeoutMs = 10_000 } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("no answer")));
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

async function assetPath(): Promise<string> {
  const html = (await rawRequest("/")).body;
  return /\/build\/_shared\/[^"]+\.js/.exec(html)![0];
}

test.describe("the page cache", () => {
  test("answers Brotli, gzip or identity as asked, each decoding to the same page", async () => {
    const identity = await rawRequest("/terms");
    const encoded = async (encoding: string) => {
      const response = await fetch(`http://localhost:${PORT}/terms`, {
        headers: { "Accept-Encoding": encoding },
      });
      return {
        headers: response.headers,
        body: Buffer.from(await response.arrayBuffer()),
      };
    };
    expect(identity.headers["content-encoding"]).toBeUndefined();
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      // Node's fetch decodes what it asked for; the raw request keeps the bytes.
      const raw = await rawBytes("/terms", { "Accept-Encoding": encoding });
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
      expect(decode(raw.body).toString()).toBe(identity.body);
      expect(raw.headers.vary).toContain("Accept-Encoding");
      expect((await encoded(encoding)).headers.get("etag")).toBe(raw.headers.etag);
    }
  });

  test("gives HEAD exactly the headers of GET, without a body", async () => {
    for (const encoding of ["br", "gzip", ""]) {
      const headers = encoding ? { "Accept-Encoding": encoding } : undefined;
      const get = await rawBytes("/vip", headers);
      const head = await rawBytes("/vip", headers, "HEAD");
      expect(head.body.length).toBe(0);
      for (const name of ["content-length", "content-encoding", "etag", "cache-control"]) {
        expect(head.headers[name], `${name} (${encoding || "identity"})`).toBe(get.headers[name]);
      }
    }
  });

  test("answers 304 to the validator of the variant the client gets", async () => {
    const gzip = await rawBytes("/privacy", { "Accept-Encoding": "gzip" });
    const etag = String(gzip.headers.etag);
    const again = await rawBytes("/privacy", { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["cache-control"]).toBe(gzip.headers["cache-control"]);
    const other = await rawBytes("/privacy", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(other.status).toBe(200);
  });

  test("serves the same page for any tracking or unread query parameter", async () => {
    const plain = await rawRequest("/responsible");
    for (const query of ["?utm_source=a&utm_campaign=b", "?gclid=x&fbclid=y", "?anything=1"]) {
      const tracked = await rawRequest(`/responsible${query}`);
      expect(tracked.status).toBe(200);
      expect(tracked.headers.etag).toBe(plain.headers.etag);
      expect(tracked.body).toBe(plain.body);
    }
  });
});

test.describe("static files", () => {
  test("are sent precompressed, with the same length for GET and HEAD", async () => {
    const asset = await assetPath();
    const onDisk = statSync(`public${asset}.br`).size;
    const get = await rawBytes(asset, { "Accept-Encoding": "br" });
    const head = await rawBytes(asset, { "Accept-Encoding": "br" }, "HEAD");
    expect(get.headers["content-encoding"]).toBe("br");
    expect(Number(get.headers["content-length"])).toBe(onDisk);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(get.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(get.body).toString()).toBe(readFileSync(`public${asset}`, "utf8"));
  });

  test("apply a Range to the bytes they send, never to bytes they did not", async () => {
    const range = await rawBytes("/images/brand/logo.svg", {
      "Accept-Encoding": "gzip",
      Range: "bytes=0-9",
    });
    expect(range.status).toBe(206);
    const total = Number(/\/(\d+)$/.exec(String(range.headers["content-range"]))?.[1]);
    if (range.headers["content-encoding"] === "gzip") {
      expect(total).toBe(statSync("public/images/brand/logo.svg.gz").size);
    } else {
      expect(total).toBe(statSync("public/images/brand/logo.svg").size);
    }
    expect(range.body.length).toBe(10);
  });

  test("answer a failed precondition or range uncached, without the file's validators", async () => {
    const asset = await assetPath();
    const failing: Record<string, string>[] = [
      { "If-Match": '"nope"' },
      { Range: "bytes=99999999-" },
    ];
    for (const headers of failing) {
      const response = await rawBytes(asset, headers);
      expect([412, 416]).toContain(response.status);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers["last-modified"]).toBeUndefined();
    }
  });

  test("never redirect a directory, and never off the site", async () => {
    for (const path of ["/images", "/images/", "/build", "/build/_shared"]) {
      const response = await rawRequest(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
    for (const path of ["/\\evil.example/..", "/images/..", "/%5Cevil.example/.."]) {
      const location = String((await rawRequest(path)).headers.location ?? "/");
      expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });
});

test.describe("request limits and hostile request lines", () => {
  test("a body over the limit gets the 413 page, declared or streamed", async ({ request }) => {
    const big = "locale=en&redirectTo=/&pad=" + "a".repeat(200_000);
    const declared = await request.post("/_app/locale", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: big,
    });
    expect(declared.status()).toBe(413);
    const page = await declared.text();
    expect(page).toContain(
      (readContent("site.json").errors as Record<string, { title: string }>).payload_too_large!
        .title,
    );
    expect(page).toContain('class="site-header"');
    expect(page).toContain('class="site-footer"');

    const chunked = await rawExchange(
      [
        "POST /_app/locale HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/x-www-form-urlencoded",
        "Transfer-Encoding: chunked",
        "Connection: close",
        "",
        `${(40_000).toString(16)}\r\n${"a".repeat(40_000)}\r\n0\r\n\r\n`,
      ].join("\r\n"),
    );
    expect(statusOf(chunked)).toBe(413);
  });

  test("a Host with a port out of range, or two Hosts, get the 400 page", async () => {
    for (const hosts of [["a:99999"], ["localhost", "localhost"]]) {
      const answer = await rawExchange(
        `GET /healthz HTTP/1.1\r\n${hosts.map((host) => `Host: ${host}\r\n`).join("")}Connection: close\r\n\r\n`,
      );
      expect(statusOf(answer), hosts.join(", ")).toBe(400);
      expect(answer).toContain('class="site-footer"');
      expect(answer).not.toMatch(/\bat .+\.js:\d+/);
    }
  });

  test("a refused HEAD gets the refusal's status and headers, without a body", async () => {
    const answer = await rawExchange(
      "HEAD /healthz HTTP/1.1\r\nHost: a:99999\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(answer)).toBe(400);
    expect(answer).toMatch(/\r\ncontent-type: text\/html/i);
    expect(answer.split("\r\n\r\n")[1]).toBe("");
  });

  test("a method a path does not answer gets the site's 405 page, resource routes included", async () => {
    for (const [method, path, allow] of [
      ["POST", "/healthz", "GET, HEAD"],
      ["POST", "/robots.txt", "GET, HEAD"],
      ["PUT", "/sitemap.xml", "GET, HEAD"],
      ["OPTIONS", "/_app/locale", "POST"],
      ["TRACE", "/_app/locale", "POST"],
      ["GET", "/_app/locale", "POST"],
    ] as const) {
      const response = await rawRequest(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["allow"], `${method} ${path}`).toBe(allow);
      expect(response.headers["cache-control"], `${method} ${path}`).toBe("no-store");
      expect(response.body, `${method} ${path}`).toContain('class="site-footer"');
      expect(response.body, `${method} ${path}`).toContain("Método no permitido");
    }
  });

  test("a refused request's page is complete without JavaScript and does not hydrate", async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    const response = await page.goto("/_app/locale");
    expect(response?.status()).toBe(405);
    await expect(page.locator("footer")).toBeVisible();
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    // The load event is the barrier: every script the page would run has been fetched.
    await page.waitForLoadState("load");
    expect(requests.filter((path) => path.startsWith("/build/"))).toEqual([]);
  });

  test("X-Forwarded-Host is ignored, however malformed", async () => {
    const response = await rawRequest("/healthz", { headers: { "X-Forwarded-Host": "a:99999" } });
    expect(response.status).toBe(200);
  });

  test("asterisk-form and absolute-form targets get a clean answer", async () => {
    const options = await rawExchange(
      "OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(options)).toBe(204);
    expect(options).toMatch(/\r\nAllow: GET, HEAD\r\n/i);
    const star = await rawExchange(
      "GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(star)).toBe(400);
    const absolute = await rawExchange(
      "GET http://evil.example/healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(absolute)).toBe(200);
    expect(absolute.split("\r\n\r\n")[1]).toMatch(/^(2\r\n)?ok/);
    const badPort = await rawExchange(
      "GET http://evil.example:99999/healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(statusOf(badPort)).toBe(400);
  });

  test("encoded line terminators in a path get the 404 page naming the path", async () => {
    for (const path of ["/%0A", "/terms%0D", "/%E2%80%A8"]) {
      const response = await rawRequest(path);
      expect(response.status, path).toBe(404);
      expect(response.body).toContain("Page Not Found: /");
    }
  });

  test("a path the browser's router cannot match still reads as not found once hydrated", async ({
    page,
  }) => {
    const errors = readContent("site.json").errors as Record<string, { title: string }>;
    await page.goto("/Pagina%0Arota");
    // Served as the 404 page; once the modules ran, the router's own 404 reads the same way
    // (before, the visitor was switched to the generic apology).
    // Once hydrated (the runtime marks the document), the router has rendered its match.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.locator("h1")).toHaveText(errors.not_found!.title);
    await expect(page.getByText(errors.server_error!.title)).toHaveCount(0);
    await expect(page.locator("footer")).toBeVisible();
  });

  test("an idle connection that never finishes its headers is closed", async () => {
    // The promise settles with the server's answer only when the server ends the socket;
    // the client's own time-out (far beyond the server's 10 s) would reject it instead.
    const answer = await rawExchange("GET / HTTP/1.1\r\nHost: localhost\r\n", {
      timeoutMs: 45_000,
    });
    expect(statusOf(answer) === 408 || answer === "").toBe(true);
  });

  test("the locale form's redirect is percent-encoded, whatever the characters", async ({
    request,
  }) => {
    const response = await request.post("/_app/locale", {
      form: { locale: "en", redirectTo: "/términos/漢字?q=ñ" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/t%C3%A9rminos/%E6%BC%A2%E5%AD%97?q=%C3%B1");
  });

  test("every answer carries Cross-Origin-Resource-Policy once", async () => {
    for (const path of ["/", "/terms", "/nope", "/robots.txt", "/images/brand/logo.svg"]) {
      const answer = await rawExchange(
        `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      const matches = answer.match(/\r\ncross-origin-resource-policy: same-origin\r\n/gi) ?? [];
      expect(matches.length, path).toBe(1);
    }
  });
});

test.describe("graceful shutdown", () => {
  let server: ChildProcess | null = null;

  test.afterAll(() => {
    if (server?.exitCode === null) server.kill("SIGKILL");
  });

  test("SIGTERM lets requests in flight finish, then the server exits 0", async () => {
    test.setTimeout(30_000);
    const own = await startOwnServer(0, {}, { timeout: 15_000 });
    server = own.process;

    // A form post whose body arrives slowly is in flight when the signal comes. The
    // server's "100 Continue" says it has taken the request; its log says it has the
    // signal; only then does the rest of the body go.
    const body = "locale=en&redirectTo=%2Fterms";
    const socket = connect(own.port, "127.0.0.1");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (/\r\n\r\nHTTP\/1\.1 (?!100)[\s\S]*\r\n\r\n/.test(received)) socket.end();
    });
    const closed = once(socket, "close");
    socket.write(
      `POST /_app/locale HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await expect.poll(() => received, { timeout: 15_000 }).toContain("HTTP/1.1 100 Continue");
    own.process.kill("SIGTERM");
    await expect.poll(own.log, { timeout: 15_000 }).toContain("SIGTERM");
    socket.write(body.slice(5));
    await closed;
    const answer = received.slice(received.indexOf("\r\n\r\n") + 4);
    expect(statusOf(answer)).toBe(303);
    expect(answer).toMatch(/\r\nlocation: \/terms\r\n/i);
    const [code] = (await once(own.process, "exit")) as [number | null];
    expect(code).toBe(0);
    expect(own.log()).toContain("SIGTERM");
    expect(own.log()).not.toMatch(/\bat .+\.js:\d+/);
  });
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request through node:http that keeps the body's bytes as sent. */
function rawBytes(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Raw>((resolve, reject) => {
    httpRequest({ host: "localhost", port: PORT, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}
