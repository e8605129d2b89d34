import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { OutboundTarget } from "~/affiliate/outbound.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import type { ClickRecord } from "~/ledger/schema";
import { CLICK_ID_PATTERN } from "~/clicks/click-id";
import type { ExperimentPlan } from "~/experiments/assign.server";
import type { DestinationSplit } from "~/experiments/recorded.server";

import { clickScreen } from "~/clicks/click-screen.server";
import { BOT, FLAGS, PERSON } from "~/ledger/click-kinds";

import { outboundRedirect, type OutboundOptions } from "./outbound";
import { inspectRequest } from "./request-guard";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const DESTINATION = "https://aff.example/redirect?partner=brs1042&banner=b1";
const affiliate = {
  subid_param: "subid",
  click_id_param: "clickid",
  send_click_id: true,
  fallbacks: [],
} as unknown as OutboundTarget["affiliate"];

type Facade = ReturnType<OutboundOptions["app"]>;

/** A build's facade that knows one content link and the header's sign-up path. */
function buildWith(settings: Partial<OutboundTarget["affiliate"]> = {}, destination = DESTINATION) {
  const targets: Record<string, OutboundTarget["link"]> = {
    "/go/home-hero": { id: "home-hero", page: "/", destination },
    "/sing-up/": { id: "header-signup", page: "", destination },
  };
  const outboundTarget = (pathname: string): OutboundTarget | null => {
    const link = targets[pathname];
    return link
      ? { link, affiliate: { ...affiliate, ...settings }, siteOrigin: "https://site.example" }
      : null;
  };
  return { outboundTarget, experimentsFor: () => [], splitFor: () => null } satisfies Facade;
}

let recorded: ClickRecord[] = [];
const ledger = { record: (click: ClickRecord) => recorded.push(click) } as unknown as ClickLedger;
let logged: string[] = [];
let build: Facade = buildWith();
let clicks: ClickLedger | null = ledger;
let options: Partial<OutboundOptions> = {};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    inspectRequest(req);
    const handler = outboundRedirect({
      env: {
        COUNTRY_HEADER: "cf-ipcountry",
        BLOCKED_COUNTRIES: new Set(["US"]),
        REPORT_TIME_ZONE: "Europe/Madrid",
      },
      app: () => build,
      clicks,
      siteHeaders: [["X-Content-Type-Options", "nosniff"]],
      clientAddress: (request) => request.socket.remoteAddress ?? "",
      accessLog: (request) => logged.push(`${request.method} ${request.url}`),
      ...options,
    });
    if (handler(req, res)) return;
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
  build = buildWith();
  clicks = ledger;
  options = {};
});

/** A raw request, to see every header line as sent. */
function request(path: string, { method = "GET", headers = {} as Record<string, string> } = {}) {
  return new Promise<{ status: number; raw: string[]; location: URL | null }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method,
      headers: { "user-agent": CHROME, ...headers },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          raw: res.rawHeaders,
          location: res.headers.location ? new URL(res.headers.location, base) : null,
        }),
      );
    });
    req.on("error", reject).end();
  });
}

const headerNames = (raw: string[]) => raw.filter((_, index) => index % 2 === 0);

