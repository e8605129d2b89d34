/**
 * The view endpoint on a real node:http server behind the guard (app.ts steps 1 and 2),
 * with the content's own pages and a fake ledger: what it answers, what it counts, and the
 * issue's bad input (unknown pages, oversized or malformed bodies, forged bot views),
 * never reflected.
 */
import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { ViewRecord } from "~/ledger/schema";
import type { ExperimentPlan } from "~/experiments/assign.server";
import { MAX_VIEW_BODY_BYTES, VIEW_PATH } from "~/views/view-endpoint";
import { viewedPage } from "~/views/viewed-page.server";

import { pageViewEndpoint } from "./page-view";
import { inspectRequest } from "./request-guard";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** An experiment running on /bonos whose variant B takes (practically) every visitor. */
const bonosCta: ExperimentPlan = {
  name: "bonos-cta",
  start: Date.now() - 86_400_000,
  variants: [
    { id: "A", weight: 1e-12 },
    { id: "B", weight: 1 },
  ],
};
const experimentsFor = (page: string) => (page === "/bonos" ? [bonosCta] : []);
const app = { viewedPage, experimentsFor };

let recorded: ViewRecord[] = [];
let logged: string[] = [];

let server: Server;
let base: string;

beforeAll(async () => {
  const endpoint = pageViewEndpoint({
    env: {
      COUNTRY_HEADER: "cf-ipcountry",
      BLOCKED_COUNTRIES: new Set(["US"]),
      REPORT_TIME_ZONE: "Europe/Madrid",
    },
    app: () => app,
    views: { record: (view) => void recorded.push(view) },
    siteHeaders: [["X-Content-Type-Options", "nosniff"]],
    clientAddress: (req) => req.socket.remoteAddress ?? "",
    accessLog: (req) => void logged.push(`${req.method} ${req.url}`),
  });
  server = createServer((req, res) => {
    const verdict = inspectRequest(req, { admin: false });
    if (!verdict.ok) {
      res.writeHead(verdict.status, "allow" in verdict ? { Allow: verdict.allow } : {});
      return res.end();
    }
    if (endpoint(req, res)) return;
    res.writeHead(299, { "X-Next": "step 3" });
    res.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded = [];
  logged = [];
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** One request; `body` as given (a string or raw bytes), `chunks` sent without a length. */
function send(
  path: string,
  {
    method = "POST",
    headers = {},
    body,
    chunks,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunks?: string[];
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method,
      headers: {
        "user-agent": CHROME,
        ...(body === undefined ? {} : { "content-type": "text/plain;charset=UTF-8" }),
        ...headers,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on("error", reject);
    if (chunks) for (const chunk of chunks) req.write(chunk);
    req.end(body);
  });
}

const beacon = (body: string | Buffer, headers: Record<string, string> = {}) =>
  send(VIEW_PATH, { body, headers });

describe("the view endpoint", () => {
  it("answers a beacon 204 with no body, never stored nor indexed, and counts the view", async () => {
    const answer = await beacon("p=/terms&s=google&m=cpc&c=otono&r=https://www.bing.com/");
    expect(answer).toMatchObject({ status: 204, body: "" });
    expect(answer.headers).toMatchObject({
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(recorded).toEqual([
      expect.objectContaining({
        page: "/terms",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "otono",
        referrer: null,
        device: "desktop",
        browser: "Chrome",
      }),
    ]);
    // A counted view is not logged (cache hits are not either): only refusals are.
    expect(logged).toEqual([]);
  });

  it("records the variants of the experiments on the page the view counts", async () => {
    await beacon("p=/bonos/");
    await beacon("p=/terms");
    expect(recorded.map((view) => [view.page, view.variants])).toEqual([
      ["/bonos", "bonos-cta=B"],
      ["/terms", null],
    ]);
  });

  it("takes a form-encoded body too", async () => {
    const answer = await beacon("p=%2Fprivacy&r=https%3A%2F%2Fwww.bing.com%2Fsearch", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(204);
    expect(recorded).toMatchObject([{ page: "/privacy", referrer: "bing.com" }]);
  });

  it("counts the page the router shows: the canonical page, or 404 for any other path", async () => {
    for (const path of ["/Terms/", "/nope", "/404", "/terms/x", "/%3Cscript%3E"]) {
      expect((await beacon(`p=${encodeURIComponent(path)}`)).status).toBe(204);
    }
    expect(recorded.map((view) => view.page)).toEqual(["/terms", "404", "404", "404", "404"]);
  });

  it("counts the no-JS fallback's GET, its source read from the page in its Referer", async () => {
    const answer = await send(`${VIEW_PATH}?p=/`, {
      method: "GET",
      headers: { referer: `${base}/?utm_source=news&utm_campaign=nov&gclid=x` },
    });
    expect(answer).toMatchObject({ status: 204, body: "" });
    expect(recorded).toMatchObject([
      { page: "/", utm_source: "news", utm_medium: null, utm_campaign: "nov" },
    ]);
    await send(`${VIEW_PATH}?p=/`, {
      method: "GET",
      headers: { referer: "https://elsewhere.example/?utm_source=spoof" },
    });
    expect(recorded[1]).toMatchObject({ utm_source: null, referrer: null });
  });

  it("keeps the country header's code, and counts the 403 page a blocked visitor sees", async () => {
    await beacon("p=/vip", { "cf-ipcountry": "es" });
    await beacon("p=/", { "cf-ipcountry": "US" });
    expect(recorded).toMatchObject([
      { page: "/vip", country: "ES" },
      { page: "/403", country: "US" },
    ]);
  });

  it.each([
    [
      "a crawler",
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    ],
    ["no User-Agent", { "user-agent": "" }],
    ["a prefetch", { "sec-purpose": "prefetch" }],
    ["a prerender", { "sec-purpose": "prefetch;prerender" }],
    ["a prefetch (Purpose)", { purpose: "prefetch" }],
  ])("answers %s 204 and counts nothing", async (_name, headers) => {
    expect((await beacon("p=/", headers)).status).toBe(204);
    expect(recorded).toEqual([]);
  });

  it("answers the dashboard's paths, the studio's previews among them, 204 and counts nothing", async () => {
    for (const path of ["/admin", "/admin/vista-previa/pagina/home", "/admin/vista-previa/a.b"]) {
      expect((await beacon(`p=${encodeURIComponent(path)}`)).status).toBe(204);
    }
    await beacon("p=/administrar");
    expect(recorded.map((view) => view.page)).toEqual(["404"]);
  });

  it("answers HEAD 204 and counts nothing", async () => {
    const answer = await send(`${VIEW_PATH}?p=/`, { method: "HEAD" });
    expect(answer).toMatchObject({ status: 204, body: "" });
    expect(recorded).toEqual([]);
  });

  it("takes a body of exactly MAX_VIEW_BODY_BYTES", async () => {
    const body = `p=/&c=${"x".repeat(MAX_VIEW_BODY_BYTES - 6)}`;
    expect(Buffer.byteLength(body)).toBe(MAX_VIEW_BODY_BYTES);
    expect((await beacon(body)).status).toBe(204);
    expect(recorded).toHaveLength(1);
  });

  const FORGED = "<script>alert('x')</script>";
  it.each([
    ["no body", ""],
    ["no page", `s=${FORGED}`],
    ["an empty page", "p="],
    ["a page that is not a path", `p=${encodeURIComponent("https://evil.example/")}`],
    ["a protocol-relative page", "p=//evil.example/"],
    ["a field twice", `p=/&p=${FORGED}`],
    ["percent-encoded bytes that are not UTF-8", `p=/%FF${FORGED}`],
    ["raw bytes that are not UTF-8", Buffer.from([0x70, 0x3d, 0x2f, 0xc3, 0x28])],
  ])("refuses %s: a short plain 400, nothing reflected, nothing counted", async (_name, body) => {
    const answer = await beacon(body);
    expect(answer).toMatchObject({ status: 400, body: "400 Bad Request\n" });
    expect(answer.headers).toMatchObject({
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    expect(recorded).toEqual([]);
    expect(logged).toEqual([`POST ${VIEW_PATH}`]);
  });

  it("refuses a JSON body", async () => {
    expect((await beacon('{"p":"/"}', { "content-type": "application/json" })).status).toBe(400);
    expect(recorded).toEqual([]);
  });

  it("answers a body over the bound, whole or in chunks, a short plain 413, nothing counted", async () => {
    const whole = await beacon(`p=/&c=${FORGED}${"x".repeat(MAX_VIEW_BODY_BYTES)}`);
    expect(whole).toMatchObject({ status: 413, body: "413 Payload Too Large\n" });
    expect(whole.headers).toMatchObject({
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    const chunks = ["p=/&c=", "x".repeat(600), "x".repeat(600)];
    expect(
      (await send(VIEW_PATH, { chunks, headers: { "content-type": "text/plain" } })).status,
    ).toBe(413);
    expect(recorded).toEqual([]);
    expect(logged).toEqual([`POST ${VIEW_PATH}`, `POST ${VIEW_PATH}`]);
  });

  it("refuses a fallback without a page or with a query over the bound", async () => {
    for (const query of ["", "?s=google", `?p=/&c=${"x".repeat(MAX_VIEW_BODY_BYTES)}`]) {
      const answer = await send(`${VIEW_PATH}${query}`, { method: "GET" });
      expect(answer).toMatchObject({ status: 400, body: "400 Bad Request\n" });
    }
    expect(recorded).toEqual([]);
  });

  it("leaves other methods to the guard's 405, with Allow", async () => {
    for (const method of ["PUT", "DELETE", "OPTIONS"]) {
      const answer = await send(VIEW_PATH, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
    }
  });

  it("answers only its own path", async () => {
    for (const path of [`${VIEW_PATH}/`, `${VIEW_PATH}x`, "/_app/VIEW"]) {
      expect((await send(`${path}?p=/`, { method: "GET" })).status).toBe(299);
    }
  });
});
