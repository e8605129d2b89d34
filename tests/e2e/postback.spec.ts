/**
 * The postback loop end to end: a visitor clicks an
 * affiliate link, the redirect lands at a simulated affiliate program (a local server,
 * affiliate-program.ts) which reads the click id and calls the site's postback for a
 * registration, a first deposit, a deposit and commissions; the ledger then holds each on
 * the click's link, page and campaign. Retries are duplicates, an unknown click id is an
 * orphan, a postback right after its click (still queued) is attributed, bad input is a
 * 400 logged as rejected with nothing written. On SQLite (the admin server of
 * playwright.config.ts) and on PostgreSQL (a throwaway cluster and a server of this test's
 * own), where the database also stops: 503, then the retried postback is stored once.
 */
import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";

import Database from "better-sqlite3";
import pg from "pg";

import {
  ADMIN_PORT,
  CLIENT_IP_HEADER,
  POSTBACK_TOKEN,
  PORT,
  ledgerFile,
} from "../../playwright.config";
import { startCluster, type Cluster } from "../postgres-cluster";

import { AffiliateProgram } from "./affiliate-program";
import { expect, readContent, test } from "./fixtures";
import { startOwnServer } from "./own-server";

const LINK = "home-main-block-1-button-1";
/** The page that link is on (content). */
const LINK_PAGE = "/";
/** The offer that link promotes: its block's (content). */
const LINK_OFFER = (readContent("pages/home.json") as { components: { offer?: string }[] })
  .components[0]!.offer!;
const CLICK_ID_PARAM =
  ((readContent("site.json").affiliate as Record<string, unknown> | undefined)?.click_id_param as
    string | undefined) ?? "clickid";
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
/** The ledger writes its click queue every second: a click is in the database soon after. */
const LEDGER_WRITE_MS = 10_000;

type ConversionRow = {
  event: string;
  amount_cents: number;
  txid: string | null;
  link_id: string;
  page: string;
  utm_campaign: string | null;
  orphan: number;
  offer: string | null;
};

/** Read-only SQL on a server's ledger, `?` placeholders. */
type Ledger = { rows: (sql: string, ...params: unknown[]) => Promise<Record<string, unknown>[]> };

const sqliteLedger = (file: string): Ledger => ({
  rows: async (sql, ...params) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as Record<string, unknown>[];
    } finally {
      db.close();
    }
  },
});

const postgresLedger = (url: string): Ledger => ({
  rows: async (sql, ...params) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    } finally {
      await client.end();
    }
  },
});

async function conversionsOf(ledger: Ledger, clickId: string): Promise<ConversionRow[]> {
  const rows = await ledger.rows(
    "select event, amount_cents, txid, link_id, page, utm_campaign, orphan, offer from conversions where click_id = ? order by id",
    clickId,
  );
  return rows.map((row) => ({
    ...(row as ConversionRow),
    amount_cents: Number(row.amount_cents),
    orphan: Number(row.orphan),
  }));
}

type Site = { origin: string; ledger: Ledger; client: string };

let clientCount = 0;
/** A client address of its own (CLIENT_IP_HEADER), so no test meets another's rate limit. */
const newClient = () => `198.51.100.${(clientCount++ % 250) + 1}-${process.pid}`;

