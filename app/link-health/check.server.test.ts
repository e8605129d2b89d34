/**
 * The destination monitor against stub operators: small servers on this machine that
 * answer as a healthy tracker, one that drops the sub-id, one that answers 200 "Invalid
 * link", one that never answers, one that lands off the operator, one that loops, and one
 * that is slow. Each gets its verdict in one check. And the destinations it checks: every
 * one the shipped content can send a visitor to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { links, site } from "~/content/content.server";
import type { Site } from "~/content/schema";

import { checkDestination, TEST_CLICK_ID, TEST_SUB_ID, type CheckOptions } from "./check.server";
import { destinationsOf, nameOfUse } from "./destinations";

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => handler(req, res, new URL(req.url!, "http://stub")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

let operator: { server: Server; port: number };
let tracker: { server: Server; port: number };
/** What the stub tracker was last asked, and with which User-Agent. */
const asked: { path: string; agent: string }[] = [];

/** The operator's landing page: "localhost", not 127.0.0.1, so the hosts differ. */
const landing = (query: string) => `http://localhost:${operator.port}/bienvenida?${query}`;

beforeAll(async () => {
  operator = await listen((_req, res, url) => {
    if (url.pathname === "/expirado") {
      res.writeHead(200, { "content-type": "text/html" }).end("<h1>Offer expired</h1>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>Regístrate</h1>");
  });
  tracker = await listen((req, res, url) => {
    asked.push({ path: url.pathname, agent: req.headers["user-agent"] ?? "" });
    const clickId = url.searchParams.get("clickid") ?? "";
    const subId = url.searchParams.get("subid") ?? "";
    switch (url.pathname) {
      case "/sano":
        // Renames both parameters, as trackers do: the values are what must survive.
        res.writeHead(302, { location: `/paso?c=${clickId}&s=${subId}` }).end();
        return;
      case "/paso":
        res.writeHead(302, { location: landing(url.searchParams.toString()) }).end();
        return;
      case "/sin-subid":
        res.writeHead(302, { location: landing(`payload=${clickId}`) }).end();
        return;
      case "/invalido":
        res.writeHead(200, { "content-type": "text/html" }).end("<p>Invalid link</p>");
        return;
      case "/caducado":
        res
          .writeHead(302, {
            location: `http://localhost:${operator.port}/expirado?c=${clickId}&s=${subId}`,
          })
          .end();
        return;
      case "/nunca":
        return; // never answers
      case "/fuera":
        res
          .writeHead(302, {
            location: `http://127.0.0.1:${tracker.port}/casa?c=${clickId}&s=${subId}`,
          })
          .end();
        return;
      case "/casa":
        res.writeHead(200).end("ok");
        return;
      case "/bucle":
        res.writeHead(302, { location: url.pathname + url.search }).end();
        return;
      case "/lento":
        setTimeout(
          () => res.writeHead(302, { location: landing(url.searchParams.toString()) }).end(),
          300,
        );
        return;
      default:
        res.writeHead(404).end("no");
    }
  });
});

afterAll(async () => {
  for (const { server } of [operator, tracker]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const affiliate = (checks: Partial<Site["affiliate"]["checks"]> = {}): Site["affiliate"] => ({
  ...site.affiliate,
  subid_param: "subid",
  click_id_param: "clickid",
  send_click_id: true,
  checks: {
    operator_hosts: ["localhost"],
    dead_link_texts: ["invalid link", "enlace no válido", "offer expired"],
    slow_ms: 3_000,
    postback_silence_hours: 24,
    orphan_share_percent: 20,
    ...checks,
  },
});

const options = (extra: Partial<CheckOptions> = {}): CheckOptions => ({
  affiliate: affiliate(),
  userAgent: "Mozilla/5.0 (compatible; comprobador de enlaces de Prueba; +https://example.test)",
  timeoutMs: 2_000,
  ...extra,
});

const at = (path: string) => `http://127.0.0.1:${tracker.port}${path}?partner=7`;

describe("a destination check", () => {
  it("finds a healthy tracker healthy: every hop, the last host, both test ids carried", async () => {
    const result = await checkDestination(at("/sano"), options());
    expect(result).toMatchObject({
      health: "sano",
      reasons: [],
      finalHost: "localhost",
      clickIdKept: true,
      subIdKept: true,
    });
    expect(result.hops.map((hop) => [hop.status, hop.host.split(":")[0]])).toEqual([
      [302, "127.0.0.1"],
      [302, "127.0.0.1"],
      [200, "localhost"],
    ]);
    // It arrived as a click would, with the test ids, and said who it is.
    expect(asked.find((entry) => entry.path === "/sano")?.agent).toContain(
      "comprobador de enlaces",
    );
  });

  it("finds a tracker that drops the sub-id broken, and says so", async () => {
    const result = await checkDestination(at("/sin-subid"), options());
    expect(result.health).toBe("roto");
    expect(result.subIdKept).toBe(false);
    expect(result.clickIdKept).toBe(true);
    expect(result.reasons).toEqual(["se pierde el sub-id (subid)"]);
  });

  it("finds a 200 «Invalid link» page, and an «Offer expired» landing, broken", async () => {
    const invalid = await checkDestination(at("/invalido"), options());
    expect(invalid.health).toBe("roto");
    expect(invalid.reasons).toContain("la página final dice «invalid link»");
    const expired = await checkDestination(at("/caducado"), options());
    expect(expired.health).toBe("roto");
    expect(expired.reasons).toEqual(["la página final dice «offer expired»"]);
  });

  it("finds a tracker that never answers broken within its time limit", async () => {
    const result = await checkDestination(at("/nunca"), options({ timeoutMs: 500 }));
    expect(result.health).toBe("roto");
    expect(result.reasons).toEqual([`sin respuesta en 0.5 s (127.0.0.1:${tracker.port})`]);
    expect(result.hops).toEqual([]);
  });

  it("names why nothing answered: a name the DNS does not know, a refused connection", async () => {
    const unknown = await checkDestination("http://destino.invalid/r", options());
    expect(unknown.reasons).toEqual([
      "no se pudo conectar con destino.invalid: el nombre no existe en el DNS",
    ]);
    const closed = await listen(() => undefined);
    closed.server.close();
    const refused = await checkDestination(`http://127.0.0.1:${closed.port}/r`, options());
    expect(refused.reasons).toEqual([
      `no se pudo conectar con 127.0.0.1:${closed.port}: conexión rechazada`,
    ]);
  });

  it("finds a 404, a landing off the operator's hosts and a redirect loop broken", async () => {
    const missing = await checkDestination(at("/no-existe"), options());
    expect(missing.reasons).toEqual([`responde 404 (127.0.0.1:${tracker.port})`]);
    const elsewhere = await checkDestination(at("/fuera"), options());
    expect(elsewhere.health).toBe("roto");
    expect(elsewhere.reasons).toEqual(["termina en 127.0.0.1, que no es del operador"]);
    const loop = await checkDestination(at("/bucle"), options());
    expect(loop.health).toBe("roto");
    expect(loop.reasons).toEqual(["más de 8 redirecciones"]);
    expect(loop.hops).toHaveLength(9);
  });

  it("warns of a slow destination, a new last host and an extra hop", async () => {
    const slow = await checkDestination(
      at("/lento"),
      options({ affiliate: affiliate({ slow_ms: 100 }) }),
    );
    expect(slow.health).toBe("aviso");
    expect(slow.reasons[0]).toMatch(/^lento: \d+ ms \(aviso a partir de 100 ms\)$/);
    const before = {
      finalHost: "otro.example",
      hops: [{ status: 302, host: "a", ms: 1 }],
      health: "sano" as const,
    };
    const changed = await checkDestination(at("/sano"), options({ previous: before }));
    expect(changed.health).toBe("aviso");
    expect(changed.reasons).toEqual([
      "termina en un host nuevo: localhost (antes otro.example)",
      "un salto más que antes (3, antes 1)",
    ]);
  });

  it("sends the click id only where the content sends it", async () => {
    const result = await checkDestination(
      at("/sin-subid"),
      options({ affiliate: { ...affiliate(), send_click_id: false } }),
    );
    // No id sent, none expected; the sub-id is still lost.
    expect(result.clickIdKept).toBe(true);
    expect(result.reasons).toEqual(["se pierde el sub-id (subid)"]);
    expect(TEST_CLICK_ID).not.toBe(TEST_SUB_ID);
  });
});

describe("the destinations checked", () => {
  it("are every one the content can send a visitor to, each once with its uses", () => {
    const destinations = destinationsOf(site, links);
    const urls = destinations.map((destination) => destination.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(site.header.login_redirect_link);
    expect(urls).toContain(site.header.signup_redirect_link);
    for (const link of links.values()) expect(urls).toContain(link.destination);
    for (const offer of site.offers) {
      expect(urls).toContain(offer.destination);
      expect(urls).toContain(offer.fallback_destination);
    }
    const uses = destinations.flatMap((destination) => destination.uses);
    expect(uses.filter((use) => use.kind === "enlace")).toHaveLength(links.size);
    expect(uses).toContainEqual({ kind: "cabecera", id: "header-signup" });
    // An offer's fallback destination is its use as such, named so on the page and the command.
    const offer = site.offers[0]!;
    const fallback = { kind: "oferta", id: offer.id, fallback: true } as const;
    expect(uses).toContainEqual(fallback);
    expect(nameOfUse(fallback)).toBe(`${offer.id} (reserva)`);
  });
});
