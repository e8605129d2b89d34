/**
 * The CSV import, for affiliate programs that report in a file instead of postbacks (a
 * monthly revenue-share report, say): a file of click id, event, amount, currency, date
 * and txid becomes rows, each one a conversion or a rejection with its reason. The rows are
 * read by the postbacks' own rules (readPostback), plus the date; each valid row gets the
 * dedup key of an imported row (importKey), so importing a file twice adds nothing.
 * Three steps, the route's (app/routes/admin.import.tsx): `readImportCsv` (pure), the
 * preview (import-preview.server.ts: asks the ledger, writes nothing), `importRows` (writes).
 */
import { parse } from "csv-parse/sync";

import { chunked } from "~/ledger/chunked";

import { importKey } from "./dedup";
import { COLUMN_LABELS, COLUMN_NAMES, REQUIRED_COLUMNS, type ImportColumn } from "./import-columns";
import type { ConversionLedger, RecordOutcome } from "./ledger.server";
import {
  readPostback,
  type ConversionInput,
  type PostbackMapping,
  type RejectionReason,
} from "./postback-input";

/** Largest file the import reads (the server accepts a little more: request-guard.ts). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Most rows one file may have. */
export const MAX_IMPORT_ROWS = 20_000;
/**
 * Invalid rows of one import written to the postback log (the first ones): the log keeps
 * its latest POSTBACK_LOG_ROWS, and a file of thousands of bad rows must not push the
 * programs' postbacks off it. The preview and the result list every one.
 */
export const LOGGED_IMPORT_REJECTIONS = 100;

const COLUMNS = Object.keys(COLUMN_NAMES) as ImportColumn[];

/** A row's cells as the file has them (clipped for display). */
export type RawRow = Partial<Record<ImportColumn, string>>;

export type ImportRow = { line: number; raw: RawRow } & (
  | {
      ok: true;
      conversion: ConversionInput;
      date: string;
      dedupKey: string;
      /** The line of an earlier row of the file with the same key (this one adds nothing). */
      repeatOf: number | null;
    }
  | { ok: false; reason: RejectionReason; detail: string | null }
);

export type ImportFile =
  { ok: true; rows: ImportRow[]; ignoredColumns: string[] } | { ok: false; error: string };

export type ImportLimits = {
  /** Today in the report time zone (YYYY-MM-DD): a later date is refused. */
  today: string;
  /** The oldest day the ledger keeps (retention): an earlier date is refused. */
  oldestDay: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** "12,50": the decimal comma of a Spanish spreadsheet (only in files separated by ";"). */
const DECIMAL_COMMA = /^(-?\d+),(\d{1,2})$/;

const normalName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

const clip = (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value);

/**
 * Reads the text of a file (UTF-8; a byte-order mark is dropped) into rows, or says in
 * Spanish why the whole file cannot be read.
 */
export function readImportCsv(
  text: string,
  mapping: PostbackMapping,
  limits: ImportLimits,
): ImportFile {
  if (Buffer.byteLength(text, "utf8") > MAX_IMPORT_BYTES) {
    return { ok: false, error: "El archivo pasa de 2 MB: divídelo en varios archivos." };
  }
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, error: "El archivo está vacío." };
  // The header says the separator: names hold neither "," nor ";" (Excel in Spanish
  // writes ";", because "," is its decimal separator).
  const header = body.slice(0, body.search(/\r?\n|$/));
  const separator = header.split(";").length > header.split(",").length ? ";" : ",";

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const where = lines ? ` (línea ${lines})` : "";
    return code === "CSV_QUOTE_NOT_CLOSED"
      ? { ok: false, error: `El CSV tiene unas comillas sin cerrar${where}.` }
      : { ok: false, error: `El CSV está mal formado${where}: revisa las comillas.` };
  }

  const columns = columnsOf(records[0]!.record, mapping);
  if (!columns.ok) return columns;
  const data = records.slice(1).filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  if (data.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      error: `El archivo tiene ${data.length.toLocaleString("es-ES")} filas; el máximo es ${MAX_IMPORT_ROWS.toLocaleString("es-ES")}: divídelo en varios archivos.`,
    };
  }

  const rows: ImportRow[] = [];
  /** Identical rows seen so far (by their key without occurrence), and lines by key. */
  const occurrences = new Map<string, number>();
  const lineOfKey = new Map<string, number>();
  for (const { record, info } of data) {
    const raw: RawRow = {};
    for (const [column, index] of columns.at) raw[column] = record[index]?.trim() ?? "";
    const line = info.lines;
    const reading = readRow(raw, mapping, limits, separator);
    const shown = Object.fromEntries(
      Object.entries(raw).map(([column, value]) => [column, clip(value)]),
    );
    if (!reading.ok) {
      rows.push({ line, raw: shown, ok: false, reason: reading.reason, detail: reading.detail });
      continue;
    }
    const { conversion, date } = reading;
    const identical = importKey(conversion, date, 0);
    const occurrence = occurrences.get(identical) ?? 0;
    occurrences.set(identical, occurrence + 1);
    const dedupKey = importKey(conversion, date, occurrence);
    const repeatOf = lineOfKey.get(dedupKey) ?? null;
    if (repeatOf === null) lineOfKey.set(dedupKey, line);
    rows.push({ line, raw: shown, ok: true, conversion, date, dedupKey, repeatOf });
  }
  return { ok: true, rows, ignoredColumns: columns.ignored };
}

