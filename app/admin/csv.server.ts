/**
 * The dashboard's exports as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets
 * read the accents), streamed page by page from the ledger, so a year of clicks never sits
 * in memory. A cell that a spreadsheet would run as a formula (= + - @ first) is prefixed
 * with an apostrophe.
 */
import type { ReportQueries } from "~/clicks/reports.server";
import type { ClicksTable } from "~/clicks/types";

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
] as const satisfies readonly (keyof ClicksTable)[];

export const DAILY_COLUMNS = ["day", "clicks", "bot_clicks", "unique_visitors"] as const;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** Lines in, a byte stream out, pulled only as fast as the client reads. */
function stream(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
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

async function* clickLines(reports: ReportQueries, view: View) {
  yield `\uFEFF${line(CLICK_COLUMNS)}`;
  let batch = "";
  for await (const click of reports.rows(view.range, view.filters)) {
    const row = click as Record<string, unknown>;
    batch += line(
      CLICK_COLUMNS.map((column) =>
        column === "at" ? new Date(Number(row.at)).toISOString() : row[column],
      ),
    );
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  if (batch) yield batch;
}

async function* dailyLines(reports: ReportQueries, view: View) {
  yield `\uFEFF${line(DAILY_COLUMNS)}`;
  for (const day of await reports.days(view.range, view.filters)) {
    yield line([day.day, day.humans, day.bots, day.uniques]);
  }
}

export function clicksCsv(reports: ReportQueries, view: View) {
  return stream(clickLines(reports, view));
}

export function dailyCsv(reports: ReportQueries, view: View) {
  return stream(dailyLines(reports, view));
}
