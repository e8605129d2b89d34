/** The postback page's URLs (names, words and macros from content), the loopback origin, the log in Spanish. */
import { describe, expect, it } from "vitest";

import type { PostbackLogEntry } from "./ledger.server";
import { readPostback } from "./postback-input";
import {
  loopbackOrigin,
  postbackUrls,
  shownLog,
  testAnswerText,
  wordFor,
  type PostbackSetup,
} from "./postback-setup.server";

const generic: PostbackSetup = {
  params: {
    click_id: "click_id",
    event: "event",
    amount: "amount",
    currency: "currency",
    txid: "txid",
  },
  events: {},
  macros: { click_id: "{click_id}", amount: "{amount}", currency: "{currency}", txid: "{txid}" },
};
const TOKEN = "tok_0123456789abcdefghijkl";

describe("postbackUrls", () => {
  it("gives one URL per event with the macros as written", () => {
    expect(postbackUrls("https://www.brisamar.example", TOKEN, generic)).toEqual([
      {
        event: "registration",
        url: `https://www.brisamar.example/postback/${TOKEN}?click_id={click_id}&event=registration&txid={txid}`,
      },
      {
        event: "ftd",
        url: `https://www.brisamar.example/postback/${TOKEN}?click_id={click_id}&event=ftd&amount={amount}&currency={currency}&txid={txid}`,
      },
      expect.objectContaining({ event: "deposit" }),
      expect.objectContaining({ event: "commission" }),
    ]);
  });

  it("uses the program's names, macros and words (a program that says payload)", () => {
    const program: PostbackSetup = {
      params: { ...generic.params, click_id: "payload", amount: "sum" },
      events: { first_deposit: "ftd", ftd: "deposit" },
      macros: { ...generic.macros, click_id: "{payload}", amount: "[[SUM]]" },
    };
    const [, ftd, deposit] = postbackUrls("https://x.example", TOKEN, program);
    expect(ftd!.url).toBe(
      `https://x.example/postback/${TOKEN}?payload={payload}&event=first_deposit&sum=[[SUM]]&currency={currency}&txid={txid}`,
    );
    expect(deposit!.url).toContain("&event=deposit&");
    expect(wordFor("commission", program)).toBe("commission");
  });
});

describe("loopbackOrigin", () => {
  it("reaches the server on the interface it listens on", () => {
    expect(loopbackOrigin(3000, undefined)).toBe("http://127.0.0.1:3000");
    expect(loopbackOrigin(3000, "0.0.0.0")).toBe("http://127.0.0.1:3000");
    expect(loopbackOrigin(8080, "::1")).toBe("http://[::1]:8080");
    expect(loopbackOrigin(8080, "10.0.0.5")).toBe("http://10.0.0.5:8080");
  });
});

describe("shownLog", () => {
  const entry = (overrides: Partial<PostbackLogEntry>): PostbackLogEntry => ({
    id: 1,
    at: Date.parse("2026-11-24T23:30:05Z"),
    outcome: "accepted",
    origin: "postback",
    reason: null,
    event: "ftd",
    click_id: "abc",
    txid: "t1",
    amount_cents: 5000,
    currency: "EUR",
    ...overrides,
  });

  it("writes time, outcome, reason and amount in Spanish", () => {
    const [accepted, rejected, orphan] = shownLog(
      [
        entry({}),
        entry({
          id: 2,
          outcome: "rejected",
          reason: "bad_amount",
          amount_cents: null,
          currency: null,
        }),
        entry({ id: 3, outcome: "orphan", origin: "import", amount_cents: -125 }),
      ],
      "Europe/Madrid",
    );
    expect(accepted).toMatchObject({
      time: "25/11/2026, 00:30:05",
      outcomeName: "aceptado",
      origin: "postback",
      amount: "50,00 EUR",
      reason: "",
    });
    expect(rejected).toMatchObject({
      outcomeName: "rechazado",
      reason: expect.stringMatching(/^importe no válido/),
      amount: "",
    });
    expect(orphan).toMatchObject({
      outcomeName: "huérfano (sin clic)",
      origin: "importación",
      amount: "-1,25 EUR",
    });
  });
});

describe("an unreplaced macro", () => {
  it("in any URL the page gives, sent as is or by curl, is logged as «macro sin sustituir»", () => {
    for (const { url } of postbackUrls("https://www.brisamar.example", TOKEN, generic)) {
      const query = url.slice(url.indexOf("?") + 1);
      // curl reads "{click_id}" as a list of one and sends "click_id".
      for (const sent of [query, query.replace(/[{}]/g, "")]) {
        const reading = readPostback(new URLSearchParams(sent), generic);
        expect(reading, sent).toMatchObject({ ok: false, reason: "unreplaced_macro" });
        const reason = reading.ok ? null : reading.reason;
        const [shown] = shownLog(
          [
            {
              id: 1,
              at: 0,
              outcome: "rejected",
              origin: "postback",
              reason,
              event: null,
              click_id: "click_id",
              txid: null,
              amount_cents: null,
              currency: null,
            },
          ],
          "Europe/Madrid",
        );
        expect(shown!.reason).toMatch(/^macro sin sustituir: /);
      }
    }
  });
});

describe("testAnswerText", () => {
  it("says what the receiver answered, and what a 404 or no answer means", () => {
    expect(testAnswerText({ ok: true, status: 200, body: "OK test" })).toBe(
      "El receptor ha respondido 200: «OK test»",
    );
    expect(testAnswerText({ ok: true, status: 404, body: "" })).toMatch(
      /^El receptor ha respondido 404\. El receptor no existe en este servidor/,
    );
    expect(testAnswerText({ ok: false, error: "fetch failed" })).toBe(
      "No se ha podido contactar con el receptor: fetch failed",
    );
  });
});
