/**
 * The postback receiver on a real node:http server, with a fake conversion ledger: the
 * token, the answers a program reads, JSON and form bodies, the bounds, the rate limit,
 * and a database failure (503: nothing acknowledged).
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { RecordOptions, RecordOutcome } from "~/conversions/ledger.server";
import type {
  ConversionInput,
  PostbackMapping,
  RejectionReason,
} from "~/conversions/postback-input";

import {
  MAX_POSTBACK_BODY_BYTES,
  postbackReceiver,
  redactToken,
  type PostbackLedger,
  type PostbackReceiverOptions,
} from "./postback";
import { rateLimit } from "./rate-limit";
import { inspectRequest } from "./request-guard";

const TOKEN = "unit-postback-token-0123456789";
const CLICK = "zV_ESAVau4vRAclQ";
const MAPPING: PostbackMapping = {
  params: {
    click_id: "click_id",
    event: "event",
    amount: "amount",
    currency: "currency",
    txid: "txid",
  },
  events: { first_deposit: "ftd" },
};

/** A ledger that remembers what it was given and answers `outcome` (or throws). */
class FakeLedger implements PostbackLedger {
  recorded: ConversionInput[] = [];
  tests: ConversionInput[] = [];
  rejections: { reason: RejectionReason; seen: unknown }[] = [];
  outcome: RecordOutcome | Error = "accepted";

  record(conversion: ConversionInput, _options: RecordOptions): Promise<RecordOutcome> {
    if (this.outcome instanceof Error) return Promise.reject(this.outcome);
    this.recorded.push(conversion);
    return Promise.resolve(this.outcome);
  }
  logTest(conversion: ConversionInput): Promise<void> {
    if (this.outcome instanceof Error) return Promise.reject(this.outcome);
    this.tests.push(conversion);
    return Promise.resolve();
  }
  logRejection(reason: RejectionReason, _origin: unknown, seen: unknown = {}): void {
    this.rejections.push({ reason, seen });
  }
}

let ledger = new FakeLedger();
let server: Server;
let base = "";
const logged: string[] = [];

function receiverOptions(
  overrides: Partial<PostbackReceiverOptions> = {},
): PostbackReceiverOptions {
  return {
    token: TOKEN,
    conversions: ledger,
    ratePerSecond: 1_000,
    app: () => ({ postbackMapping: () => MAPPING }),
    clientAddress: (req) => String(req.headers["x-client"] ?? "127.0.0.1"),
    siteHeaders: [["X-Content-Type-Options", "nosniff"]],
    accessLog: (req) => logged.push(redactToken(`${req.method} ${req.url}`)),
    ...overrides,
  };
}

beforeAll(async () => {
  // The ledger is swapped per test: the receiver reads it through this proxy.
  const receiver = postbackReceiver(
    receiverOptions({
      conversions: {
        record: (...args) => ledger.record(...args),
        logTest: (...args) => ledger.logTest(...args),
        logRejection: (...args) => ledger.logRejection(...args),
      },
      ratePerSecond: 5,
      // A frozen clock: no token comes back while a test sends its requests, however slow
      // the machine.
      now: () => 0,
    }),
  )!;
  server = createServer((req, res) => {
    inspectRequest(req);
    if (receiver.answer(req, res)) return;
    res.writeHead(404).end("not the receiver");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  ledger = new FakeLedger();
  logged.length = 0;
});

/** A client address of its own per call, so the rate limit stays out of the way. */
let clients = 0;
const post = (body: string, type: string, path = `/postback/${TOKEN}`) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": type, "x-client": `c${clients++}` },
    body,
  });
const get = (query: string, path = `/postback/${TOKEN}`) =>
  fetch(`${base}${path}?${query}`, { headers: { "x-client": `c${clients++}` } });

describe("the token", () => {
  it("answers the right token, with or without a final slash", async () => {
    expect((await get(`click_id=${CLICK}&event=registration`)).status).toBe(200);
    expect((await get(`click_id=${CLICK}&event=registration`, `/postback/${TOKEN}/`)).status).toBe(
      200,
    );
  });

  it("leaves a wrong, shorter, longer or differently cased token to the site (404)", async () => {
    for (const token of ["nope", TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), ""]) {
      const answer = await get(`click_id=${CLICK}&event=registration`, `/postback/${token}`);
      expect(await answer.text()).toBe("not the receiver");
    }
    expect(ledger.recorded).toEqual([]);
  });

  it("makes no receiver without a token or without a ledger", () => {
    expect(postbackReceiver(receiverOptions({ token: undefined }))).toBeNull();
    expect(postbackReceiver(receiverOptions({ conversions: null }))).toBeNull();
  });

  it("never logs the token", async () => {
    await get(`click_id=${CLICK}&event=registration`);
    expect(logged).toEqual(["GET /postback/…"]);
    expect(redactToken(`GET /postback/${TOKEN}?a=1 200 12 - 1 ms`)).toBe(
      "GET /postback/… 200 12 - 1 ms",
    );
  });
});

