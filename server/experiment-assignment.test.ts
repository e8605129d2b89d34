import type { IncomingMessage } from "node:http";

import { describe, expect, it } from "vitest";

import type { ExperimentPlan } from "~/experiments/assign.server";

import { experimentAssignment } from "./experiment-assignment";
import { parseTarget, setTarget } from "./request-target";

const HOME_H1: ExperimentPlan = {
  name: "home-h1",
  start: Date.parse("2026-11-25T00:00:00+01:00"),
  variants: [
    { id: "A", weight: 1 },
    { id: "B", weight: 1 },
  ],
};
const experimentsFor = (path: string) => (path === "/" ? [HOME_H1] : []);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A request as the guard leaves it: its target parsed. */
function req(url: string, ip: string, headers: Record<string, string> = {}) {
  const request = { url, headers: { "user-agent": BROWSER, ...headers }, ip };
  setTarget(request as unknown as IncomingMessage, parseTarget(url));
  return request as unknown as IncomingMessage;
}

const assignment = experimentAssignment({
  app: () => ({ experimentsFor }),
  clientAddress: (request) => (request as unknown as { ip: string }).ip,
  timeZone: "Europe/Madrid",
  now: () => Date.parse("2026-11-25T12:00:00+01:00"),
});

const addresses = Array.from({ length: 40 }, (_, index) => `203.0.113.${index + 1}`);

describe("experimentAssignment", () => {
  it("gives visitors both variants, each one always the same", () => {
    const seen = addresses.map((ip) => assignment.of(req("/", ip)));
    expect(new Set(seen)).toEqual(new Set(["home-h1=A", "home-h1=B"]));
    addresses.forEach((ip, index) => {
      expect(assignment.of(req("/?_data=routes%2Fpage", ip))).toBe(seen[index]);
    });
  });

  it("gives a crawler and a request without User-Agent the control", () => {
    for (const ip of addresses) {
      expect(assignment.of(req("/", ip, { "user-agent": GOOGLEBOT }))).toBe("home-h1=A");
      expect(assignment.of(req("/", ip, { "user-agent": "" }))).toBe("home-h1=A");
    }
  });

  it("lets no query string or header choose the variant", () => {
    for (const ip of addresses) {
      const own = assignment.of(req("/", ip));
      expect(assignment.of(req("/?variant=B&variante=home-h1:B", ip, { "x-variant": "B" }))).toBe(
        own,
      );
    }
  });

  it("assigns nothing on a page without experiments", () => {
    expect(assignment.of(req("/bonos", addresses[0]!))).toBe("");
  });

  it("follows an experiment's end for a visitor it remembers", () => {
    let at = Date.parse("2026-11-25T12:00:00+01:00");
    const ending: ExperimentPlan = { ...HOME_H1, end: at + 60_000, winner: "B" };
    const clock = experimentAssignment({
      app: () => ({ experimentsFor: () => [ending] }),
      clientAddress: (request) => (request as unknown as { ip: string }).ip,
      timeZone: "Europe/Madrid",
      now: () => at,
    });
    const before = addresses.map((ip) => clock.of(req("/", ip)));
    expect(before).toContain("home-h1=A");
    at += 60_000;
    for (const ip of addresses) expect(clock.of(req("/", ip))).toBe("home-h1=B");
  });
});