/** Which cell holds which column, from the header row. */
function columnsOf(
  header: string[],
  mapping: PostbackMapping,
): { ok: true; at: Map<ImportColumn, number>; ignored: string[] } | { ok: false; error: string } {
  const known = new Map<string, ImportColumn>();
  for (const column of COLUMNS) {
    for (const name of COLUMN_NAMES[column]) known.set(name, column);
  }
  for (const column of COLUMNS) {
    if (column !== "date") known.set(normalName(mapping.params[column]), column);
  }
  const at = new Map<ImportColumn, number>();
  const ignored: string[] = [];
  for (const [index, name] of header.entries()) {
    const column = known.get(normalName(name));
    if (!column) {
      if (name.trim()) ignored.push(clip(name.trim()));
      continue;
    }
    if (at.has(column)) {
      return {
        ok: false,
        error: `La columna «${COLUMN_LABELS[column]}» aparece dos veces en la cabecera.`,
      };
    }
    at.set(column, index);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !at.has(column));
  if (missing.length > 0) {
    const names = missing.map((column) => `«${COLUMN_LABELS[column]}» (${column})`).join(", ");
    return {
      ok: false,
      error: `${missing.length > 1 ? "Faltan en la cabecera las columnas" : "Falta en la cabecera la columna"} ${names}. La primera fila debe nombrar las columnas: click_id, event, amount, currency, date, txid.`,
    };
  }
  return { ok: true, at, ignored };
}

type RowReading =
  | { ok: true; conversion: ConversionInput; date: string }
  | { ok: false; reason: RejectionReason; detail: string | null };

/** One row, by the postbacks' rules and then its date. */
function readRow(
  raw: RawRow,
  mapping: PostbackMapping,
  limits: ImportLimits,
  separator: string,
): RowReading {
  const amount = raw.amount ?? "";
  const pairs: [string, string][] = [
    [mapping.params.click_id, raw.click_id ?? ""],
    [mapping.params.event, raw.event ?? ""],
    [mapping.params.amount, separator === ";" ? amount.replace(DECIMAL_COMMA, "$1.$2") : amount],
    [mapping.params.currency, raw.currency ?? ""],
    [mapping.params.txid, raw.txid ?? ""],
  ];
  const reading = readPostback(pairs, mapping);
  if (!reading.ok) return { ok: false, reason: reading.reason, detail: null };
  const date = raw.date ?? "";
  if (!isDay(date)) return { ok: false, reason: "bad_date", detail: null };
  if (date > limits.today) return { ok: false, reason: "bad_date", detail: "es posterior a hoy" };
  if (date < limits.oldestDay) {
    return {
      ok: false,
      reason: "bad_date",
      detail: `es anterior al ${limits.oldestDay}, el día más antiguo que se conserva`,
    };
  }
  return { ok: true, conversion: reading.conversion, date };
}

function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The instant a row's conversion is stored at: 12:00 of its date in the report time zone,
 * so its day (computed by the ledger in that zone) is the file's date; never later than
 * now (a row dated today, imported in the morning).
 */
export function importInstant(date: string, timeZone: string, now = Date.now()): number {
  const noonUtc = Date.parse(`${date}T12:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(noonUtc)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wallClock = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return Math.min(noonUtc - (wallClock - noonUtc), now);
}

export type ImportResult = Record<RecordOutcome | "rejected", number>;

/**
 * Rows handed to the ledger at a time: the ledger writes in arrival order, so a postback
 * that arrives during a large import waits for one slice, not for the whole file.
 */
const IMPORT_SLICE = 500;

/**
 * Imports the rows: every valid row is recorded with its key and its date's instant (a
 * repeated one comes back "duplicate"), every invalid one is written to the postback log as
 * rejected, with its reason (origin "import"; the first LOGGED_IMPORT_REJECTIONS of each
 * import), each time it is imported. Throws when
 * the database fails; what was written stays, and importing the file again completes it.
 */
export async function importRows(
  ledger: ConversionLedger,
  rows: ImportRow[],
  timeZone: string,
  now = Date.now(),
): Promise<ImportResult> {
  const result: ImportResult = { accepted: 0, orphan: 0, duplicate: 0, rejected: 0 };
  let logged = 0;
  for (const slice of chunked(rows, IMPORT_SLICE)) {
    const recorded: Promise<RecordOutcome>[] = [];
    for (const row of slice) {
      if (row.ok) {
        recorded.push(
          ledger.record(row.conversion, {
            origin: "import",
            at: importInstant(row.date, timeZone, now),
            dedupKey: row.dedupKey,
          }),
        );
      } else {
        // In the postback log as rejected, with its reason, beside the programs' refused calls.
        if (logged++ < LOGGED_IMPORT_REJECTIONS) {
          ledger.logRejection(row.reason, "import", {
            event: row.raw.event,
            clickId: row.raw.click_id,
            txid: row.raw.txid,
          });
        }
        result.rejected += 1;
      }
    }
    const settled = await Promise.allSettled(recorded);
    const failure = settled.find((outcome) => outcome.status === "rejected");
    if (failure) throw failure.reason;
    for (const outcome of settled) {
      if (outcome.status === "fulfilled") result[outcome.value] += 1;
    }
  }
  await ledger.flush();
  return result;
}
