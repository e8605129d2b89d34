/**
 * The alerts against a webhook receiver on this machine: one message when an incident
 * opens and one when it is resolved, never one per evaluation, signed with the secret;
 * a message the receiver refused is sent again at the next evaluation; two instances
 * evaluating at once still send each message once. And the conditions: a broken
 * destination, postbacks gone quiet while the links get clicks, a surge of orphans.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
  vi,
} from "vitest";

import { site } from "~/content/content.server";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import type { ConversionsTable } from "~/ledger/schema";
import type { StoredCheck } from "~/link-health/history.server";
import { testClick } from "../../tests/click-record";
import { ownPostgresDatabase } from "../../tests/own-database";

import { evaluateAlerts } from "./evaluate.server";
import { openAlerts } from "./incidents.server";
import { signatureOf, type AlertChannels } from "./notify.server";
import { SMTPServer } from "smtp-server";

const SECRET = "a-secret-of-the-receiver";
const URL_A = "https://aff.example/redirect?banner=a";
const HOUR = 60 * 60 * 1000;

let receiver: Server;
let received: { body: Record<string, unknown>; signed: boolean }[] = [];
/** The receiver's answer: 200, or 500 to refuse. */
let status = 200;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (status === 200) {
        received.push({
          body: JSON.parse(raw) as Record<string, unknown>,
          signed: req.headers["x-signature-256"] === signatureOf(raw, SECRET),
        });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A mail server on 127.0.0.1 that keeps every message it is given. */
let mailServer: SMTPServer;
let mails: { to: string[]; text: string }[] = [];
beforeAll(async () => {
  mailServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      let text = "";
      stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((to) => to.address), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => mailServer.close(resolve)));

let database: LedgerDatabase;
beforeEach(async () => {
  database = await openLedgerDatabase(":memory:");
  received = [];
  mails = [];
  status = 200;
});
afterEach(() => database.close());

const channels = (): AlertChannels => ({
  webhook: {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alertas`,
    secret: SECRET,
  },
  email: null,
  site: "Prueba",
});

const checkOf = (health: StoredCheck["health"]): StoredCheck => ({
  url: URL_A,
  health,
  reasons: health === "roto" ? ["la página final dice «invalid link»"] : [],
  hops: [{ status: 200, host: "aff.example", ms: 5 }],
  finalHost: "aff.example",
  clickIdKept: true,
  subIdKept: true,
  ms: 5,
  at: Date.now(),
});

const evaluate = (health: StoredCheck["health"] | null, now = Date.now()) =>
  evaluateAlerts({
    db: database.db,
    destinations: [{ url: URL_A, uses: [{ kind: "enlace", id: "home-hero" }] }],
    latest: new Map(health ? [[URL_A, checkOf(health)]] : []),
    checks: { ...site.affiliate.checks, postback_silence_hours: 24, orphan_share_percent: 20 },
    channels: channels(),
    now,
  });

function conversion(at: number, orphan = 0): Omit<ConversionsTable, "id"> {
  return {
    at,
    day: new Date(at).toISOString().slice(0, 10),
    event: "registration",
    amount_cents: 0,
    currency: "EUR",
    txid: null,
    dedup_key: `k${at}-${Math.random()}`,
    click_id: `c${at}`,
    orphan,
    origin: "postback",
    click_at: null,
    link_id: "",
    page: "",
    utm_source: null,
    utm_campaign: null,
    referrer: null,
    subid: null,
    country: null,
    device: "",
  };
}

describe("alerts", () => {
  it("sends one signed alert when a destination breaks, none while it stays broken, one when it is mended", async () => {
    await evaluate("roto");
    await evaluate("roto");
    await evaluate("roto");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      signed: true,
      body: { event: "opened", kind: "destino-roto", subject: URL_A, site: "Prueba" },
    });
    expect(received[0]!.body.details).toContain("invalid link");
    expect((await openAlerts(database.db)).map((alert) => alert.kind)).toEqual(["destino-roto"]);

    await evaluate("sano");
    await evaluate("sano");
    expect(received.map((message) => message.body.event)).toEqual(["opened", "resolved"]);
    expect(await openAlerts(database.db)).toEqual([]);

    // Broken again: a new incident, a new alert.
    await evaluate("roto");
    expect(received.map((message) => message.body.event)).toEqual(["opened", "resolved", "opened"]);
  });

  it("sends the same alert by e-mail, once when it opens and once when it is resolved", async () => {
    const port = (mailServer.server.address() as AddressInfo).port;
    const withMail = (health: StoredCheck["health"]) =>
      evaluateAlerts({
        db: database.db,
        destinations: [{ url: URL_A, uses: [{ kind: "enlace", id: "home-hero" }] }],
        latest: new Map([[URL_A, checkOf(health)]]),
        checks: { ...site.affiliate.checks, postback_silence_hours: 24, orphan_share_percent: 20 },
        channels: {
          ...channels(),
          email: {
            smtp: `smtp://127.0.0.1:${port}`,
            to: "marketing@example.com",
            from: "alertas@example.com",
          },
        },
        now: Date.now(),
      });
    await withMail("roto");
    await withMail("roto");
    await withMail("sano");
    expect(mails.map((mail) => mail.to)).toEqual([
      ["marketing@example.com"],
      ["marketing@example.com"],
    ]);
    expect(mails[0]!.text).toMatch(/^Subject: \[Prueba\] /m);
    expect(mails[0]!.text).toContain("invalid link");
    expect(mails[1]!.text).toMatch(/^Subject: .*\(resuelto\)/m);
    // The webhook had the same two, each once.
    expect(received.map((alert) => alert.body.event)).toEqual(["opened", "resolved"]);
  });

  it("keeps an alert the receiver refused and sends it at the next evaluation", async () => {
    status = 500;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let lines: unknown[][];
    try {
      await evaluate("roto");
      lines = [...logged.mock.calls];
    } finally {
      logged.mockRestore();
    }
    expect(received).toHaveLength(0);
    expect(lines).toEqual([["[alertas] el webhook no aceptó la alerta 1: HTTP 500"]]);
    status = 200;
    await evaluate("roto");
    expect(received.map((message) => message.body.event)).toEqual(["opened"]);
  });

  it("sends each alert once when two instances evaluate at the same time", async () => {
    await Promise.all([evaluate("roto"), evaluate("roto"), evaluate("roto")]);
    expect(received).toHaveLength(1);
  });

  it("says when the program's postbacks go quiet while the links get clicks, and when they come back", async () => {
    const now = Date.now();
    await database.db
      .insertInto("conversions")
      .values(conversion(now - 30 * HOUR))
      .execute();
    // Quiet for 30 h, but nobody clicked since: nothing to say.
    await evaluate(null, now);
    expect(received).toHaveLength(0);
    await database.db
      .insertInto("clicks")
      .values(testClick({ at: now - 2 * HOUR }))
      .execute();
    await evaluate(null, now);
    expect(received.map((message) => [message.body.event, message.body.kind])).toEqual([
      ["opened", "postbacks-silenciosos"],
    ]);
    expect(received[0]!.body.details).toMatch(/desde hace 30 h/);
    await database.db.insertInto("conversions").values(conversion(now)).execute();
    await evaluate(null, now);
    expect(received.map((message) => message.body.event)).toEqual(["opened", "resolved"]);
  });

  it("says when orphans pass the share, with at least 10 postbacks in the day", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 10 }, (_, index) =>
      conversion(now - index * 1000, index < 2 ? 1 : 0),
    );
    await database.db.insertInto("conversions").values(rows).execute();
    await evaluate(null, now);
    expect(received.map((message) => message.body.kind)).toEqual(["huerfanos"]);
    expect(received[0]!.body.details).toMatch(/^2 de 10 postbacks/);
  });

  it("says nothing of 2 orphans in 9 postbacks: too few to judge", async () => {
    const now = Date.now();
    const rows = Array.from({ length: 9 }, (_, index) =>
      conversion(now - index * 1000, index < 5 ? 1 : 0),
    );
    await database.db.insertInto("conversions").values(rows).execute();
    await evaluate(null, now);
    expect(received).toHaveLength(0);
  });

  it("on PostgreSQL too, two instances with their own connections open one incident and send it once", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "alerts");
    const instances = [await openLedgerDatabase(url), await openLedgerDatabase(url)];
    try {
      const evaluateOn = (instance: LedgerDatabase) =>
        evaluateAlerts({
          db: instance.db,
          destinations: [{ url: URL_A, uses: [{ kind: "enlace", id: "home-hero" }] }],
          latest: new Map([[URL_A, checkOf("roto")]]),
          checks: {
            ...site.affiliate.checks,
            postback_silence_hours: 24,
            orphan_share_percent: 20,
          },
          channels: channels(),
        });
      await Promise.all(
        instances.flatMap((instance) => [evaluateOn(instance), evaluateOn(instance)]),
      );
      expect(received).toHaveLength(1);
      expect(await openAlerts(instances[0]!.db)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
