/**
 * The production topology under load (deploy/README.md): nginx with deploy/nginx/brisamar.conf in
 * front of two instances on one throwaway PostgreSQL (scripts/topology.ts), driven with a
 * steady mix of what the site lives on, all through the front: cached pages (the home page
 * among them: the shipped content runs no experiment), page views (beacon POSTs,
 * each with its own utm_campaign), clicks (`/go/<link>`, each with its own utm_campaign)
 * and registration postbacks for those clicks' ids. Then:
 * - a rolling deploy: each instance in turn gets SIGTERM and is started again while the
 *   load runs; no request fails at the front;
 * - a database failure: PostgreSQL stops until a hundred clicks and views have been
 *   answered and postbacks refused meanwhile; pages and redirects keep answering, postbacks
 *   get 503 and are retried until stored, queued clicks and views are written once the
 *   database is back.
 * Either way every click, view and conversion sent is in PostgreSQL exactly once, and the
 * dashboard's daily export, read through the front after logging in, totals what was sent.
 * And, on one instance, what the front's configuration promises of the cache (tracking
 * parameters share an entry and the home page is shared; `_data`, a cookie and a redirect
 * are never served from it) and of its limit on one address's redirects.
 */
import { randomUUID } from "node:crypto";
import { get as httpGet } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import type { TestInfo } from "@playwright/test";
import { parse } from "csv-parse/sync";
import pg from "pg";

import { startTopology, type Topology } from "../../scripts/topology";
import { freePorts } from "../free-port";

import { expect, test } from "./fixtures";

const LINK = "home-main-block-1-button-1";
const TOKEN = "cluster-postback-token-0123456789abcdef";
const PASSWORD = "cluster-admin-password";
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/**
 * What the traffic must have lived through before PostgreSQL is started again: clicks and
 * views answered while nothing can be written (their queues keep them, across failed
 * writes), and postbacks refused with 503. Conditions, not a duration: on a slow machine
 * the outage simply lasts longer.
 */
const OUTAGE = { clicks: 100, views: 100, refusedPostbacks: 5 };
/** Ample for OUTAGE at the load's steady rate, even with redirects slowed by the outage. */
const OUTAGE_TIMEOUT_MS = 120_000;
/** Clicks and views are written within a second or two (batch queues); retried writes later. */
const WRITE_TIMEOUT_MS = 30_000;

/** What was sent and answered: views and clicks by campaign, registrations by click id, deposits by txid. */
type Sent = { views: string[]; clicks: string[]; registrations: string[]; deposits: string[] };
type Postback = { clickId: string; event: "registration" | "deposit"; txid?: string };
type Failure = { what: string; status: number | string; body?: string };

/** The mix, sent by a few concurrent senders until stopped, and what each answer was. */
class Load {
  readonly sent: Sent = { views: [], clicks: [], registrations: [], deposits: [] };
  readonly failures: Failure[] = [];
  /** Clicks (302 with a click id) and views (204) answered so far. */
  readonly answered = { clicks: 0, views: 0 };
  /** Postbacks answered 503 (the database is down), to be sent again. */
  readonly unavailable: Postback[] = [];
  private deposits = 0;
  /** Click ids written in the database, not yet given a postback. */
  private readonly written: string[] = [];
  /** Click ids the redirects gave, not yet seen in the database. */
  private readonly pending = new Set<string>();
  private stopped = false;
  private count = 0;
  private readonly senders: Promise<void>[] = [];
  private readonly watcher: Promise<void>;

  constructor(
    private readonly front: string,
    private readonly databaseUrl: string,
    readonly run: string,
    senders = 4,
  ) {
    for (let i = 0; i < senders; i++) this.senders.push(this.send(i));
    this.watcher = this.watch();
  }

