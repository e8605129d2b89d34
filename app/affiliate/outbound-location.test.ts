import { describe, expect, it } from "vitest";

import { clickIdProblem, outboundLocation } from "./outbound-location";

const DESTINATION = "https://aff.example/redirect?partner=brs1042&banner=hdr-signup";
const ID = "Jx0cS8mYbq2LrV_w";
const send = { param: "clickid", id: ID };

describe("outboundLocation", () => {
  it("appends the visitor's tracking parameters, then the click id, keeping host, partner and banner", () => {
    const location = new URL(
      outboundLocation(
        DESTINATION,
        [
          ["utm_campaign", "otoño <b>&x"],
          ["subid", "42"],
          ["partner", "evil"],
        ],
        send,
      ),
    );
    expect(location.origin).toBe("https://aff.example");
    expect(location.pathname).toBe("/redirect");
    expect([...location.searchParams]).toEqual([
      ["partner", "brs1042"],
      ["banner", "hdr-signup"],
      ["utm_campaign", "otoño <b>&x"],
      ["subid", "42"],
      ["clickid", ID],
    ]);
  });

  it.each([
    ["https://aff.example/r", "https://aff.example/r?subid=s1&clickid=ID"],
    ["https://aff.example/r?", "https://aff.example/r?subid=s1&clickid=ID"],
    [
      "https://aff.example/r?partner=1#top",
      "https://aff.example/r?partner=1&subid=s1&clickid=ID#top",
    ],
  ])("adds the parameters to the query of %s, before its fragment", (destination, expected) => {
    expect(outboundLocation(destination, [["subid", "s1"]], send)).toBe(expected.replace("ID", ID));
  });

  it("sends the id in the parameter content names", () => {
    const location = new URL(outboundLocation(DESTINATION, [], { param: "payload", id: ID }));
    expect(location.searchParams.get("payload")).toBe(ID);
    expect(location.searchParams.has("clickid")).toBe(false);
  });

  it.each([
    ["as written", "https://aff.example/r?partner=1&var1={click_id}"],
    ["percent-encoded", "https://aff.example/r?partner=1&var1=%7Bclick_id%7D"],
    ["in lower-case escapes", "https://aff.example/r?partner=1&var1=%7bclick_id%7d"],
  ])("puts the id in a placeholder %s, and nowhere else", (_name, destination) => {
    const location = outboundLocation(destination, [["subid", "s1"]], send);
    expect(location).toBe(`https://aff.example/r?partner=1&var1=${ID}&subid=s1`);
  });

  it("sends no id when switched off (a placeholder is left empty)", () => {
    const off = { param: "clickid", id: null };
    expect(outboundLocation(DESTINATION, [["subid", "s1"]], off)).toBe(`${DESTINATION}&subid=s1`);
    expect(outboundLocation("https://aff.example/r?var1={click_id}", [], off)).toBe(
      "https://aff.example/r?var1=",
    );
  });

  it("never lets the visit set or replace the click id", () => {
    const forged = outboundLocation(
      DESTINATION,
      [
        ["clickid", "forged"],
        ["utm_term", "{click_id}"],
      ],
      send,
    );
    const location = new URL(forged);
    expect(location.searchParams.getAll("clickid")).toEqual([ID]);
    expect(location.searchParams.get("utm_term")).toBe("{click_id}");
    const switchedOff = new URL(
      outboundLocation(DESTINATION, [["clickid", "forged"]], { param: "clickid", id: null }),
    );
    expect(switchedOff.searchParams.has("clickid")).toBe(false);
  });
});

describe("clickIdProblem", () => {
  it.each([
    DESTINATION,
    "https://aff.example/r?var1={click_id}",
    "https://aff.example/r?var1=%7Bclick_id%7D&clickid=x",
    "https://aff.example/r?sub=site1_{click_id}",
  ])("accepts %s", (destination) => {
    expect(clickIdProblem(destination, "clickid")).toBeNull();
  });

  it("refuses a destination that already has the click id's parameter", () => {
    expect(clickIdProblem(`${DESTINATION}&clickid=1`, "clickid")).toMatch(
      /ya lleva el parámetro "clickid"/,
    );
  });

  it.each([
    "https://aff.example/{click_id}/r?partner=1",
    "https://aff.example/r?{click_id}=1",
    "https://aff.example/r?partner=1#{click_id}",
    "https://{click_id}.aff.example/r",
  ])("refuses a placeholder outside a query value: %s", (destination) => {
    expect(clickIdProblem(destination, "clickid")).toMatch(/solo puede ir en el valor/);
  });
});
