import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";

import type { ReportQueries } from "./clicks.server";
import { DIMENSION_NAMES } from "~/ledger/dimensions";
import { decimalText } from "~/conversions/amount-text";
import { noConversions } from "./conversions.server";

import {
  CLICK_COLUMNS,
  CONVERSION_COLUMNS,
  clicksCsv,
  conversionsCsv,
  csvCell,
  dailyCsv,
  pagesCsv,
} from "./csv.server";
import { readView } from "./query";

const view = readView(new URLSearchParams("period=7d"), "2026-11-22");

/** The stream's text, byte-order mark included (Response.text() would drop it). */
async function text(stream: Promise<ReadableStream<Uint8Array>>) {
  const bytes = await new Response(await stream).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** The stream read as a spreadsheet separated by "," reads it (RFC 4180, strict). */
async function table(stream: Promise<ReadableStream<Uint8Array>>): Promise<string[][]> {
  const body = await text(stream);
  expect(body.startsWith("\uFEFF")).toBe(true);
  return parse(body, { bom: true }) as string[][];
}

/** Rows written as "a,b,c" lines (no cell holds a comma). */
const cells = (...lines: string[]) => lines.map((line) => line.split(","));

/** A header line, every name in quotes. */
const quoted = (line: string) =>
  line
    .split(",")
    .map((name) => `"${name}"`)
    .join(",");

describe("csvCell", () => {
  it.each([
    [null, '""'],
    [42, '"42"'],
    ["plain", '"plain"'],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["=HYPERLINK(1)", `"'=HYPERLINK(1)"`],
    ["+34", `"'+34"`],
    ["-1", '"-1"'],
    ["-2.50", '"-2.50"'],
    ["-1+2", `"'-1+2"`],
    ["-A1", `"'-A1"`],
    ["@sum", `"'@sum"`],
    ["\t=1", `"'\t'=1"`],
    ["\r=1", `"'\r'=1"`],
    ["a\n@b", `"a\n'@b"`],
    ['"=1', `"'""=1"`],
    [" -1", `"' -1"`],
    ["subid=ok;=cmd|' /C calc'!A0;", `"subid=ok;'=cmd|' /C calc'!A0;'"`],
    ["a; -1", `"a;' -1"`],
    ['a;"=1', `"a;'""=1"`],
    ["a;b", '"a;b"'],
  ])("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("exports", () => {
  it("streams every click in pages, with the record's columns, its click id, variants, offer and fallback, and no more", async () => {
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
            click_id: "Jx0cS8mYbq2LrV_w",
            variants: "home-h1=B",
            offer: "bienvenida",
            fallback: 1,
          };
        }
      },
    } as unknown as ReportQueries;
    const body = await text(clicksCsv(reports, view));
    const lines = body.split("\r\n");
    expect(lines[0]).toBe(
      `\uFEFF${quoted("id,at,day,link_id,destination,page,utm_source,utm_medium,utm_campaign,utm_content,utm_term,gclid,fbclid,subid,country,device,browser,is_bot,visitor,referrer,click_id,variants,offer,fallback")}`,
    );
    expect(lines[1]).toBe(
      '"1","2026-11-20T10:00:00.000Z","2026-11-20","x","","/","","","a,b","","","","","","","","","0","","t.co","Jx0cS8mYbq2LrV_w","home-h1=B","bienvenida","1"',
    );
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
    expect(await table(dailyCsv(reports, view))).toEqual(
      cells(
        "day,clicks,bot_clicks,unique_visitors,registrations,ftds,deposits,commission,views,visitors",
        "2026-11-19,0,0,0,0,0,0,0.00,7,3",
        "2026-11-20,5,1,4,3,1,2,123.45,60,20",
        "2026-11-21,0,0,0,0,0,0,-2.50,0,0",
      ),
    );
  });

  it("leaves the daily views empty where views are not defined, and counts unique visitors", async () => {
    const reports = {
      days: async () => [{ day: "2026-11-20", humans: 5, bots: 0, uniques: 4 }],
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
    // A day with conversions but no clicks under the filter: no visitor clicked (0).
    expect((await table(dailyCsv(reports, linkView))).slice(1)).toEqual(
      cells("2026-11-20,5,0,4,0,0,0,0.00,,", "2026-11-21,0,0,0,1,0,0,1.00,,"),
    );
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
    expect(await table(pagesCsv(reports, view))).toEqual(
      cells(
        "page,views,visitors,clicks,ctr,registrations,ftds,commission,rpm",
        "/bonos,400,300,50,0.1250,4,2,30.00,75.00",
        "404,9,9,0,0.0000,0,0,0.00,0.00",
      ),
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
            offer: "bienvenida",
          };
        },
      },
    } as unknown as ReportQueries;
    expect(await table(conversionsCsv(reports, view))).toEqual(
      cells(
        "at,day,event,amount,currency,txid,click_id,orphan,origin,link_id,page,utm_source,utm_campaign,subid,country,device,referrer,offer",
        "2026-11-20T10:00:00.000Z,2026-11-20,commission,1234.50,USD,'=cmd|' /C calc'!A0,abc,0,postback,home-main-block-1-button-1,/,,verano,,ES,mobile,google.com,bienvenida",
      ),
    );
  });
});