  /** Operations answered so far. */
  done(): number {
    return this.count;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.senders, this.watcher]);
  }

  /** Sends every postback answered 503 once more; how many are still refused. */
  async retryUnavailable(): Promise<number> {
    for (const postback of this.unavailable.splice(0)) await this.postback(postback);
    return this.unavailable.length;
  }

  private fail(what: string, status: number | string, body?: string) {
    this.failures.push({ what, status, body });
  }

  private async request(what: string, url: string, init: RequestInit = {}) {
    try {
      const answer = await fetch(url, {
        redirect: "manual",
        ...init,
        headers: { "user-agent": BROWSER_UA, ...init.headers },
      });
      return { status: answer.status, headers: answer.headers, text: await answer.text() };
    } catch (error) {
      // fetch's own message is "fetch failed"; its cause says what failed (a reset, a refusal).
      const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
      const detail = cause ? `: ${cause.code ?? ""} ${cause.message}` : "";
      this.fail(what, `${(error as Error).message}${detail}`);
      return null;
    }
  }

  private async send(sender: number) {
    const steps = [
      () => this.page(),
      () => this.view(),
      () => this.click(),
      () => this.view(),
      () => this.nextPostback(),
    ];
    for (let step = sender; !this.stopped; step++) {
      await steps[step % steps.length]!();
      this.count++;
      // A steady rate, not a flood: the machine's two cores also run the instances, nginx
      // and PostgreSQL, and the point is a deploy under traffic, not a saturation test.
      await sleep(5);
    }
  }

  private async page() {
    // A cached page (any query string shares its entry) and the home page.
    for (const path of [`/bonos?utm_source=${this.run}`, "/"]) {
      const answer = await this.request(`GET ${path}`, `${this.front}${path}`);
      if (answer && answer.status !== 200) this.fail(`GET ${path}`, answer.status);
    }
  }

  private async view() {
    const campaign = `${this.run}-v${this.sent.views.length}`;
    this.sent.views.push(campaign);
    const answer = await this.request(`view ${campaign}`, `${this.front}/_app/view`, {
      method: "POST",
      body: new URLSearchParams({ p: "/bonos", c: campaign }).toString(),
      headers: { "content-type": "text/plain;charset=UTF-8", origin: this.front },
    });
    if (answer && answer.status !== 204) this.fail(`view ${campaign}`, answer.status);
    else if (answer) this.answered.views++;
  }

  private async click() {
    const campaign = `${this.run}-c${this.sent.clicks.length}`;
    this.sent.clicks.push(campaign);
    const url = `${this.front}/go/${LINK}?utm_campaign=${campaign}`;
    const answer = await this.request(`click ${campaign}`, url);
    if (!answer) return;
    const clickId = /[?&]clickid=([\w-]{16})$/.exec(answer.headers.get("location") ?? "")?.[1];
    if (answer.status !== 302 || !clickId) return this.fail(`click ${campaign}`, answer.status);
    this.answered.clicks++;
    this.pending.add(clickId);
  }

  /**
   * A registration for a click the database holds (so the postback is attributed, whichever
   * instance answers), else a deposit (its own txid) by a player already registered.
   */
  private async nextPostback() {
    const clickId = this.written.shift();
    if (clickId) return this.postback({ clickId, event: "registration" });
    const registered = this.sent.registrations;
    if (registered.length === 0) return;
    const player = registered[this.deposits % registered.length]!;
    const txid = `${this.run}-d${this.deposits++}`;
    await this.postback({ clickId: player, event: "deposit", txid });
  }

  private async postback(postback: Postback) {
    const { clickId, event, txid } = postback;
    const query = new URLSearchParams({ click_id: clickId, event, amount: "10", currency: "EUR" });
    if (txid) query.set("txid", txid);
    const what = `postback ${event} ${txid ?? clickId}`;
    const answer = await this.request(what, `${this.front}/postback/${TOKEN}?${query}`);
    if (!answer) return;
    if (answer.status === 503) {
      this.unavailable.push(postback);
    } else if (answer.status === 200 && /^OK (accepted|duplicate)\n$/.test(answer.text)) {
      // "duplicate": nginx sent it again to another instance after the first stored it.
      if (event === "registration") this.sent.registrations.push(clickId);
      else this.sent.deposits.push(txid!);
    } else this.fail(what, answer.status, answer.text);
  }

  /** Moves the clicks the database holds from `pending` to `written`, as they arrive. */
  private async watch() {
    while (!this.stopped) {
      const ids = [...this.pending];
      if (ids.length > 0) {
        const rows = await query(
          this.databaseUrl,
          "select click_id from clicks where click_id = any($1)",
          [ids],
        ).catch(() => []); // the database is down: nothing moves
        for (const { click_id } of rows) {
          this.pending.delete(click_id as string);
          this.written.push(click_id as string);
        }
      }
      await sleep(200);
    }
  }
}

