/**
 * The import's preview: what each row of a file would become if imported now (new, a
 * duplicate, an orphan for an unknown click, or invalid and why), asked of the ledger
 * without writing anything, and shaped for the page: counts, and the rows by status in
 * Spanish (at most PREVIEW_ROWS of each shown, the counts cover them all).
 */
import { amountText } from "./amount-text";
import type { ImportRow } from "./csv-import.server";
import type { ConversionLedger } from "./ledger.server";
import { REJECTIONS } from "./postback-input";

export const PREVIEW_STATUSES = ["new", "orphan", "duplicate", "invalid"] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];
export type PreviewRow = ImportRow & { status: PreviewStatus };

/** Rows of each status the page lists. */
export const PREVIEW_ROWS = 200;

/** Each row's fate if imported now, from the ledger, without writing anything. */
export async function previewImport(
  ledger: ConversionLedger,
  rows: ImportRow[],
): Promise<PreviewRow[]> {
  // A row repeated in the file is a duplicate of its first occurrence: only those ask.
  const first = rows.filter(
    (row): row is Extract<ImportRow, { ok: true }> => row.ok && row.repeatOf === null,
  );
  const outcomes = await ledger.classify(first);
  const outcomeOf = new Map(first.map((row, index) => [row, outcomes[index]!]));
  return rows.map((row): PreviewRow => {
    if (!row.ok) return { ...row, status: "invalid" };
    const outcome = outcomeOf.get(row) ?? "duplicate";
    return { ...row, status: outcome === "accepted" ? "new" : outcome };
  });
}

/** A row as the preview's table shows it. */
export type ShownRow = {
  line: number;
  clickId: string;
  event: string;
  amount: string;
  currency: string;
  date: string;
  txid: string;
  /** Why it is a duplicate or invalid ("" for the others). */
  note: string;
};

export type PreviewGroup = { status: PreviewStatus; count: number; rows: ShownRow[] };

function shown(row: PreviewRow): ShownRow {
  const { raw } = row;
  const base = {
    line: row.line,
    clickId: raw.click_id ?? "",
    event: raw.event ?? "",
    amount: raw.amount ?? "",
    currency: raw.currency ?? "",
    date: raw.date ?? "",
    txid: raw.txid ?? "",
  };
  if (!row.ok) {
    const reason = REJECTIONS[row.reason].es;
    return { ...base, note: row.detail ? `${reason}: ${row.detail}` : reason };
  }
  const { conversion } = row;
  return {
    ...base,
    event: conversion.event,
    // A registration has no amount: the cell stays empty.
    amount: conversion.event === "registration" ? "" : amountText(conversion.amountCents),
    currency: conversion.currency,
    txid: conversion.txid ?? "",
    note:
      row.status !== "duplicate"
        ? ""
        : row.repeatOf !== null
          ? `repetida en el archivo (fila ${row.repeatOf})`
          : "ya está en el registro",
  };
}

/** The preview by status, in the order the page lists them. */
export function previewGroups(rows: PreviewRow[]): PreviewGroup[] {
  return PREVIEW_STATUSES.map((status) => {
    const ofStatus = rows.filter((row) => row.status === status);
    return {
      status,
      count: ofStatus.length,
      rows: ofStatus.slice(0, PREVIEW_ROWS).map(shown),
    };
  });
}