describe("outbound redirect", () => {
  it("answers 302 with the site's headers, no-store, noindex and the gate's Vary, each once", async () => {
    const { status, raw } = await request("/go/home-hero");
    expect(status).toBe(302);
    const names = headerNames(raw).map((name) => name.toLowerCase());
    for (const name of ["x-content-type-options", "cache-control", "x-robots-tag", "vary"]) {
      expect(
        names.filter((seen) => seen === name),
        name,
      ).toHaveLength(1);
    }
    const value = (name: string) => raw[raw.findIndex((seen) => seen === name) + 1];
    expect(value("Cache-Control")).toBe("no-store");
    expect(value("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(value("Vary")).toBe("cf-ipcountry");
    expect(names).not.toContain("set-cookie");
  });

  it("sends the click's id, the one the ledger keeps, beside the visitor's parameters", async () => {
    const { location } = await request("/go/home-hero?utm_campaign=otono&subid=s1&x=1");
    expect(`${location!.origin}${location!.pathname}`).toBe("https://aff.example/redirect");
    expect([...location!.searchParams.keys()]).toEqual([
      "partner",
      "banner",
      "utm_campaign",
      "subid",
      "clickid",
    ]);
    expect(location!.searchParams.get("clickid")).toMatch(CLICK_ID_PATTERN);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      link_id: "home-hero",
      page: "/",
      utm_campaign: "otono",
      subid: "s1",
      is_bot: 0,
      click_id: location!.searchParams.get("clickid"),
    });
  });

  it("gives two clicks two ids", async () => {
    const first = await request("/sing-up/");
    const second = await request("/sing-up/");
    expect(first.location!.searchParams.get("clickid")).not.toBe(
      second.location!.searchParams.get("clickid"),
    );
    expect(recorded.map((click) => click.click_id)).toEqual([
      first.location!.searchParams.get("clickid"),
      second.location!.searchParams.get("clickid"),
    ]);
  });

  it("never lets the visitor set the click id", async () => {
    const { location } = await request("/go/home-hero?clickid=forged&subid=forged2");
    expect(location!.searchParams.getAll("clickid")).toEqual([recorded[0]!.click_id]);
  });

  it("puts the id in the destination's placeholder", async () => {
    build = buildWith({}, "https://aff.example/r?partner=1&var1={click_id}");
    const { location } = await request("/go/home-hero");
    expect(location!.href).toBe(`https://aff.example/r?partner=1&var1=${recorded[0]!.click_id}`);
  });

  it("sends no id when content switches it off, and the click keeps its own", async () => {
    build = buildWith({ send_click_id: false });
    const { location } = await request("/go/home-hero");
    expect(location!.href).toBe(DESTINATION);
    expect(recorded[0]!.click_id).toMatch(CLICK_ID_PATTERN);
  });

  it("sends no id without a ledger: nothing could attribute it", async () => {
    clicks = null;
    const { status, location } = await request("/go/home-hero");
    expect(status).toBe(302);
    expect(location!.href).toBe(DESTINATION);
  });

  it("records HEAD as a bot click", async () => {
    const { status } = await request("/go/home-hero", { method: "HEAD" });
    expect(status).toBe(302);
    expect(recorded.map((click) => click.is_bot)).toEqual([1]);
  });

  it("takes the page and the parameters of a same-site landing page from the Referer", async () => {
    await request("/sing-up/", {
      headers: { referer: "https://site.example/bonos?utm_campaign=landing" },
    });
    expect(recorded[0]).toMatchObject({ page: "/bonos", utm_campaign: "landing" });
  });

  it("records the visit's referrer host (ref) and never passes it to the program", async () => {
    const { location } = await request("/go/home-hero?utm_campaign=otono&ref=foro.example");
    expect([...location!.searchParams.keys()]).toEqual([
      "partner",
      "banner",
      "utm_campaign",
      "clickid",
    ]);
    expect(recorded[0]).toMatchObject({ utm_campaign: "otono", referrer: "foro.example" });
  });

  it("writes one access-log line per redirect", async () => {
    await request("/go/home-hero?subid=1");
    expect(logged).toEqual(["GET /go/home-hero?subid=1"]);
  });

  it("leaves a blocked country, other paths and other methods to the next step, recording nothing", async () => {
    for (const [path, method, headers] of [
      ["/go/home-hero", "GET", { "cf-ipcountry": "us" }],
      ["/go/unknown", "GET", {}],
      ["/terms", "GET", {}],
      ["/go/home-hero", "POST", {}],
    ] as const) {
      const { status, raw } = await request(path, { method, headers });
      expect(status, `${method} ${path}`).toBe(299);
      expect(raw).toContain("X-Next");
    }
    expect(recorded).toEqual([]);
    expect(logged).toEqual([]);
    const allowed = await request("/go/home-hero", { headers: { "cf-ipcountry": "ES" } });
    expect(allowed.status).toBe(302);
  });

  it("matches the path as the URL parser reads it", async () => {
    expect((await request("/x/../go/home-hero")).status).toBe(302);
    expect((await request("/go/home-hero#x")).status).toBe(302);
    expect((await request("/go/home%2Dhero")).status).toBe(299);
  });

  it("waits while the content is invalid in development", async () => {
    options = { paused: () => true };
    expect((await request("/go/home-hero")).status).toBe(299);
  });

  it("follows a new build: its entry's links", async () => {
    expect((await request("/go/home-hero")).status).toBe(302);
    build = { ...buildWith(), outboundTarget: () => null };
    expect((await request("/go/home-hero")).status).toBe(299);
  });

  describe("a link with a destination split", () => {
    const SPLIT_DESTINATION = "https://aff.example/b?partner=brs1042&banner=b2";
    /** An experiment running today whose variant B takes (practically) every visitor. */
    const plan: ExperimentPlan = {
      name: "welcome-split",
      start: Date.now() - 86_400_000,
      variants: [
        { id: "A", weight: 1e-12 },
        { id: "B", weight: 1 },
      ],
    };
    const splitBuild = (): Facade => {
      const split: DestinationSplit = { plan, destinations: { B: SPLIT_DESTINATION } };
      return {
        ...buildWith(),
        splitFor: (id: string) => (id === "home-hero" ? split : null),
      };
    };

    it("sends the visitor to their variant's destination, with the id and parameters, and records both", async () => {
      build = splitBuild();
      const { status, location } = await request("/go/home-hero?utm_source=google");
      expect(status).toBe(302);
      expect(`${location!.origin}${location!.pathname}`).toBe("https://aff.example/b");
      expect(location!.searchParams.get("banner")).toBe("b2");
      expect(location!.searchParams.get("utm_source")).toBe("google");
      expect(location!.searchParams.get("clickid")).toBe(recorded[0]!.click_id);
      expect(recorded[0]).toMatchObject({
        destination: SPLIT_DESTINATION,
        variants: "welcome-split=B",
        is_bot: 0,
      });
    });

    it("sends a bot to the link's own destination, recorded as the control", async () => {
      build = splitBuild();
      const { location } = await request("/go/home-hero", {
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      });
      expect(location!.searchParams.get("banner")).toBe("b1");
      expect(recorded[0]).toMatchObject({
        destination: DESTINATION,
        variants: "welcome-split=A",
        is_bot: 1,
      });
    });

    it("splits without a ledger too", async () => {
      build = splitBuild();
      clicks = null;
      const { location } = await request("/go/home-hero");
      expect(location!.searchParams.get("banner")).toBe("b2");
      expect(location!.searchParams.has("clickid")).toBe(false);
    });

    it("records no variants for a link or page under no experiment", async () => {
      await request("/go/home-hero");
      expect(recorded[0]).toMatchObject({ destination: DESTINATION, variants: null });
    });
  });

  describe("a link with a fallback (app/link-health/fallbacks.ts)", () => {
    const FALLBACK = "https://other-program.example/in?tag=brisamar";
    const fallbacks = [
      { link: "home-hero", destination: FALLBACK },
      { link: "header-signup", destination: "/bonos" },
    ];

    it("sends the visitor to the fallback while the destination is broken, with the id and parameters, and records it so", async () => {
      build = buildWith({ fallbacks } as Partial<OutboundTarget["affiliate"]>);
      options = { isBroken: (url) => url === DESTINATION };
      const { status, location } = await request("/go/home-hero?utm_source=google");
      expect(status).toBe(302);
      expect(`${location!.origin}${location!.pathname}`).toBe("https://other-program.example/in");
      expect(location!.searchParams.get("utm_source")).toBe("google");
      expect(location!.searchParams.get("clickid")).toBe(recorded[0]!.click_id);
      expect(recorded[0]).toMatchObject({
        destination: FALLBACK,
        fallback: 1,
        link_id: "home-hero",
      });
    });

    it("sends a fallback that is a page of the site as it is: no parameter, no id", async () => {
      build = buildWith({ fallbacks } as Partial<OutboundTarget["affiliate"]>);
      options = { isBroken: () => true };
      const { status, raw } = await request("/sing-up/?utm_source=google");
      expect(status).toBe(302);
      expect(raw[raw.indexOf("Location") + 1]).toBe("/bonos");
      expect(recorded[0]).toMatchObject({ destination: "/bonos", fallback: 1 });
    });

    it("goes to the destination while it is healthy, and a link without a fallback stays on it", async () => {
      build = buildWith({ fallbacks: [fallbacks[1]!] } as Partial<OutboundTarget["affiliate"]>);
      options = { isBroken: () => false };
      await request("/sing-up/");
      options = { isBroken: () => true };
      const { location } = await request("/go/home-hero");
      expect(`${location!.origin}${location!.pathname}`).toBe("https://aff.example/redirect");
      expect(recorded.map((click) => [click.destination, click.fallback])).toEqual([
        [DESTINATION, 0],
        [DESTINATION, 0],
      ]);
    });

    it("sends to the fallback without a ledger too", async () => {
      build = buildWith({ fallbacks } as Partial<OutboundTarget["affiliate"]>);
      clicks = null;
      options = { isBroken: () => true };
      const { location } = await request("/go/home-hero");
      expect(location!.host).toBe("other-program.example");
      expect(location!.searchParams.has("clickid")).toBe(false);
    });
  });

  describe("clicks that are likely not a person's (app/clicks/click-screen.server.ts)", () => {
    it("stores a repeated click flagged, sends it to the same place, and leaves a bot's a bot", async () => {
      options = {
        screen: clickScreen(["data-centre", "too-fast", "repeat"], { has: () => false }),
      };
      const first = await request("/go/home-hero", { headers: { "user-agent": CHROME } });
      const second = await request("/go/home-hero", { headers: { "user-agent": CHROME } });
      await request("/go/home-hero", { method: "HEAD" });
      expect(second.location!.origin + second.location!.pathname).toBe(
        first.location!.origin + first.location!.pathname,
      );
      expect(recorded.map((click) => click.is_bot)).toEqual([PERSON, FLAGS.repeat, BOT]);
    });

    it("stores a click from a data centre's address flagged", async () => {
      options = {
        screen: clickScreen(["data-centre"], { has: (address) => address === "127.0.0.1" }),
      };
      await request("/go/home-hero", { headers: { "user-agent": CHROME } });
      expect(recorded.map((click) => click.is_bot)).toEqual([FLAGS["data-centre"]]);
    });
  });
});