async function query(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  // PostgreSQL stopping under a query also emits "error" on the client; unheard, that event
  // would end the test process. The query's own promise still rejects, for the caller.
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** Where each kind of record is in the ledger: a table and a filter, before the run's own. */
const TABLES = {
  views: "views where",
  clicks: "clicks where",
  registrations: "conversions where event = 'registration' and",
  deposits: "conversions where event = 'deposit' and",
} as const;
type Table = keyof typeof TABLES;

/** How many rows each value of `column` has in `table`, for this run's values. */
async function countsOf(url: string, table: Table, column: string, like: string) {
  const rows = await query(
    url,
    `select ${column} as value, count(*)::int as n from ${TABLES[table]} ${column} like $1 group by ${column}`,
    [like],
  );
  return new Map(rows.map((row) => [row.value as string, row.n as number]));
}

/** Each value sent is stored exactly once, and nothing else `like` matches is. */
async function expectExactlyOnce(
  url: string,
  table: Table,
  column: string,
  sent: string[],
  like: string,
) {
  await expect
    .poll(async () => [...(await countsOf(url, table, column, like)).values()].length, {
      timeout: WRITE_TIMEOUT_MS,
      message: `${table}: every ${column} sent is written`,
    })
    .toBeGreaterThanOrEqual(sent.length);
  const counts = await countsOf(url, table, column, like);
  expect([...counts.keys()].sort()).toEqual([...sent].sort());
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}

/** The dashboard's daily export, through the front, summed over the days. */
async function dashboardTotals(front: string) {
  const login = await fetch(`${front}/admin`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "login", password: PASSWORD }),
    headers: { origin: front },
  });
  expect(login.status).toBe(303);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const csv = await fetch(`${front}/admin/daily.csv?period=7d`, { headers: { cookie } });
  expect(csv.status).toBe(200);
  // Every cell is quoted (RFC 4180).
  const [columns, ...lines] = parse(await csv.text(), { bom: true }) as string[][];
  const total = (name: string) => {
    const at = columns!.indexOf(name);
    expect(at, `daily.csv has a ${name} column: ${columns}`).toBeGreaterThanOrEqual(0);
    return lines.reduce((sum, line) => sum + Number(line[at] || 0), 0);
  };
  return total;
}

async function expectTotals(topology: Topology, load: Load) {
  const url = topology.databaseUrl;
  const run = `${load.run}-%`;
  await expectExactlyOnce(url, "views", "utm_campaign", load.sent.views, run);
  await expectExactlyOnce(url, "clicks", "utm_campaign", load.sent.clicks, run);
  // The database is the run's own: every conversion in it is one the run sent.
  await expectExactlyOnce(url, "registrations", "click_id", load.sent.registrations, "%");
  await expectExactlyOnce(url, "deposits", "txid", load.sent.deposits, run);
  const total = await dashboardTotals(topology.frontUrl);
  expect({
    clicks: total("clicks"),
    registrations: total("registrations"),
    deposits: total("deposits"),
    views: total("views"),
  }).toEqual({
    clicks: load.sent.clicks.length,
    registrations: load.sent.registrations.length,
    deposits: load.sent.deposits.length,
    views: load.sent.views.length,
  });
}

/** The redirects an instance answered since it last started (its access log). */
function redirectsSinceStart(log: string): number {
  return log.slice(log.lastIndexOf("[server] http://")).split("GET /go/").length - 1;
}

/** The status of a GET sent from `localAddress` (a loopback address of the test's choice). */
function statusFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { localAddress, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
  });
}

/** The topology on free ports, its logs attached when the test fails, then stopped. */
async function withTopology(
  testInfo: TestInfo,
  body: (topology: Topology) => Promise<void>,
  instances = 2,
) {
  const [frontPort, ...instancePorts] = await freePorts(1 + instances);
  const topology = await startTopology({
    instances,
    frontPort: frontPort!,
    instancePorts,
    env: { POSTBACK_TOKEN: TOKEN, ADMIN_PASSWORD: PASSWORD },
  });
  try {
    await body(topology);
  } catch (error) {
    await testInfo.attach("nginx", { body: topology.nginxErrors() });
    for (const instance of topology.instances) {
      await testInfo.attach(`instance ${instance.port}`, { body: instance.log().slice(-20_000) });
    }
    throw error;
  } finally {
    await topology.stop();
  }
}

