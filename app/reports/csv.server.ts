/**
 * The dashboard's exports as CSV (clicks, conversions, days, the funnel per page) (RFC
 * 4180, every cell in double quotes, UTF-8 with a byte-order mark so spreadsheets read the
 * accents), streamed page by page from the ledger, so a year of clicks never sits in
 * memory. Visitors write some of the cells (their campaign, sub-id, referrer…), so no cell
 * may reach a spreadsheet as a formula, whichever separator it reads with (csvCell).
 */
import type { ReportQueries } from "./clicks.server";
import type { ClicksTable, ConversionsTable } from "~/ledger/schema";
import { decimalText } from "~/conversions/amount-text";
import type { ConversionDay } from "./conversions.server";

import { loadDashboard } from "./dashboard.server";
import type { View } from "./query";

/** The columns of one click: what the ledger stores, nothing more (no IP, no User-Agent). */
export const CLICK_COLUMNS = [
  "id",
  "at",
  "day",
  "link_id",
  "destination",
  "page",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "gclid",
  "fbclid",
  "subid",
  "country",
  "device",
  "browser",
  "is_bot",
  "visitor",
  // Added last (migration 005), so spreadsheets built on the earlier columns keep working.
  "referrer",
  // The id the program received and sends back (conversions.csv's click_id, the program's
  // report), and the experiments' variants ("home-h1=B"), after it for the same reason.
  "click_id",
  "variants",
  // The offer its link promoted (migration 019), last for the same reason; then 1 when the
  // click went to its link's fallback while the destination was broken (migration 020).
  "offer",
  "fallback",
] as const satisfies readonly (keyof ClicksTable)[];

/** The columns of one conversion: what happened and the attribution copied from its click. */
export const CONVERSION_COLUMNS = [
  "at",
  "day",
  "event",
  "amount",
  "currency",
  "txid",
  "click_id",
  "orphan",
  "origin",
  "link_id",
  "page",
  "utm_source",
  "utm_campaign",
  "subid",
  "country",
  "device",
  // Added last (migrations 005 and 019), as in the clicks' export.
  "referrer",
  "offer",
] as const satisfies readonly (keyof ConversionsTable | "amount")[];

/**
 * One row per day. `ftds` counts first deposits, `deposits` the later ones (the events of
 * the same names); `commission` is in euros, as a decimal with a point: commission in
 * another currency is left out of it (conversions.csv has it, with its currency), so no
 * column ever adds euros to dollars. `unique_visitors` are the visitors who clicked, under
 * any filter (clicks.server.ts); `views` and `visitors` the page views and the unique
 * visitors who saw a page (empty under a link or sub-id filter, where views are not
 * defined). Added last, so the
 * spreadsheets built on the earlier columns keep working.
 */
export const DAILY_COLUMNS = [
  "day",
  "clicks",
  "bot_clicks",
  "unique_visitors",
  "registrations",
  "ftds",
  "deposits",
  "commission",
  "views",
  "visitors",
] as const;

/**
 * One row per page, the funnel: views, unique visitors, people's clicks, CTR (clicks ÷
 * views, a share of 1 with four decimals), registrations, FTDs, commission in euros and RPM
 * (euro commission per 1,000 views), as decimals with a point. Views are empty under a link
 * or sub-id filter.
 */
export const PAGE_COLUMNS = [
  "page",
  "views",
  "visitors",
  "clicks",
  "ctr",
  "registrations",
  "ftds",
  "commission",
  "rpm",
] as const;

/**
 * A spreadsheet runs a cell as a formula when it starts with = + - or @ (behind spaces or
 * quotes some readers drop), and some when it starts with a tab or a carriage return.
 */
