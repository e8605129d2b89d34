import { describe, expect, it } from "vitest";

import type { ReportQueries } from "~/clicks/reports.server";

import { clicksCsv, csvCell, dailyCsv } from "./csv.server";
import { readView } from "./query";

const view = readView(new URLSearchParams("period=7d"), "2026-11-22");

/** The stream's text, byte-order mark included (Response.text() would drop it). */
async function text(stream: ReadableStream<Uint8Array>) {
  const bytes = await new Response(stream).arrayBuffer();
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
    ["-1", "'-1"],
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
          };
        }
      },
    } as unknown as ReportQueries;
    const body = await text(clicksCsv(reports, view));
    const lines = body.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFid,at,day,link_id,destination,page,utm_source,utm_medium,utm_campaign,utm_content,utm_term,gclid,fbclid,subid,country,device,browser,is_bot,visitor",
    );
    expect(lines[1]).toBe('1,2026-11-20T10:00:00.000Z,2026-11-20,x,,/,,,"a,b",,,,,,,,,0,');
    expect(lines).toHaveLength(5);
    expect(pulled).toBe(3);
  });

  it("writes the daily summary", async () => {
    const reports = {
      days: async () => [{ day: "2026-11-20", humans: 5, bots: 1, uniques: 4 }],
    } as unknown as ReportQueries;
    expect(await text(dailyCsv(reports, view))).toBe(
      "\uFEFFday,clicks,bot_clicks,unique_visitors\r\n2026-11-20,5,1,4\r\n",
    );
  });
});