test.describe("the cluster behind nginx", () => {
  test.setTimeout(240_000);

  test("a rolling deploy (each instance stopped and started in turn) loses and fails nothing", async ({}, testInfo) => {
    await withTopology(testInfo, async (topology) => {
      const load = new Load(topology.frontUrl, topology.databaseUrl, `roll-${randomUUID()}`);
      try {
        await expect.poll(() => load.done(), { timeout: 30_000 }).toBeGreaterThan(100);
        for (const instance of topology.instances) {
          await instance.restart();
          // As a deploy does: the next instance stops once this one is back in nginx's
          // rotation (answering clicks through the front), not merely listening; nginx
          // leaves a peer that failed out for fail_timeout.
          await expect
            .poll(() => redirectsSinceStart(instance.log()), { timeout: 30_000 })
            .toBeGreaterThan(10);
        }
      } finally {
        await load.stop();
      }
      expect(load.failures).toEqual([]);
      expect(load.unavailable).toEqual([]);
      expect(load.sent.registrations.length).toBeGreaterThan(0);
      await expectTotals(topology, load);
    });
  });

  test("PostgreSQL down under load: pages and redirects answer, postbacks get 503 and are stored on retry, nothing is lost", async ({}, testInfo) => {
    await withTopology(testInfo, async (topology) => {
      const load = new Load(topology.frontUrl, topology.databaseUrl, `pgdown-${randomUUID()}`);
      try {
        await expect.poll(() => load.done(), { timeout: 30_000 }).toBeGreaterThan(100);
        await expect
          .poll(() => load.sent.registrations.length, { timeout: 30_000 })
          .toBeGreaterThan(5);
        topology.postgres.stop();
        const stopped = Date.now();
        const before = { ...load.answered };
        // The outage lasts until the traffic has run on through it (OUTAGE).
        await expect
          .poll(
            () => ({
              clicks: load.answered.clicks - before.clicks >= OUTAGE.clicks,
              views: load.answered.views - before.views >= OUTAGE.views,
              refusedPostbacks: load.unavailable.length >= OUTAGE.refusedPostbacks,
            }),
            { timeout: OUTAGE_TIMEOUT_MS, message: "traffic answered while the database was down" },
          )
          .toEqual({ clicks: true, views: true, refusedPostbacks: true });
        topology.postgres.start();
        console.log(`[cluster] PostgreSQL was down for ${Date.now() - stopped} ms`);
        // Back: a registration accepted after the restart, so postbacks are stored again
        // (the clicks and views queued meanwhile are counted below).
        const registered = load.sent.registrations.length;
        await expect
          .poll(() => load.sent.registrations.length, { timeout: WRITE_TIMEOUT_MS })
          .toBeGreaterThan(registered);
      } finally {
        await load.stop();
      }
      expect(load.failures).toEqual([]);
      // The program's retries: each postback answered 503 is sent again until stored.
      await expect.poll(() => load.retryUnavailable(), { timeout: WRITE_TIMEOUT_MS }).toBe(0);
      expect(load.failures).toEqual([]);
      await expectTotals(topology, load);
    });
  });

  test("the front caches what the site shares, passes the rest, and limits one address's redirects", async ({}, testInfo) => {
    await withTopology(
      testInfo,
      async (topology) => {
        const front = topology.frontUrl;
        const cacheOf = async (path: string, headers: Record<string, string> = {}) => {
          const answer = await fetch(`${front}${path}`, { redirect: "manual", headers });
          await answer.arrayBuffer();
          return answer.headers.get("x-cache-status");
        };
        // Tracking parameters share the page's entry, as in the site's own cache.
        await cacheOf("/bonos");
        expect(await cacheOf("/bonos?utm_source=a&gclid=b")).toBe("HIT");
        expect(await cacheOf("/bonos?_data=routes%2Fpage")).toBe("BYPASS");
        expect(await cacheOf("/bonos", { cookie: "admin_session=x" })).toBe("BYPASS");
        // `/` runs no experiment in the shipped content: the front shares it like any page.
        await cacheOf("/");
        expect(await cacheOf("/")).toBe("HIT");
        // Redirects are never cached: each one is a click of its own.
        expect(await cacheOf(`/go/${LINK}`)).toBeNull();

        // 120 redirects at once from one address (127.0.0.2): the burst (50) passes, and
        // 10 more a second; the rest get 429. This machine's own address is not limited.
        const statuses = await Promise.all(
          Array.from({ length: 120 }, () => statusFrom("127.0.0.2", `${front}/go/${LINK}`)),
        );
        expect(statuses.filter((status) => status === 302).length).toBeGreaterThanOrEqual(50);
        expect(statuses).toContain(429);
        const local = await Promise.all(
          Array.from({ length: 60 }, () => statusFrom("127.0.0.1", `${front}/go/${LINK}`)),
        );
        expect(local.filter((status) => status !== 302)).toEqual([]);
      },
      1,
    );
  });
});