const FORMULA_START = /^[\s"]*[=+\-@]|^[\t\r]/;
/** A plain number ("-2.50", a negative commission) is no formula and stays a number. */
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;
/**
 * Where a reader that does not see this file's quotes would start a cell inside one: after
 * a ";" (Spanish Excel's separator), a tab or a line break, when a formula or a quote
 * follows (a quote, or the cell's closing one, could make it swallow the rest of the line).
 */
const INNER_CELL_START = /([;\t\r\n])(?=\s*(?:[=+\-@"]|$))/g;

/**
 * One cell, always quoted (inner quotes doubled), so "," and line breaks stay inside it. A
 * cell that starts as a formula gets an apostrophe first (`'=1+1`), and so does whatever
 * follows a ";", a tab or a line break inside it (`ok;'=cmd`): a reader that splits on ";"
 * ignores the quotes of a file separated by ",", and would otherwise start a cell there.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  text = text.replace(INNER_CELL_START, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Lines in, a byte stream out, pulled only as fast as the client reads. The first line is
 * read before the stream is handed over, and every export reads the ledger before its first
 * line: a database out of reach fails the request (the route answers 503), not the download
 * halfway.
 */
async function stream(lines: AsyncIterable<string>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  let first: IteratorResult<string> | null = await iterator.next();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = first ?? (await iterator.next());
        first = null;
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The header, then the rows as lines in chunks of about 64 KB. */
async function* rowLines<T>(
  columns: readonly string[],
  rows: AsyncIterable<T>,
  cells: (row: T) => unknown[],
) {
  // The first page of rows is read before the header (stream's first line).
  const iterator = rows[Symbol.asyncIterator]();
  let next = await iterator.next();
  yield `\uFEFF${line(columns)}`;
  let batch = "";
  for (; !next.done; next = await iterator.next()) {
    batch += line(cells(next.value));
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

const isoTime = (at: unknown) => new Date(Number(at)).toISOString();

function clickLines(reports: ReportQueries, view: View) {
  return rowLines(CLICK_COLUMNS, reports.rows(view.range, view.filters), (click) => {
    const row = click as Record<string, unknown>;
    return CLICK_COLUMNS.map((column) => (column === "at" ? isoTime(row.at) : row[column]));
  });
}

function conversionLines(reports: ReportQueries, view: View) {
  return rowLines(
    CONVERSION_COLUMNS,
    reports.conversions.rows(view.range, view.filters),
    (conversion) => {
      const row = conversion as Record<string, unknown>;
      return CONVERSION_COLUMNS.map((column) => {
        if (column === "at") return isoTime(row.at);
        if (column === "amount") return decimalText(Number(row.amount_cents));
        return row[column];
      });
    },
  );
}

async function* dailyLines(reports: ReportQueries, view: View) {
  const [days, conversions, views] = await Promise.all([
    reports.days(view.range, view.filters, { includeFlagged: view.flagged }),
    reports.conversions.days(view.range, view.filters),
    reports.views.days(view.range, view.filters),
  ]);
  const converted = new Map<string, ConversionDay>(conversions.map((day) => [day.day, day]));
  const seen = new Map((views ?? []).map((day) => [day.day, day]));
  // Every day with clicks, conversions or views, in order.
  const dayNames = [
    ...new Set([...days.map((day) => day.day), ...converted.keys(), ...seen.keys()]),
  ].sort();
  const clicked = new Map(days.map((day) => [day.day, day]));
  yield `\uFEFF${line(DAILY_COLUMNS)}`;
  for (const name of dayNames) {
    const day = clicked.get(name);
    const money = converted.get(name);
    const viewed = views === null ? null : (seen.get(name) ?? { views: 0, visitors: 0 });
    yield line([
      name,
      day?.humans ?? 0,
      day?.bots ?? 0,
      day?.uniques ?? 0,
      money?.registrations ?? 0,
      money?.ftds ?? 0,
      money?.deposits ?? 0,
      decimalText(money?.commission.EUR ?? 0),
      viewed?.views,
      viewed?.visitors,
    ]);
  }
}

/** The dashboard's page ranking, every row, as the funnel per page (most views first). */
async function* pageLines(reports: ReportQueries, view: View) {
  const dashboard = await loadDashboard(reports, { ...view, all: "page", sort: "views" });
  yield `\uFEFF${line(PAGE_COLUMNS)}`;
  for (const row of dashboard.rankings.page.rows) {
    if (row.orphan) continue;
    yield line([
      row.value,
      row.views,
      row.visitors,
      row.clicks,
      row.ctr?.toFixed(4),
      row.registrations,
      row.ftds,
      decimalText(row.commission),
      row.rpm === null ? null : decimalText(Math.round(row.rpm)),
    ]);
  }
}

export function clicksCsv(reports: ReportQueries, view: View) {
  return stream(clickLines(reports, view));
}

export function conversionsCsv(reports: ReportQueries, view: View) {
  return stream(conversionLines(reports, view));
}

export function dailyCsv(reports: ReportQueries, view: View) {
  return stream(dailyLines(reports, view));
}

export function pagesCsv(reports: ReportQueries, view: View) {
  return stream(pageLines(reports, view));
}
