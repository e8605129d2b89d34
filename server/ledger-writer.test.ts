/**
 * The ledger's writer thread seen from the server: a write that blocks (a stalled disk, a
 * lock held elsewhere) holds no redirect, page or health check, a postback is answered only
 * once its conversion is committed by the thread, and shutdown writes what waits through it.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { OutboundTarget } from "~/affiliate/outbound.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { ConversionLedger } from "~/conversions/ledger.server";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { ViewLedger } from "~/views/ledger.server";

import { testClick } from "../tests/click-record";

import { outboundRedirect, type OutboundOptions } from "./outbound";
import { inspectRequest } from "./request-guard";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** A build's facade that knows one link. */
const app = {
  outboundTarget: (pathname: string): OutboundTarget | null =>
    pathname === "/go/home-hero"
      ? {
          link: { id: "home-hero", page: "/", destination: "https://aff.example/r?p=1" },
          affiliate: {
            subid_param: "subid",
            click_id_param: "clickid",
            send_click_id: true,
            fallbacks: [],
          } as unknown as OutboundTarget["affiliate"],
          siteOrigin: "https://site.example",
        }
      : null,
  experimentsFor: () => [],
  splitFor: () => null,
} satisfies ReturnType<OutboundOptions["app"]>;

const directory = mkdtempSync(path.join(tmpdir(), "writer-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let file = 0;
let database: LedgerDatabase;
let clicks: ClickLedger;
let views: ViewLedger;
let conversions: ConversionLedger;
let server: Server;
let base: string;
/** Set by a test that closed the ledgers itself. */
let closed = false;

beforeEach(async () => {
  closed = false;
  database = await openLedgerDatabase(`sqlite:${path.join(directory, `l${file++}.sqlite`)}`);
  // Every click is a batch of its own: the first redirect starts a write.
  clicks = new ClickLedger(database, { batchSize: 1, flushIntervalMs: 0 });
  views = new ViewLedger(database, { flushIntervalMs: 0 });
  conversions = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid" });
  // A bound, not a wait: the first open bundles and starts the writer's thread from source.
}, 60_000);
afterEach(async () => {
  if (closed) return;
  await Promise.all([conversions.close(), views.close()]);
  await clicks.close();
});

beforeAll(async () => {
  server = createServer((req, res) => {
    inspectRequest(req);
    const redirect = outboundRedirect({
      env: {
        COUNTRY_HEADER: "cf-ipcountry",
        BLOCKED_COUNTRIES: new Set(),
        REPORT_TIME_ZONE: "Europe/Madrid",
      },
      app: () => app,
      clicks,
      siteHeaders: [],
      clientAddress: (request) => request.socket.remoteAddress ?? "",
      accessLog: () => {},
    });
    if (redirect(req, res)) return;
    // Any other path stands for a page or /healthz: answered on this thread, no ledger.
    res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("ok");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${pathname}`, { headers: { "user-agent": CHROME } });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject).end();
  });
}

const count = async (table: "clicks" | "views" | "conversions") =>
  Number(
    (
      await database.reader
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const conversion = (clickId: string) => ({
  clickId,
  event: "registration" as const,
  amountCents: 0,
  currency: "EUR",
  txid: null,
});

describe("the ledger's writer thread", { timeout: 60_000 }, () => {
  it("holds no redirect, page or health check while a write blocks in it", async () => {
    const hold = database.writer!.hold();
    // The redirect queues its click, whose write reaches the thread and blocks there.
    expect(await get("/go/home-hero")).toBe(302);
    await hold.entered;
    let answered: string | null = null;
    const postback = conversions
      .record(conversion("clk-none"), { origin: "postback" })
      .then((outcome) => (answered = outcome));
    // Meanwhile this thread answers, and nothing was written: the write still waits.
    expect(await get("/go/home-hero")).toBe(302);
    expect(await get("/")).toBe(200);
    expect(await get("/healthz")).toBe(200);
    expect(clicks.snapshot()).toMatchObject({ written: 0, waiting: 2 });
    expect(answered).toBeNull();
    expect(await count("conversions")).toBe(0);
    hold.release();
    // The postback's answer comes once the thread committed its conversion.
    expect(await postback).toBe("orphan");
    expect(await count("conversions")).toBe(1);
    await clicks.flush();
    expect(await count("clicks")).toBe(2);
  });

  it("answers a postback whose click is still queued only after both are committed", async () => {
    clicks = new ClickLedger(database, { flushIntervalMs: 0 });
    conversions = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid" });
    const hold = database.writer!.hold();
    clicks.record(testClick({ click_id: "clk-queued-0001" }));
    const postback = conversions.record(conversion("clk-queued-0001"), { origin: "postback" });
    await hold.entered;
    expect(await count("clicks")).toBe(0);
    hold.release();
    expect(await postback).toBe("accepted");
    expect(await count("clicks")).toBe(1);
  });

  it("writes what waits through the thread at shutdown, then ends it", async () => {
    for (let index = 0; index < 3; index++) views.record({ ...viewOf(index) });
    clicks = new ClickLedger(database, { flushIntervalMs: 0 });
    for (let index = 0; index < 5; index++) clicks.record(testClick({ link_id: `l${index}` }));
    const postback = conversions.record(conversion("clk-late"), { origin: "postback" });
    // server/index.ts's order: conversions and views, then the clicks, which close the database.
    await Promise.all([conversions.close(), views.close()]);
    await clicks.close();
    closed = true;
    expect(await postback).toBe("orphan");
    await expect(database.writer!.run("views", { batch: [], token: "t" })).rejects.toThrow(
      "closed",
    );
    database = await openLedgerDatabase(`sqlite:${path.join(directory, `l${file - 1}.sqlite`)}`);
    try {
      expect([await count("clicks"), await count("views"), await count("conversions")]).toEqual([
        5, 3, 1,
      ]);
    } finally {
      await database.close();
    }
  });
});

function viewOf(index: number) {
  return {
    at: Date.parse("2026-11-20T12:00:00Z") + index,
    day: "2026-11-20",
    page: "/",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer: null,
    country: null,
    device: "mobile",
    browser: "Chrome",
    visitor: `v${index}`,
    variants: null,
  };
}