/** A visitor's click on the affiliate link: the redirect's Location. */
async function click(site: Site, campaign: string): Promise<string> {
  const answer = await fetch(`${site.origin}/go/${LINK}?utm_campaign=${campaign}`, {
    redirect: "manual",
    headers: { "user-agent": BROWSER_UA, [CLIENT_IP_HEADER]: site.client },
  });
  expect(answer.status).toBe(302);
  // The program's parameter carries the click id (content: affiliate.click_id_param).
  const location = answer.headers.get("location")!;
  expect(new URL(location).searchParams.get(CLICK_ID_PARAM)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  return location;
}

async function programFor(site: Site): Promise<AffiliateProgram> {
  return AffiliateProgram.start(`${site.origin}/postback/${POSTBACK_TOKEN}`, {
    clickIdParam: CLICK_ID_PARAM,
    clientHeaders: { [CLIENT_IP_HEADER]: site.client },
  });
}

const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${clientCount++}`;

/** The whole loop on one site: click, landing, every event, retries; then the rows. */
async function programLoop(site: Site) {
  const program = await programFor(site);
  try {
    const campaign = uniqueName("pb-loop");
    const player = await program.land(await click(site, campaign));
    const clickId = program.clickIdOf(player);
    expect(clickId).toMatch(/^[A-Za-z0-9_-]{16}$/);

    expect((await program.registration(player)).text).toBe("OK accepted\n");
    expect((await program.registration(player)).text).toBe("OK duplicate\n");
    expect((await program.ftd(player, "50.00", `${campaign}-ftd`)).text).toBe("OK accepted\n");
    // A retried FTD, and an FTD the program sends again under another txid: one per click.
    expect((await program.ftd(player, "50.00", `${campaign}-ftd`)).text).toBe("OK duplicate\n");
    expect((await program.ftd(player, "50.00", `${campaign}-ftd2`)).text).toBe("OK duplicate\n");
    expect((await program.deposit(player, "20.5", `${campaign}-d1`)).text).toBe("OK accepted\n");
    expect((await program.deposit(player, "20.5", `${campaign}-d1`)).text).toBe("OK duplicate\n");
    // The same amount again under a new txid is a new deposit, never dropped.
    expect((await program.deposit(player, "20.5", `${campaign}-d2`)).text).toBe("OK accepted\n");
    expect((await program.commission(player, "30.00", `${campaign}-c1`)).text).toBe(
      "OK accepted\n",
    );
    expect((await program.commission(player, "-5.25", `${campaign}-c2`)).text).toBe(
      "OK accepted\n",
    );

    // The click keeps the offer its link promoted, and its conversions count for it.
    expect(await site.ledger.rows("select offer from clicks where click_id = ?", clickId)).toEqual([
      { offer: LINK_OFFER },
    ]);
    const on = {
      link_id: LINK,
      page: LINK_PAGE,
      utm_campaign: campaign,
      orphan: 0,
      offer: LINK_OFFER,
    };
    expect(await conversionsOf(site.ledger, clickId)).toEqual([
      { event: "registration", amount_cents: 0, txid: null, ...on },
      { event: "ftd", amount_cents: 5000, txid: `${campaign}-ftd`, ...on },
      { event: "deposit", amount_cents: 2050, txid: `${campaign}-d1`, ...on },
      { event: "deposit", amount_cents: 2050, txid: `${campaign}-d2`, ...on },
      { event: "commission", amount_cents: 3000, txid: `${campaign}-c1`, ...on },
      { event: "commission", amount_cents: -525, txid: `${campaign}-c2`, ...on },
    ]);
  } finally {
    await program.close();
  }
}

/** A postback for a click id no click has: kept as an orphan, listed in the log. */
async function orphan(site: Site) {
  const program = await programFor(site);
  try {
    const clickId = uniqueName("orphan").replace(/\./g, "");
    const answer = await program.get({ click_id: clickId, event: "commission", amount: "7" });
    expect(answer.text).toBe("OK orphan\n");
    expect(await conversionsOf(site.ledger, clickId)).toEqual([
      {
        event: "commission",
        amount_cents: 700,
        txid: null,
        link_id: "",
        page: "",
        utm_campaign: null,
        orphan: 1,
        offer: null,
      },
    ]);
    const log = await site.ledger.rows(
      "select outcome from postback_log where click_id = ?",
      clickId,
    );
    expect(log).toEqual([{ outcome: "orphan" }]);
  } finally {
    await program.close();
  }
}

test.describe("postbacks on SQLite", () => {
  const site: Site = {
    origin: `http://localhost:${ADMIN_PORT}`,
    ledger: sqliteLedger(ledgerFile(ADMIN_PORT)),
    client: "",
  };
  test.beforeEach(() => {
    site.client = newClient();
  });

  test("a program's registration, FTD, deposits and commissions land on the click's link, page and campaign", async () => {
    await programLoop(site);
  });

  test("a postback for an unknown click id is an orphan, counted and listed", async () => {
    await orphan(site);
  });

  test("a registration right after the click, while the click is queued, is attributed", async () => {
    const program = await programFor(site);
    try {
      const campaign = uniqueName("pb-race");
      const player = await program.land(await click(site, campaign));
      // No wait: the click ledger writes its queue once a second.
      expect((await program.registration(player)).text).toBe("OK accepted\n");
      expect(await conversionsOf(site.ledger, program.clickIdOf(player))).toMatchObject([
        {
          event: "registration",
          link_id: LINK,
          page: LINK_PAGE,
          utm_campaign: campaign,
          orphan: 0,
        },
      ]);
    } finally {
      await program.close();
    }
  });

  test("bad input is a 400 with its reason, logged as rejected, and writes no conversion", async () => {
    const program = await programFor(site);
    try {
      const player = await program.land(await click(site, uniqueName("pb-bad")));
      const clickId = program.clickIdOf(player);
      const base = `click_id=${clickId}`;
      const bad: [string, string][] = [
        [`${base}&event=commission&amount=-0`, "bad_amount"],
        [`${base}&event=commission&amount=1e309`, "bad_amount"],
        [`${base}&event=commission&amount=NaN`, "bad_amount"],
        [`${base}&event=commission&amount=12,50`, "bad_amount"],
        [`${base}&event=commission&amount=${"9".repeat(30)}`, "bad_amount"],
        [`${base}&event=purchase`, "unknown_event"],
        [`${base}&event=deposit&amount=5&currency=XYZ`, "bad_currency"],
        [`${base}&${base}&event=registration`, "repeated_param"],
        [`${base}&event=deposit&amount=5&txid=%3Cscript%3Ealert(1)%3C%2Fscript%3E`, "bad_txid"],
        [`${base}&event=deposit&amount=5&txid=1'%20OR%20'1'%3D'1`, "bad_txid"],
        [`${base}&event=deposit&amount=%FF`, "bad_encoding"],
      ];
      for (const [query, reason] of bad) {
        const answer = await program.get(query);
        expect(answer.status, query).toBe(400);
        expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(answer.text).toMatch(new RegExp(`^ERROR ${reason}: [^\\n<]+\\n$`));
      }
      // A nested JSON value, raw bytes that are not UTF-8 in a form.
      const nested = await program.call({
        method: "POST",
        body: `{"click_id":"${clickId}","event":{"name":"ftd"}}`,
        headers: { "content-type": "application/json" },
      });
      expect(nested.text).toMatch(/^ERROR bad_body: /);
      const raw = await program.call({
        method: "POST",
        body: Buffer.concat([
          Buffer.from(`${base}&event=registration&note=`),
          Buffer.from([0xc3, 0x28]),
        ]),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(raw.text).toMatch(/^ERROR bad_encoding: /);
      // A 100 KB query: Node refuses the request head itself (431), a clear 4xx; so it does
      // (400) with raw bytes above 0x7F in the request target, which fetch would encode.
      expect((await program.get(`${base}&x=${"a".repeat(100_000)}`)).status).toBe(431);
      const rawQuery = Buffer.concat([
        Buffer.from(`/postback/${POSTBACK_TOKEN}?${base}&event=registration&x=`),
        Buffer.from([0xff]),
      ]);
      expect(await statusOfRawTarget(ADMIN_PORT, rawQuery)).toBe(400);

      // Rejections are logged with the ledger's next write, after their 400.
      await expect
        .poll(async () => {
          const log = await site.ledger.rows(
            "select reason from postback_log where click_id = ? and outcome = 'rejected' order by id",
            clickId,
          );
          return log.map((row) => row.reason);
        })
        .toEqual(bad.map(([, reason]) => reason));
      expect(await conversionsOf(site.ledger, clickId)).toEqual([]);
    } finally {
      await program.close();
    }
  });

  test("a wrong token, or a site without one, answers the site's 404 like any unknown path", async () => {
    const unknown = await fetch(`http://localhost:${ADMIN_PORT}/no-such-page/`);
    const wrong = await fetch(
      `http://localhost:${ADMIN_PORT}/postback/${POSTBACK_TOKEN}x?click_id=a&event=registration`,
    );
    const unset = await fetch(
      `http://localhost:${PORT}/postback/${POSTBACK_TOKEN}?click_id=a&event=registration`,
    );
    for (const answer of [unknown, wrong, unset]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
    const post = await fetch(`http://localhost:${ADMIN_PORT}/postback/${POSTBACK_TOKEN}x`, {
      method: "POST",
      body: "click_id=a&event=registration",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  test("a browser's cross-site form post to the receiver is refused", async () => {
    const answer = await fetch(`http://localhost:${ADMIN_PORT}/postback/${POSTBACK_TOKEN}`, {
      method: "POST",
      body: "click_id=abcdefabcdefabcd&event=registration",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
    });
    expect(answer.status).toBe(403);
  });
});

test.describe("postbacks on PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  let cluster: Cluster;
  let server: ChildProcess;
  let log = () => "";
  const site: Site = {
    origin: "", // the server's, once it listens on a free port
    ledger: postgresLedger(""),
    client: "",
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startCluster();
    site.ledger = postgresLedger(cluster.url);
    const own = await startOwnServer(
      0,
      { DATABASE_URL: cluster.url, POSTBACK_TOKEN },
      { timeout: 60_000 },
    );
    site.origin = own.url;
    server = own.process;
    log = own.log;
  });
  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    cluster?.destroy();
  });
  test.beforeEach(() => {
    site.client = newClient();
  });

  test("a program's postbacks land on the click's link, page and campaign", async () => {
    await programLoop(site);
  });

  test("a postback for an unknown click id is an orphan", async () => {
    await orphan(site);
  });

  test("with the database down a postback gets 503; retried once it is back, it is stored once", async () => {
    const program = await programFor(site);
    try {
      const campaign = uniqueName("pb-outage");
      const player = await program.land(await click(site, campaign));
      const clickId = program.clickIdOf(player);
      // The click is written before the database stops, so the FTD finds it after.
      await expect
        .poll(
          async () =>
            (await site.ledger.rows("select 1 from clicks where click_id = ?", clickId)).length,
          {
            timeout: LEDGER_WRITE_MS,
          },
        )
        .toBe(1);

      cluster.stop();
      const refused = await program.ftd(player, "40.00", `${campaign}-ftd`);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.text).not.toMatch(/^OK/);
      cluster.start();

      // The program retries until the answer is not a 503, as programs do.
      let retried = refused;
      await expect
        .poll(
          async () => (retried = await program.ftd(player, "40.00", `${campaign}-ftd`)).status,
          {
            timeout: 30_000,
          },
        )
        .toBe(200);
      expect(retried.text).toBe("OK accepted\n");
      expect((await program.ftd(player, "40.00", `${campaign}-ftd`)).text).toBe("OK duplicate\n");
      expect(await conversionsOf(site.ledger, clickId)).toMatchObject([
        { event: "ftd", amount_cents: 4000, link_id: LINK, utm_campaign: campaign, orphan: 0 },
      ]);
    } finally {
      await program.close();
    }
  });

  test("the server's log names the receiver's path without its token", async () => {
    await programLoop(site);
    const logLines = () => log().split("\n");
    await expect.poll(() => logLines().some((line) => line.includes("/postback/…"))).toBe(true);
    expect(logLines().filter((line) => line.includes(POSTBACK_TOKEN))).toEqual([]);
  });
});

/** The status line's code for a GET whose request target is these bytes, sent as they are. */
function statusOfRawTarget(port: number, target: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.end(
        Buffer.concat([
          Buffer.from("GET "),
          target,
          Buffer.from(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
        ]),
      );
    });
    let head = "";
    socket.setEncoding("latin1");
    socket.on("data", (text: string) => (head += text));
    socket.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)));
    socket.on("error", reject);
  });
}
