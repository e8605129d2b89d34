import { describe, expect, it } from "vitest";

import type { ReportQueries } from "./clicks.server";
import { DIMENSION_NAMES } from "~/ledger/dimensions";
import { decimalText } from "~/conversions/amount-text";
import { noConversions } from "./conversions.server";

import { clicksCsv, conversionsCsv, csvCell, dailyCsv, pagesCsv } from "./csv.server";
import { readView } from "./query";

const view = readView(new URLSearchParams("period=7d"), "2026-11-22");

/** The stream's text, byte-order mark included (Response.text() would drop it). */
async function text(stream: Promise<ReadableStream<Uint8Array>>) {
  const bytes = await new Response(await stream).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("csvCell", () => {
  it.each([
    [null, ""],
    [42, "42"],
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+34", "'+34"],
    ["-1", "-1"],
    ["-2.50", "-2.50"],
    ["-1+2", "'-1+2"],
    ["-A1", "'-A1"],
    ["@sum", "'@sum"],
  ])("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("exports", () => {
  it("streams every click in pages, with the record's columns and no more", async () => {
    let pulled = 0;
    const reports = {
      async *rows() {
        for (let index = 1; index <= 3; index++) {
          pulled++;
          yield {
            id: index,
            at: Date.UTC(2026, 10, 20, 10),
            day: "2026-11-20",
            link_id: "x",
            page: "/",
            is_bot: 0,
            utm_campaign: "a,b",
            referrer: "t.co",
          };
        }
      },
    } as unknown as ReportQueries;
    const body = await text(clicksCsv(reports, view));
    const lines = body.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFid,at,day,link_id,destination,page,utm_source,utm_medium,utm_campaign,utm_content,utm_term,gclid,fbclid,subid,country,device,browser,is_bot,visitor,referrer",
    );
    expect(lines[1]).toBe('1,2026-11-20T10:00:00.000Z,2026-11-20,x,,/,,,"a,b",,,,,,,,,0,,t.co');
    expect(lines).toHaveLength(5);
    expect(pulled).toBe(3);
  });

  it("reads the ledger before handing the stream over: a database out of reach fails the call", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const reports = {
      async *rows() {
        throw refused;
      },
      days: () => Promise.reject(refused),
      views: { days: async () => [] },
      conversions: { days: async () => [] },
    } as unknown as ReportQueries;
    await expect(clicksCsv(reports, view)).rejects.toBe(refused);
    await expect(dailyCsv(reports, view)).rejects.toBe(refused);
  });

  it("writes the daily summary with the conversions in euros (other currencies left out)", async () => {
    const reports = {
      days: async () => [{ day: "2026-11-20", humans: 5, bots: 1, uniques: 4 }],
      views: {
        days: async () => [
          { day: "2026-11-19", views: 7, visitors: 3 },
          { day: "2026-11-20", views: 60, visitors: 20 },
        ],
      },
      conversions: {
        days: async () => [
          {
            day: "2026-11-20",
            registrations: 3,
            ftds: 1,
            deposits: 2,
            depositAmount: { EUR: 5000 },
            commission: { EUR: 12345, USD: 9999 },
          },
          {
            day: "2026-11-21",
            registrations: 0,
            ftds: 0,
            deposits: 0,
            depositAmount: {},
            commission: { EUR: -250 },
          },
        ],
      },
    } as unknown as ReportQueries;
    expect(await text(dailyCsv(reports, view))).toBe(
      "\uFEFFday,clicks,bot_clicks,unique_visitors,registrations,ftds,deposits,commission,views,visitors\r\n" +
        "2026-11-19,0,0,0,0,0,0,0.00,7,3\r\n" +
        "2026-11-20,5,1,4,3,1,2,123.45,60,20\r\n" +
        "2026-11-21,0,0,0,0,0,0,-2.50,0,0\r\n",
    );
  });

  it("leaves the daily views empty where views are not defined, and unique visitors under a filter", async () => {
    const reports = {
      days: async () => [{ day: "2026-11-20", humans: 5, bots: 0, uniques: null }],
      views: { days: async () => null },
      conversions: {
        days: async () => [
          {
            day: "2026-11-21",
            registrations: 1,
            ftds: 0,
            deposits: 0,
            depositAmount: {},
            commission: { EUR: 100 },
          },
        ],
      },
    } as unknown as ReportQueries;
    const linkView = readView(new URLSearchParams("period=7d&link=x"), "2026-11-22");
    // A day with conversions but no clicks under the filter: its visitors are not counted
    // either (empty, not 0).
    expect((await text(dailyCsv(reports, linkView))).split("\r\n").slice(1, 3)).toEqual([
      "2026-11-20,5,0,,0,0,0,0.00,,",
      "2026-11-21,0,0,,1,0,0,1.00,,",
    ]);
  });

  it("writes one row per page with the funnel: views, visitors, clicks, CTR, conversions, RPM", async () => {
    const none = () => Object.fromEntries(DIMENSION_NAMES.map((name) => [name, new Map()]));
    const conversionValues = none();
    conversionValues.page!.set("/bonos", {
      registrations: 4,
      ftds: 2,
      deposits: 0,
      depositAmount: {},
      commission: { EUR: 3000 },
    });
    const seen = none();
    seen.page!.set("/bonos", { views: 400, visitors: 300 });
    seen.page!.set("404", { views: 9, visitors: 9 });
    const reports = {
      days: async () => [],
      rankings: async () => ({
        ...Object.fromEntries(DIMENSION_NAMES.map((name) => [name, []])),
        page: [{ value: "/bonos", clicks: 50 }],
      }),
      views: { days: async () => [], rankings: async () => seen },
      conversions: {
        days: async () => [],
        rankings: async () => ({ values: conversionValues, orphans: noConversions() }),
      },
    } as unknown as ReportQueries;
    expect(await text(pagesCsv(reports, view))).toBe(
      "\uFEFFpage,views,visitors,clicks,ctr,registrations,ftds,commission,rpm\r\n" +
        "/bonos,400,300,50,0.1250,4,2,30.00,75.00\r\n" +
        "404,9,9,0,0.0000,0,0,0.00,0.00\r\n",
    );
  });

  it("streams every conversion with its attribution, amounts as decimals with a point", async () => {
    const reports = {
      conversions: {
        async *rows() {
          yield {
            id: 1,
            at: Date.UTC(2026, 10, 20, 10),
            day: "2026-11-20",
            event: "commission",
            amount_cents: 123450,
            currency: "USD",
            txid: "=cmd|' /C calc'!A0",
            dedup_key: "k",
            click_id: "abc",
            orphan: 0,
            origin: "postback",
            click_at: 1,
            link_id: "home-main-block-1-button-1",
            page: "/",
            utm_source: null,
            utm_campaign: "verano",
            subid: null,
            country: "ES",
            device: "mobile",
            referrer: "google.com",
          };
        },
      },
    } as unknown as ReportQueries;
    const lines = (await text(conversionsCsv(reports, view))).split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFat,day,event,amount,currency,txid,click_id,orphan,origin,link_id,page,utm_source,utm_campaign,subid,country,device,referrer",
    );
    expect(lines[1]).toBe(
      "2026-11-20T10:00:00.000Z,2026-11-20,commission,1234.50,USD,'=cmd|' /C calc'!A0,abc,0,postback,home-main-block-1-button-1,/,,verano,,ES,mobile,google.com",
    );
  });
});

describe("decimalText", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123450, "1234.50"],
    [-250, "-2.50"],
    [900719925474099, "9007199254740.99"],
  ])("%d cents → %s", (cents, expected) => {
    expect(decimalText(cents)).toBe(expected);
  });
});
