/**
 * The CSV import: reading files as spreadsheets write them (separators, BOM, Spanish
 * headers, decimal commas), each invalid row's reason, duplicates within a file and the
 * occurrence keys, the day a row lands on, and, on a real SQLite ledger, the preview that
 * writes nothing and an import that, done twice, adds nothing the second time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { testClick } from "../../tests/click-record";

import { STATUS_TEXTS } from "~/components/admin/import-preview";
import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import type { ClickRecord } from "~/ledger/schema";

import {
  importInstant,
  importRows,
  LOGGED_IMPORT_REJECTIONS,
  MAX_IMPORT_ROWS,
  readImportCsv,
  type ImportFile,
  type ImportRow,
} from "./csv-import.server";
import { previewGroups, previewImport } from "./import-preview.server";
import { ConversionLedger } from "./ledger.server";
import type { PostbackMapping } from "./postback-input";
import { dayIn } from "~/reports/reporting-day";

const mapping: PostbackMapping = {
  params: {
    click_id: "click_id",
    event: "event",
    amount: "amount",
    currency: "currency",
    txid: "txid",
  },
  events: { first_deposit: "ftd", cpa: "commission" },
};
const limits = { today: "2026-11-25", oldestDay: "2025-10-22" };

function rowsOf(file: ImportFile): ImportRow[] {
  if (!file.ok) throw new Error(file.error);
  return file.rows;
}
const read = (text: string, map = mapping) => rowsOf(readImportCsv(text, map, limits));
const errorOf = (text: string) => {
  const file = readImportCsv(text, mapping, limits);
  return file.ok ? null : file.error;
};
const reasons = (rows: ImportRow[]) => rows.map((row) => (row.ok ? "ok" : row.reason));

describe("readImportCsv", () => {
  it("reads a comma-separated file with the English headers", () => {
    const [row] = read(
      "click_id,event,amount,currency,date,txid\nclk0000000000001,deposit,50.00,EUR,2026-11-03,dep-1\n",
    );
    expect(row).toMatchObject({
      ok: true,
      line: 2,
      date: "2026-11-03",
      conversion: {
        clickId: "clk0000000000001",
        event: "deposit",
        amountCents: 5000,
        currency: "EUR",
        txid: "dep-1",
      },
      dedupKey: "tx:deposit:dep-1",
      repeatOf: null,
    });
  });

  it("reads a spreadsheet's Spanish export: BOM, ';', CRLF, Spanish headers in any order, decimal comma", () => {
    const text =
      "\uFEFFFecha;Evento;Id de clic;Importe;Moneda;Transacción;Notas\r\n" +
      "2026-11-20;commission;clk0000000000001;12,50;eur;;revenue share\r\n" +
      ";;;;;;\r\n" +
      "2026-11-02;first_deposit;clk0000000000002;1234;EUR;t-9;\r\n";
    const file = readImportCsv(text, mapping, limits);
    expect(file).toMatchObject({ ok: true, ignoredColumns: ["Notas"] });
    const rows = rowsOf(file);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      line: 2,
      conversion: { event: "commission", amountCents: 1250, currency: "EUR", txid: null },
    });
    expect(rows[1]).toMatchObject({ line: 4, conversion: { event: "ftd", amountCents: 123400 } });
  });

  it("understands the program's own parameter names from content as headers", () => {
    const named = { ...mapping, params: { ...mapping.params, click_id: "payload" } };
    const [row] = read("payload,event,date\nabc,registration,2026-11-01\n", named);
    expect(row).toMatchObject({ ok: true, conversion: { clickId: "abc", amountCents: 0 } });
  });

  it("keeps the decimal comma a ',' file cannot have: quoted, it is a bad amount", () => {
    const rows = read('click_id,event,amount,date\nabc,deposit,"12,50",2026-11-01\n');
    expect(reasons(rows)).toEqual(["bad_amount"]);
  });

  it("refuses each invalid row with the postbacks' reason, and a bad date with bad_date", () => {
    const rows = read(
      [
        "click_id,event,amount,currency,date,txid",
        ",ftd,10,EUR,2026-11-01,",
        "a b,ftd,10,EUR,2026-11-01,",
        "abc,,10,EUR,2026-11-01,",
        "abc,bonus,10,EUR,2026-11-01,",
        "abc,deposit,,EUR,2026-11-01,",
        "abc,deposit,1e3,EUR,2026-11-01,",
        "abc,deposit,-0,EUR,2026-11-01,",
        "abc,deposit,-5,EUR,2026-11-01,",
        "abc,deposit,5,EURO,2026-11-01,",
        "abc,deposit,5,EUR,2026-11-01,<script>",
        "abc,deposit,5,EUR,01/11/2026,",
        "abc,deposit,5,EUR,2026-02-30,",
        "abc,deposit,5,EUR,2026-11-26,",
        "abc,deposit,5,EUR,2025-10-21,",
        "abc,commission,-5,EUR,2025-10-22,",
      ].join("\n"),
    );
    expect(reasons(rows)).toEqual([
      "missing_click_id",
      "bad_click_id",
      "missing_event",
      "unknown_event",
      "missing_amount",
      "bad_amount",
      "bad_amount",
      "not_positive",
      "bad_currency",
      "bad_txid",
      "bad_date",
      "bad_date",
      "bad_date",
      "bad_date",
      "ok",
    ]);
    expect(rows.map((row) => row.line)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    expect(rows[12]).toMatchObject({ detail: "es posterior a hoy" });
    expect(rows[13]).toMatchObject({ detail: expect.stringContaining("2025-10-22") });
  });

  it("marks a row repeated in the file, and numbers identical rows without txid as occurrences", () => {
    const rows = read(
      [
        "click_id,event,amount,date,txid",
        "abc,registration,,2026-11-01,",
        "abc,registration,,2026-11-02,",
        "abc,deposit,20,2026-11-01,t1",
        "xyz,deposit,30,2026-11-03,t1",
        "abc,deposit,20,2026-11-01,",
        "abc,deposit,20,2026-11-01,",
        "abc,deposit,20,2026-11-02,",
      ].join("\n"),
    );
    const keys = rows.map((row) => (row.ok ? [row.dedupKey, row.repeatOf] : null));
    expect(keys).toEqual([
      ["once:registration:abc", null],
      ["once:registration:abc", 2],
      ["tx:deposit:t1", null],
      ["tx:deposit:t1", 4],
      ["csv:deposit:abc:2000:EUR:2026-11-01:0", null],
      ["csv:deposit:abc:2000:EUR:2026-11-01:1", null],
      ["csv:deposit:abc:2000:EUR:2026-11-02:0", null],
    ]);
  });

  it("says in Spanish why a whole file cannot be read", () => {
    expect(errorOf("")).toBe("El archivo está vacío.");
    expect(errorOf("\uFEFF \n")).toBe("El archivo está vacío.");
    expect(errorOf("click_id,amount\nabc,1\n")).toMatch(
      /^Faltan en la cabecera las columnas «evento» \(event\), «fecha» \(date\)\./,
    );
    expect(errorOf("click_id,event,date,Fecha\n")).toBe(
      "La columna «fecha» aparece dos veces en la cabecera.",
    );
    expect(errorOf('click_id,event,date\n"abc,ftd,2026-11-01\n')).toMatch(/comillas sin cerrar/);
    expect(
      errorOf(`click_id,event,date\n${"a,registration,2026-11-01\n".repeat(MAX_IMPORT_ROWS + 1)}`),
    ).toMatch(/^El archivo tiene 20\.001 filas; el máximo es 20\.000/);
    expect(errorOf(`click_id,event,date\n${"x".repeat(2 * 1024 * 1024)}`)).toMatch(/pasa de 2 MB/);
  });

  it("clips what it shows of a long cell", () => {
    const [row] = read(`click_id,event,date\n${"a".repeat(300)},ftd,2026-11-01\n`);
    expect(row!.raw.click_id).toHaveLength(81);
  });
});

describe("importInstant", () => {
  it.each(["Europe/Madrid", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"])(
    "lands on the file's date in %s",
    (zone) => {
      for (const date of ["2026-01-15", "2026-03-29", "2026-07-01", "2026-10-25"]) {
        expect(dayIn(zone, importInstant(date, zone, Date.parse("2027-01-01T00:00:00Z")))).toBe(
          date,
        );
      }
    },
  );

  it("is noon in the zone, and never later than now", () => {
    expect(importInstant("2026-07-01", "Europe/Madrid", Infinity)).toBe(
      Date.parse("2026-07-01T10:00:00Z"),
    );
    const morning = Date.parse("2026-07-01T06:00:00Z");
    expect(importInstant("2026-07-01", "Europe/Madrid", morning)).toBe(morning);
  });
});

describe("preview and import on a ledger", () => {
  const directory = mkdtempSync(path.join(tmpdir(), "csv-import-"));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  let database: LedgerDatabase;
  let clicks: ClickLedger;
  let ledger: ConversionLedger;
  let file = 0;
  beforeEach(async () => {
    database = await openLedgerDatabase(`sqlite:${path.join(directory, `l${file++}.sqlite`)}`);
    clicks = new ClickLedger(database, { flushIntervalMs: 0, log: () => {} });
    ledger = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid", log: () => {} });
  });
  afterEach(async () => {
    await ledger.close();
    await clicks.close();
  });

  const click = (clickId: string): ClickRecord =>
    testClick({
      at: Date.parse("2026-11-01T10:00:00Z"),
      day: "2026-11-01",
      link_id: "home-main-block-1-button-1",
      destination: "https://aff.example/r",
      utm_campaign: "verano",
      country: "ES",
      visitor: "v",
      click_id: clickId,
    });

  const FILE = [
    "click_id;event;amount;currency;date;txid",
    "known00000000001;registration;;;2026-11-02;",
    "known00000000001;ftd;50,00;EUR;2026-11-03;dep-1",
    "known00000000001;ftd;50,00;EUR;2026-11-03;dep-2",
    "unknown000000001;commission;12,50;EUR;2026-11-20;",
    "queued0000000001;deposit;20;EUR;2026-11-21;",
    "known00000000001;deposit;abc;EUR;2026-11-21;",
  ].join("\n");

  const count = async (table: "conversions" | "postback_log") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("previews every row without writing: new, orphan, duplicate (ledger or file), invalid", async () => {
    clicks.record(click("known00000000001"));
    await clicks.flush();
    clicks.record(click("queued0000000001")); // still queued: known all the same
    await ledger.record(
      {
        clickId: "known00000000001",
        event: "registration",
        amountCents: 0,
        currency: "EUR",
        txid: null,
      },
      { origin: "postback" },
    );
    const before = await count("postback_log");
    const preview = await previewImport(ledger, read(FILE));
    expect(preview.map((row) => [row.line, row.status])).toEqual([
      [2, "duplicate"],
      [3, "new"],
      [4, "duplicate"],
      [5, "orphan"],
      [6, "new"],
      [7, "invalid"],
    ]);
    expect(await count("conversions")).toBe(1);
    expect(await count("postback_log")).toBe(before);

    const groups = previewGroups(preview);
    expect(groups.map((group) => [group.status, group.count])).toEqual([
      ["new", 2],
      ["orphan", 1],
      ["duplicate", 2],
      ["invalid", 1],
    ]);
    const notes = groups.flatMap((group) =>
      group.rows.map((row) => [row.line, row.amount, row.note]),
    );
    expect(notes).toEqual([
      [3, "50,00", ""],
      [6, "20,00", ""],
      [5, "12,50", ""],
      [2, "", "ya está en el registro"],
      [4, "50,00", "repetida en el archivo (fila 3)"],
      [7, "abc", expect.stringMatching(/^importe no válido/)],
    ]);
  });

  it("imports on the file's dates with the click's attribution; the same file again adds nothing", async () => {
    clicks.record(click("known00000000001"));
    clicks.record(click("queued0000000001"));
    await clicks.flush();
    const rows = read(FILE);
    const now = Date.parse("2026-11-25T09:00:00Z");
    expect(await importRows(ledger, rows, "Europe/Madrid", now)).toEqual({
      accepted: 3,
      orphan: 1,
      duplicate: 1,
      rejected: 1,
    });
    const stored = await database.db
      .selectFrom("conversions")
      .select(["click_id", "event", "day", "origin", "orphan", "utm_campaign", "dedup_key"])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({
        event: "registration",
        day: "2026-11-02",
        origin: "import",
        utm_campaign: "verano",
      }),
      expect.objectContaining({
        event: "ftd",
        day: "2026-11-03",
        dedup_key: "once:ftd:known00000000001",
      }),
      expect.objectContaining({
        event: "commission",
        day: "2026-11-20",
        orphan: 1,
        utm_campaign: null,
      }),
      expect.objectContaining({ event: "deposit", day: "2026-11-21", orphan: 0 }),
    ]);
    // The invalid row is in the postback log, as the import screen says; valid rows are not.
    const imported = () =>
      database.db
        .selectFrom("postback_log")
        .select(["outcome", "reason", "click_id", "event", "txid"])
        .where("origin", "=", "import")
        .orderBy("id")
        .execute();
    const rejected = {
      outcome: "rejected",
      reason: "bad_amount",
      click_id: "known00000000001",
      event: "deposit",
      txid: null,
    };
    expect(await imported()).toEqual([rejected]);

    const again = await previewImport(ledger, read(FILE));
    expect(again.map((row) => row.status)).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
      "invalid",
    ]);
    expect(await importRows(ledger, read(FILE), "Europe/Madrid", now)).toEqual({
      accepted: 0,
      orphan: 0,
      duplicate: 5,
      rejected: 1,
    });
    expect(await count("conversions")).toBe(4);
    // Each import that meets it logs it again.
    expect(await imported()).toEqual([rejected, rejected]);
  });

  it("logs the first invalid rows of a large import, as the preview says, not thousands", async () => {
    const bad = Array.from(
      { length: LOGGED_IMPORT_REJECTIONS + 50 },
      (_, index) => `known${String(index).padStart(11, "0")};deposit;abc;EUR;2026-11-21;`,
    );
    const rows = read(["click_id;event;amount;currency;date;txid", ...bad].join("\n"));
    expect((await importRows(ledger, rows, "Europe/Madrid")).rejected).toBe(bad.length);
    expect(await count("postback_log")).toBe(LOGGED_IMPORT_REJECTIONS);
    expect(STATUS_TEXTS.invalid.hint).toContain(
      `registro de postbacks (las ${LOGGED_IMPORT_REJECTIONS} primeras de cada importación)`,
    );
  });

  it("lets a postback that arrives during a large import in after one slice, not after the file", async () => {
    const lines = Array.from(
      { length: 1_500 },
      (_, n) => `bulk${n};commission;1,00;EUR;2026-11-20;`,
    );
    const rows = read(["click_id;event;amount;currency;date;txid", ...lines].join("\n"));
    const importing = importRows(ledger, rows, "Europe/Madrid");
    const postback = ledger.record(
      { clickId: "live", event: "deposit", amountCents: 100, currency: "EUR", txid: "live-1" },
      { origin: "postback" },
    );
    await expect(postback).resolves.toBe("orphan");
    await expect(importing).resolves.toMatchObject({ orphan: 1_500 });
    const order = await database.db
      .selectFrom("conversions")
      .select(["id", "origin"])
      .orderBy("id")
      .execute();
    expect(order.findIndex((row) => row.origin === "postback")).toBe(500);
  });
});