describe("the answers", () => {
  it("says what became of the conversion in one plain-text line, uncached and unindexed", async () => {
    for (const outcome of ["accepted", "duplicate", "orphan"] as const) {
      ledger.outcome = outcome;
      const answer = await get(`click_id=${CLICK}&event=deposit&amount=5&txid=t-${outcome}`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(`OK ${outcome}\n`);
      expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });

  it("records a test postback (test=1, true or yes) in the log only, never as a conversion", async () => {
    for (const value of ["1", "true", "YES"]) {
      const answer = await get(`click_id=${CLICK}&event=ftd&amount=10&test=${value}`);
      expect(await answer.text(), value).toBe("OK test\n");
    }
    expect(ledger.tests).toHaveLength(3);
    expect(ledger.recorded).toEqual([]);
  });

  it("refuses a test value it cannot read, rather than storing it as money", async () => {
    const answer = await get(`click_id=${CLICK}&event=ftd&amount=10&test=sandbox`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe(
      "ERROR bad_test: test must be 1, true or yes for a test postback (nothing stored), or 0, false or no [test]\n",
    );
    expect(ledger.recorded).toEqual([]);
    expect(ledger.tests).toEqual([]);
    expect(ledger.rejections.map((entry) => entry.reason)).toEqual(["bad_test"]);
  });

  it("answers 503 with Retry-After when the database fails, acknowledging nothing", async () => {
    ledger.outcome = new Error("database is down");
    const answer = await get(`click_id=${CLICK}&event=registration`);
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await answer.text()).not.toMatch(/^OK/);
    // A test postback does not pretend either: the dashboard's button sees the outage.
    const test = await get(`click_id=${CLICK}&event=ftd&amount=10&test=1`);
    expect(test.status).toBe(503);
  });

  it("refuses invalid input with 400 and the reason, logged as rejected, never echoed", async () => {
    const answer = await get(
      `click_id=${CLICK}&event=deposit&amount=5&txid=${encodeURIComponent("<script>x</script>")}`,
    );
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toBe(
      "ERROR bad_txid: txid must be 1 to 100 characters of A-Z a-z 0-9 . _ : - [txid]\n",
    );
    expect(ledger.rejections).toEqual([
      {
        reason: "bad_txid",
        seen: { event: "deposit", clickId: CLICK, txid: "<script>x</script>" },
      },
    ]);
    expect(ledger.recorded).toEqual([]);
  });

  it("answers 405 with Allow to a method other than GET and POST", async () => {
    const answer = await fetch(`${base}/postback/${TOKEN}`, { method: "PUT", body: "x" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST");
  });
});

describe("bodies", () => {
  it("reads a form", async () => {
    const answer = await post(
      `click_id=${CLICK}&event=first_deposit&amount=20.00&txid=f1`,
      "application/x-www-form-urlencoded",
    );
    expect(await answer.text()).toBe("OK accepted\n");
    expect(ledger.recorded).toEqual([
      { clickId: CLICK, event: "ftd", amountCents: 2000, currency: "EUR", txid: "f1" },
    ]);
  });

  it("reads a JSON object of strings and numbers, numbers as their text", async () => {
    const answer = await post(
      `{"click_id": "${CLICK}", "event": "deposit", "amount": 12.50, "txid": 77, "extra": "y"}`,
      "application/json; charset=utf-8",
    );
    expect(await answer.text()).toBe("OK accepted\n");
    expect(ledger.recorded).toEqual([
      { clickId: CLICK, event: "deposit", amountCents: 1250, currency: "EUR", txid: "77" },
    ]);
  });

  it("refuses a JSON amount that is not exact as text (1e309, 30 digits)", async () => {
    for (const amount of ["1e309", "1".repeat(30), "-0"]) {
      const answer = await post(
        `{"click_id":"${CLICK}","event":"commission","amount":${amount}}`,
        "application/json",
      );
      expect(await answer.text()).toMatch(/^ERROR bad_amount: .* \[amount\]\n$/);
    }
  });

  it.each([
    ["nested object", `{"click_id":{"a":1},"event":"registration"}`],
    ["array", `[["click_id","${CLICK}"]]`],
    ["true", `{"click_id":"${CLICK}","event":"registration","test":true}`],
    ["null", `{"click_id":null,"event":"registration"}`],
    ["trailing text", `{"click_id":"${CLICK}","event":"registration"} x`],
    ["broken JSON", `{"click_id":"${CLICK}",`],
  ])("refuses a JSON body with a %s (bad_body)", async (_name, body) => {
    const answer = await post(body, "application/json");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/^ERROR bad_body: /);
    expect(ledger.rejections.map(({ reason }) => reason)).toEqual(["bad_body"]);
  });

  it("refuses a key repeated in JSON, which JSON.parse would have kept once", async () => {
    const answer = await post(
      `{"click_id":"${CLICK}","event":"deposit","amount":"5","amount":"500"}`,
      "application/json",
    );
    expect(await answer.text()).toMatch(/^ERROR repeated_param: .* \[amount\]/);
  });

  it("refuses another media type", async () => {
    const answer = await post(`click_id=${CLICK}&event=registration`, "text/plain");
    expect(await answer.text()).toMatch(/^ERROR bad_body: /);
  });

  it("refuses raw bytes that are not UTF-8 in a body, even in a parameter it ignores", async () => {
    const body = Buffer.concat([
      Buffer.from(`click_id=${CLICK}&event=registration&x=`),
      Buffer.from([0xff]),
    ]);
    const answer = await fetch(`${base}/postback/${TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-client": "raw" },
      body,
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/^ERROR bad_encoding: /);
  });

  it("answers 413 to a body over the bound, declared or chunked, and closes", async () => {
    const big = "a".repeat(MAX_POSTBACK_BODY_BYTES + 1);
    expect((await post(big, "application/x-www-form-urlencoded")).status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const sent = request(`${base}/postback/${TOKEN}`, { method: "POST" }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      sent.on("error", reject);
      for (let index = 0; index < 4; index++) sent.write("a".repeat(MAX_POSTBACK_BODY_BYTES / 2));
      sent.end();
    });
    expect(chunked).toBe(413);
    expect(ledger.rejections.map(({ reason }) => reason)).toEqual(["too_large", "too_large"]);
  });

  it("answers 414 to a query over the bound", async () => {
    const answer = await get(`click_id=${CLICK}&x=${"a".repeat(MAX_POSTBACK_BODY_BYTES)}`);
    expect(answer.status).toBe(414);
  });
});

describe("the rate limit", () => {
  it("answers 429 with Retry-After past the burst of one address, not to another", async () => {
    // 5 per second, bursts of 50: the 51st at once is refused.
    const statuses: number[] = [];
    for (let index = 0; index < 51; index++) {
      const answer = await fetch(`${base}/postback/${TOKEN}?click_id=${CLICK}&event=registration`, {
        headers: { "x-client": "busy" },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBe(1);
    }
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
    expect((await get(`click_id=${CLICK}&event=registration`)).status).toBe(200);
  });

  it("refills at the rate and bounds the addresses it remembers", () => {
    const limit = rateLimit({ ratePerSecond: 2, burst: 2, maxAddresses: 2 });
    expect([limit.take("a", 0), limit.take("a", 0), limit.take("a", 0)]).toEqual([0, 0, 1]);
    expect(limit.take("a", 500)).toBe(0); // half a second: one more
    expect(limit.take("a", 500)).toBe(1);
    limit.take("b", 500);
    limit.take("c", 500); // "a" is forgotten: it starts again with a full bucket
    expect(limit.take("a", 500)).toBe(0);
  });
});

describe("errors of the receiver itself", () => {
  it("logs an unexpected failure without the token and answers 500", async () => {
    const failing = postbackReceiver(
      receiverOptions({
        app: () => ({
          postbackMapping: () => {
            throw new Error("no mapping");
          },
        }),
      }),
    )!;
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const local = createServer((req, res) => {
      inspectRequest(req);
      failing.answer(req, res);
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = local.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/postback/${TOKEN}?event=x`);
      expect(answer.status).toBe(500);
      expect(error).toHaveBeenCalledOnce();
      expect(String(error.mock.calls[0]![0])).not.toContain(TOKEN);
    } finally {
      error.mockRestore();
      await new Promise((resolve) => local.close(resolve));
    }
  });
});
