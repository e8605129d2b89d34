import { describe, expect, it } from "vitest";

import { clockTime, eventText, timeAgo } from "./live-text";

const at = Date.parse("2026-11-28T11:04:31Z");
const conversion = { at, link: "bonos-hero", label: null, page: "/bonos", currency: "EUR" };

describe("the Ahora block's words", () => {
  it("says each event in Spanish, a link by its label, an amount the Spanish way", () => {
    expect(
      eventText({
        kind: "click",
        at,
        link: "bonos-hero",
        page: "/bonos",
        label: "Bonos · Reclamar",
      }),
    ).toBe("Clic en Bonos · Reclamar desde /bonos");
    expect(eventText({ kind: "click", at, link: "x-1", page: "/", label: null })).toBe(
      "Clic en x-1 desde /",
    );
    expect(eventText({ ...conversion, kind: "registration", amountCents: 0 })).toBe(
      "Registro desde /bonos",
    );
    expect(eventText({ ...conversion, kind: "ftd", amountCents: 5000 })).toBe(
      "FTD de 50,00\u00a0€ desde /bonos",
    );
    expect(eventText({ ...conversion, kind: "commission", amountCents: 250000 })).toBe(
      "Comisión de 2.500,00\u00a0€ desde /bonos",
    );
    expect(
      eventText({ ...conversion, kind: "deposit", amountCents: 1250, currency: "USD", page: "" }),
    ).toBe("Depósito de 12,50\u00a0USD (sin clic)");
  });

  it("gives the time in the report's zone and how long ago by the server's clock", () => {
    expect(clockTime(at, "Europe/Madrid")).toBe("12:04:31");
    expect(timeAgo(at, at + 2_000)).toBe("ahora mismo");
    expect(timeAgo(at, at + 40_000)).toBe("hace 40 s");
    expect(timeAgo(at, at + 185_000)).toBe("hace 3 min");
  });
});
