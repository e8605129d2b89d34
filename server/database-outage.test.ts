/**
 * A PostgreSQL outage: the ledgers on a throwaway cluster of this file's own,
 * stopped and started again. While it is down the clicks and views stay queued in memory,
 * a postback gets 503 with Retry-After and nothing acknowledged, and no connection error
 * crashes the process; once it is back the queues are written exactly once and the
 * program's retry gets 200.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testClick } from "../tests/click-record";

import { reportQueries } from "~/reports/clicks.server";
import { clicksCsv, dailyCsv } from "~/reports/csv.server";
import type { View } from "~/reports/query";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { isDatabaseUnavailable } from "~/ledger/unavailable";
import type { ClickRecord, ViewRecord } from "~/ledger/schema";
import { ConversionLedger } from "~/conversions/ledger.server";
import { ViewLedger } from "~/views/ledger.server";

import { startCluster, type Cluster } from "../tests/postgres-cluster";

import { postbackReceiver } from "./postback";
import { inspectRequest } from "./request-guard";

const TOKEN = "outage-postback-token-0123456789";
const AT = Date.UTC(2026, 10, 25, 11);
const DAY = "2026-11-25";

function click(index: number): ClickRecord {
  return testClick({
    at: AT + index,
    day: DAY,
    link_id: "home-main-block-1-button-1",
    destination: "https://aff.example/a",
    country: "ES",
    visitor: `visitor-${index}`,
    click_id: `outage-click-${index}`,
  });
}

function view(index: number): ViewRecord {
  return {
    at: AT + index,
    day: DAY,
    page: "/bonos",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer: null,
    country: "ES",
    device: "mobile",
    browser: "Chrome",
    visitor: `visitor-${index}`,
  };
}

let cluster: Cluster;
let database: LedgerDatabase;
let clicks: ClickLedger;
let views: ViewLedger;
let server: Server;
let base = "";
const logged: string[] = [];
const log = (line: string) => logged.push(line);

beforeAll(async () => {
  cluster = await startCluster();
  database = await openLedgerDatabase(cluster.url, { log });
  clicks = new ClickLedger(database, { flushIntervalMs: 0, log });
  views = new ViewLedger(database, { flushIntervalMs: 0, log });
  const conversions = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid", log });
  const receiver = postbackReceiver({
    token: TOKEN,
    conversions,
    ratePerSecond: 1_000,
    app: () => ({
      postbackMapping: () => ({
        params: {
          click_id: "click_id",
          event: "event",
          amount: "amount",
          currency: "currency",
          txid: "txid",
        },
        events: {},
      }),
    }),
    clientAddress: () => "127.0.0.1",
    siteHeaders: [],
    accessLog: null,
  })!;
  server = createServer((req, res) => {
    inspectRequest(req);
    receiver.answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await views.close();
  await clicks.close();
  cluster.destroy();
});

const count = async (table: "clicks" | "views" | "conversions") =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)
    ).rows[0]!.n,
  );

/** Flushes both queues until they are empty (the pool reconnects on its first tries). */
async function writeQueues(): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await Promise.all([clicks.flush(), views.flush()]);
    if (clicks.snapshot().waiting === 0 && views.snapshot().waiting === 0) return;
  }
  throw new Error(`the queues did not drain: ${logged.join("\n")}`);
}

const postback = () =>
  fetch(`${base}/postback/${TOKEN}?click_id=outage-click-1&event=deposit&amount=25&txid=d1`);

describe("a PostgreSQL outage", () => {
  it("keeps clicks and views queued, answers postbacks 503, then writes everything once", async () => {
    for (let index = 0; index < 3; index++) clicks.record(click(index));
    views.record(view(0));
    await writeQueues();

    cluster.stop();
    for (let index = 3; index < 8; index++) clicks.record(click(index));
    for (let index = 1; index < 5; index++) views.record(view(index));
    await Promise.all([clicks.flush(), views.flush()]);
    expect(clicks.snapshot()).toMatchObject({ waiting: 5, dropped: 0 });
    expect(views.snapshot()).toMatchObject({ waiting: 4, dropped: 0 });
    // One line for the incident, however many tries, naming the fault in the operator's words.
    const incident = (tag: string) =>
      logged.filter((line) => line.startsWith(`[${tag}] cannot write`));
    expect(incident("clicks")).toEqual([
      expect.stringMatching(/^\[clicks\] cannot write 5 clicks: la base de datos no responde \(/),
    ]);

    const refused = await postback();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The driver's errors are recognised as an outage: the dashboard answers 503.
    const read = await database.db
      .selectFrom("clicks")
      .select("id")
      .execute()
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(read)).toBe(true);
    // The exports read before they stream: the call fails (the route's 503), no cut download.
    const exported = { range: { from: DAY, to: DAY }, filters: {} } as View;
    for (const csv of [clicksCsv, dailyCsv]) {
      const failed = await csv(reportQueries(database.reader), exported).catch(
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failed), csv.name).toBe(true);
    }

    cluster.start();
    await writeQueues();
    expect(await count("clicks")).toBe(8);
    expect(await count("views")).toBe(5);
    const daily = await database.db
      .selectFrom("click_daily")
      .select("clicks")
      .where("dimension", "=", "link")
      .execute();
    expect(daily.map((row) => Number(row.clicks))).toEqual([8]);
    for (const tag of ["clicks", "views"]) {
      expect(incident(tag), tag).toHaveLength(1);
      expect(logged.filter((line) => line.startsWith(`[${tag}] writing again`))).toHaveLength(1);
    }

    const retried = await postback();
    expect(retried.status).toBe(200);
    expect(await retried.text()).toBe("OK accepted\n");
    expect(await count("conversions")).toBe(1);
  }, 60_000);
});
