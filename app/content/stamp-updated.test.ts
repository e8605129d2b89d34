/** The publish date: a page or a record is dated only when what a visitor reads changed. */
import { describe, expect, it } from "vitest";

import { dayIn, stampUpdated } from "./stamp-updated";

const DAY = "2026-11-28";

describe("stampUpdated", () => {
  it("dates a page whose text changed, and leaves one published again unchanged as it was", () => {
    const before = { title: "Bonos", updated: "2025-10-01", components: [{ h1: "Antes" }] };
    expect(
      stampUpdated("pages/bonos", before, { ...before, components: [{ h1: "Después" }] }, DAY),
    ).toEqual({ ...before, components: [{ h1: "Después" }], updated: DAY });
    expect(stampUpdated("pages/bonos", before, structuredClone(before), DAY)).toEqual(before);
    // A new page is dated the day it is first published.
    expect(stampUpdated("pages/nueva", null, { title: "Nueva" }, DAY)).toEqual({
      title: "Nueva",
      updated: DAY,
    });
  });

  it("leaves a legal page's dates to its own heading, and a withdrawal as it is", () => {
    const terms = { title: "Términos", legal: true, components: [] };
    expect(stampUpdated("pages/terms", { ...terms, title: "Antes" }, terms, DAY)).toEqual(terms);
    expect(stampUpdated("pages/terms", terms, null, DAY)).toBeNull();
  });

  it("dates each person of the site config that changed, and no other", () => {
    const lucia = { slug: "lucia", name: "Lucía", updated: "2026-01-01" };
    const javier = { slug: "javier", name: "Javier", updated: "2026-01-01" };
    const next = stampUpdated(
      "site",
      { brand_name: "B", people: [lucia, javier] },
      {
        brand_name: "C",
        people: [lucia, { ...javier, name: "Javier M." }, { slug: "ana", name: "Ana" }],
      },
      DAY,
    );
    expect(next).toEqual({
      brand_name: "C",
      people: [
        lucia,
        { ...javier, name: "Javier M.", updated: DAY },
        { slug: "ana", name: "Ana", updated: DAY },
      ],
    });
  });

  it("dates each payment method, game and guide that changed, as it does a person", () => {
    const bizum = { slug: "bizum", withdrawal_time: "Hasta 24 horas", updated: "2026-01-01" };
    const paypal = { slug: "paypal", withdrawal_time: "Hasta 48 horas", updated: "2026-01-01" };
    const game = { slug: "ruleta", name: "Ruleta", updated: "2026-01-01" };
    const guide = { slug: "bonos", title: "Guía", updated: "2026-01-01" };
    const next = stampUpdated(
      "site",
      { payment_methods: [bizum, paypal], games: [game], guides: [guide] },
      {
        payment_methods: [{ ...bizum, withdrawal_time: "Hasta 2 horas" }, paypal],
        games: [{ ...game, name: "Ruleta europea" }],
        guides: [guide],
      },
      DAY,
    );
    expect(next).toEqual({
      payment_methods: [{ ...bizum, withdrawal_time: "Hasta 2 horas", updated: DAY }, paypal],
      games: [{ ...game, name: "Ruleta europea", updated: DAY }],
      guides: [guide],
    });
  });
});

describe("dayIn", () => {
  it("gives the day of the time zone, not UTC's", () => {
    // 23:30 UTC on 27 November is already 28 November in Madrid (UTC+1).
    expect(dayIn(Date.UTC(2026, 10, 27, 23, 30), "Europe/Madrid")).toBe("2026-11-28");
    expect(dayIn(Date.UTC(2026, 10, 27, 23, 30), "UTC")).toBe("2026-11-27");
  });
});