/**
 * What a visitor can write into a cell (campaign, sub-id, referrer, page…; on a
 * conversion, the program's txid), meant to run in the marketer's spreadsheet.
 */
const PAYLOADS = [
  "subid=ok;=cmd|' /C calc'!A0;",
  "=1+1",
  "+34 600",
  "-1+1",
  "@SUM(A1)",
  "\t=1",
  '=HYPERLINK("http://x.example","y")',
  "a,=1",
  'a;"=1;b',
  '"=1',
  ";-2",
  "a; @x",
  "a;\t=1",
  "a\tb\t+1",
];
/** Payloads with a line break: the ledger cleans them out of a click, but a cell holds them. */
const BROKEN_PAYLOADS = ["x\r\n=1", "y\n-1+1", "z\r+1"];

const noValues = () => Object.fromEntries(DIMENSION_NAMES.map((name) => [name, new Map()]));

/** The text columns of the clicks and conversions, every one set to `payload`. */
function hostile(columns: readonly string[], payload: string, base: Record<string, unknown>) {
  return Object.fromEntries(columns.map((column) => [column, base[column] ?? payload]));
}

/** Every export of one row per payload, with the payload in every column a visitor writes. */
async function hostileExports(payloads: string[]) {
  const reports = {
    async *rows() {
      for (const [index, payload] of payloads.entries()) {
        yield hostile(CLICK_COLUMNS, payload, { id: index + 1, at: 0, is_bot: 0 });
      }
    },
    rankings: async () => ({
      ...Object.fromEntries(DIMENSION_NAMES.map((name) => [name, []])),
      page: payloads.map((value, index) => ({ value, clicks: index + 1 })),
    }),
    days: async () => [],
    views: { days: async () => [], rankings: async () => noValues() },
    conversions: {
      days: async () => [],
      rankings: async () => ({ values: noValues(), orphans: noConversions() }),
      async *rows() {
        for (const payload of payloads) {
          yield hostile([...CONVERSION_COLUMNS, "amount_cents"], payload, {
            at: 0,
            amount_cents: -250,
            orphan: 0,
          });
        }
      },
    },
  } as unknown as ReportQueries;
  return {
    "clicks.csv": await text(clicksCsv(reports, view)),
    "conversions.csv": await text(conversionsCsv(reports, view)),
    "pages.csv": await text(pagesCsv(reports, view)),
  };
}

const startsAFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell);
/** A cell as a spreadsheet may show it: quotes and spaces it does not read as text left out. */
const shown = (cell: string) => cell.replace(/^[\s"]+/, "");

describe("no export runs a visitor's formula", () => {
  it("read with ',' (RFC 4180): as many rows and columns as written, no cell a formula", async () => {
    const payloads = [...PAYLOADS, ...BROKEN_PAYLOADS];
    for (const [file, body] of Object.entries(await hostileExports(payloads))) {
      const records = parse(body, { bom: true }) as string[][];
      expect(records, file).toHaveLength(1 + payloads.length);
      const width = records[0]!.length;
      for (const record of records) {
        expect(record, file).toHaveLength(width);
        for (const cell of record) expect(startsAFormula(cell), `${file}: ${cell}`).toBe(false);
      }
      // Every payload is in its cell, whole, behind at most the apostrophes.
      const page = records[0]!.indexOf("page");
      expect(
        records
          .slice(1)
          .map((record) => record[page]!.replace(/(^|[;\t\r\n])'/g, "$1"))
          .sort(),
        file,
      ).toEqual([...payloads].sort());
    }
  });

  it("read with ';' (a Spanish spreadsheet): as many rows as written, no cell a formula", async () => {
    for (const [file, body] of Object.entries(await hostileExports(PAYLOADS))) {
      // Such a reader does not see the quotes of a file separated by ",": it splits on
      // every ";", so it may find more cells in a row, never a formula nor another row.
      const records = parse(body, {
        bom: true,
        delimiter: ";",
        relax_quotes: true,
        relax_column_count: true,
      }) as string[][];
      expect(records, file).toHaveLength(1 + PAYLOADS.length);
      for (const cell of records.flat()) {
        expect(startsAFormula(shown(cell)), `${file}: ${cell}`).toBe(false);
      }
    }
    // A line break inside a cell starts a row for such a reader: still no formula.
    for (const [file, body] of Object.entries(await hostileExports(BROKEN_PAYLOADS))) {
      const lines = body.split(/\r\n|\r|\n/).flatMap((line) => line.split(/[;\t]/));
      for (const cell of lines) expect(startsAFormula(shown(cell)), `${file}: ${cell}`).toBe(false);
    }
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
