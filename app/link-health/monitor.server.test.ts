/**
 * The destination monitor against a stub operator on this machine whose tracker can be
 * switched between healthy and "Invalid link": what one run stores, what it then calls
 * broken, how it goes back after one healthy check, how a second instance learns the
 * verdict and does not run the checks again (the shared lease), the 90 days of history,
 * and an accepted warning that holds only while the chain stays the same.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { site } from "~/content/content.server";
import type { Site } from "~/content/schema";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { DAY_MS } from "~/ledger/retention.server";

import { chainOf, HISTORY_DAYS, LinkHistory } from "./history.server";
import { LinkMonitor, type CheckPlan } from "./monitor.server";

let server: Server;
let port: number;
/** What the stub tracker answers now. */
let answer: "sano" | "invalido" | "lento" = "sano";
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    const url = new URL(req.url!, "http://stub");
    if (url.pathname === "/landing") {
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>Regístrate</h1>");
      return;
    }
    if (answer === "invalido") {
      res.writeHead(200, { "content-type": "text/html" }).end("<p>Invalid link</p>");
      return;
    }
    const landing = `http://localhost:${port}/landing?${url.searchParams}`;
    const send = () => res.writeHead(302, { location: landing }).end();
    if (answer === "lento") setTimeout(send, 150);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const destination = () => `http://127.0.0.1:${port}/track?partner=7`;

const plan = (checks: Partial<Site["affiliate"]["checks"]> = {}): CheckPlan => ({
  destinations: [{ url: destination(), uses: [{ kind: "enlace", id: "home-hero" }] }],
  affiliate: {
    ...site.affiliate,
    subid_param: "subid",
    click_id_param: "clickid",
    send_click_id: true,
    checks: {
      operator_hosts: ["localhost"],
      dead_link_texts: ["invalid link"],
      slow_ms: 3_000,
      postback_silence_hours: 24,
      orphan_share_percent: 20,
      ...checks,
    },
  },
  userAgent: "Mozilla/5.0 (compatible; comprobador de enlaces de Prueba; +https://example.test)",
  site: { name: "Prueba", url: "https://example.test" },
});

let database: LedgerDatabase;
const HOUR = 60 * 60 * 1000;

beforeEach(async () => {
  database = await openLedgerDatabase(":memory:");
  answer = "sano";
  requests = 0;
});
afterEach(() => database.close());

const monitorOf = (everyMs = HOUR) =>
  new LinkMonitor(new LinkHistory(database.db), database.db, { everyMs });

describe("the destination monitor", () => {
  it("stores each check with its hops, and calls broken what its last check found broken", async () => {
    const monitor = monitorOf();
    answer = "invalido";
    const [result] = await monitor.run(plan());
    expect(result).toMatchObject({
      health: "roto",
      reasons: [
        "la página final dice «invalid link»",
        "termina en 127.0.0.1, que no es del operador",
      ],
    });
    expect(monitor.isBroken(destination())).toBe(true);
    const stored = (await monitor.history.latest()).get(destination());
    expect(stored).toMatchObject({
      health: "roto",
      finalHost: "127.0.0.1",
      clickIdKept: true,
      subIdKept: true,
      hops: [{ status: 200, host: `127.0.0.1:${port}` }],
    });

    // One healthy check, and it is no longer broken.
    answer = "sano";
    await monitor.run(plan());
    expect(monitor.isBroken(destination())).toBe(false);
    const history = await monitor.history.of(destination(), 10);
    expect(history.map((check) => check.health)).toEqual(["sano", "roto"]);
  });

  it("runs once per period for the whole site: a second instance learns the verdict without checking", async () => {
    const first = monitorOf();
    const second = monitorOf();
    answer = "invalido";
    const now = Date.now();
    await first.tick(plan(), now);
    const asked = requests;
    expect(asked).toBeGreaterThan(0);
    await second.tick(plan(), now + 60_000);
    expect(requests).toBe(asked);
    expect(second.isBroken(destination())).toBe(true);
    // An hour later the run is due again, and one of them takes it.
    await second.tick(plan(), now + HOUR);
    expect(requests).toBeGreaterThan(asked);
  });

  it("never runs on a schedule of 0 minutes, yet reads what was checked", async () => {
    answer = "invalido";
    await monitorOf().run(plan());
    requests = 0;
    const idle = monitorOf(0);
    await idle.tick(plan());
    expect(requests).toBe(0);
    expect(idle.isBroken(destination())).toBe(true);
  });

  it("keeps 90 days of checks", async () => {
    const monitor = monitorOf();
    const now = Date.now();
    const check = (at: number) => ({
      url: destination(),
      health: "sano" as const,
      reasons: [],
      hops: [],
      finalHost: "localhost",
      clickIdKept: true,
      subIdKept: true,
      ms: 5,
      at,
    });
    await monitor.history.save([check(now - (HISTORY_DAYS + 1) * DAY_MS), check(now - DAY_MS)]);
    expect(await monitor.history.prune(now)).toBe(1);
    expect((await monitor.history.of(destination(), 10)).map((row) => row.at)).toEqual([
      now - DAY_MS,
    ]);
  });

  it("keeps an accepted warning only while the chain is the one accepted", async () => {
    const monitor = monitorOf();
    answer = "lento";
    const [warned] = await monitor.run(plan({ slow_ms: 100 }));
    expect(warned!.health).toBe("aviso");
    await monitor.history.accept(destination(), chainOf(warned!), "ana@example.test");
    const accepted = (await monitor.history.acceptances()).get(destination());
    expect(accepted).toMatchObject({ by: "ana@example.test", chain: chainOf(warned!) });
    expect(chainOf(warned!)).toBe(`302 127.0.0.1:${port} → 200 localhost:${port} → localhost`);
    // Another chain (it now ends on the tracker's own host) is not the one accepted.
    answer = "invalido";
    const [broken] = await monitor.run(plan({ slow_ms: 100 }));
    expect(chainOf(broken!)).not.toBe(accepted!.chain);
  });
});
