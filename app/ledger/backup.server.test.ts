import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { testClick } from "../../tests/click-record";
import { holdsSaltOf, tablesHoldingSaltOf } from "../../tests/salt-search";

import { BackupRefused, backupLedger, defaultDestination, ledgerFile } from "./backup.server";
import { VisitorKeys } from "~/clicks/click-record.server";
import { openLedgerDatabase } from "./database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { VisitorSalts } from "./visitor-salts.server";

/**
 * The server's writes, from another connection on another thread (better-sqlite3 is
 * synchronous: a writer on the test's thread would stop while the backup runs): one click
 * per transaction, as fast as it can, until told to stop; it reports how many it committed.
 */
const WRITER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.pragma("busy_timeout = 5000");
const insert = db.prepare(
  "insert into clicks (at, day, link_id, destination, page, device, browser, is_bot, visitor) " +
  "values (?, '2026-11-25', 'home-cta', 'https://example.com/', '/', 'mobile', 'Chrome', 0, 'v')",
);
let stop = false;
let committed = 0;
parentPort.on("message", () => { stop = true; });
function burst() {
  for (let i = 0; i < 200 && !stop; i++) { insert.run(Date.now()); committed++; }
  parentPort.postMessage({ committed, done: stop });
  if (stop) { db.close(); return; }
  setImmediate(burst);
}
burst();
`;

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "ledger-backup-"));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe("backupLedger", () => {
  it("copies, under a steady writer, every click committed before it started, intact", async () => {
    const file = path.join(directory, "clicks.sqlite");
    await (await openLedgerDatabase(`sqlite:${file}`)).close();
    const writer = new Worker(WRITER, {
      eval: true,
      workerData: { file, sqlite: createRequire(import.meta.url).resolve("better-sqlite3") },
    });
    let committed = 0;
    const stopped = new Promise<void>((resolve, reject) => {
      writer.on("message", (message: { committed: number; done: boolean }) => {
        committed = message.committed;
        if (message.done) resolve();
      });
      writer.once("error", reject);
    });
    try {
      // Enough pages that the copy is not a single read, with the writer going all along.
      while (committed < 5_000) await new Promise((resolve) => setImmediate(resolve));
      const ledger = new SQLite(file, { readonly: true });
      const before = ledger
        .prepare("select count(*) as count, max(id) as max from clicks")
        .get() as {
        count: number;
        max: number;
      };
      ledger.close();
      const destination = path.join(directory, "backups", "copy.sqlite");

      const summary = await backupLedger(file, destination);
      const source = new SQLite(file, { readonly: true });
      const after = source.prepare("select count(*) from clicks").pluck().get() as number;
      source.close();

      expect(summary.integrity).toBe("ok");
      const copy = new SQLite(destination, { readonly: true });
      const held = copy
        .prepare(
          "select count(*) as count, min(id) as min, max(id) as max, sum(id <= ?) as before from clicks",
        )
        .get(before.max) as { count: number; min: number; max: number; before: number };
      const integrity = copy.pragma("integrity_check", { simple: true });
      copy.close();
      expect(integrity).toBe("ok");
      // Every click committed before the backup is there, and only whole ids 1..max: no
      // gap, no half-written batch.
      expect(held.before).toBe(before.count);
      expect(held.min).toBe(1);
      expect(held.count).toBe(held.max);
      expect(held.max).toBeGreaterThanOrEqual(before.max);
      expect(summary.rows.clicks).toBe(held.count);
      // The writer really was writing around the backup.
      expect(after).toBeGreaterThan(before.count);
    } finally {
      writer.postMessage("stop");
      await stopped;
      await writer.terminate();
    }
    const source = new SQLite(file, { readonly: true });
    expect(source.prepare("select count(*) from clicks").pluck().get()).toBe(committed);
    source.close();
  }, 60_000);

  it("holds no visitor salt: no table, no byte of the copy gives back a visitor's key", async () => {
    const file = path.join(directory, "clicks.sqlite");
    const database = await openLedgerDatabase(`sqlite:${file}`);
    const ledger = new ClickLedger(database);
    const keys = new VisitorKeys();
    // The server's salts of today and tomorrow, as made at start (server/index.ts).
    await new VisitorSalts(database, keys, "Europe/Madrid").refresh(Date.UTC(2026, 10, 25, 11));
    const visitors = ["2026-11-25", "2026-11-26"].map((day) => {
      const [ip, agent] = ["198.51.100.23", "Mozilla/5.0 (Android 14; Mobile) Firefox/133.0"];
      return { ip, agent, day, key: keys.key(ip, agent, day) };
    });
    try {
      for (const { day, key } of visitors) ledger.record(testClick({ day, visitor: key }));
      await ledger.flush();
      const destination = path.join(directory, "backups", "copy.sqlite");

      const summary = await backupLedger(file, destination);

      expect(summary.rows.clicks).toBe(2);
      for (const visitor of visitors) {
        expect(tablesHoldingSaltOf(destination, visitor)).toEqual([]);
        expect(holdsSaltOf(readFileSync(destination), visitor)).toBe(false);
      }
    } finally {
      await ledger.close();
    }
  });

  it("never overwrites a file and refuses a ledger that is not there", async () => {
    const file = path.join(directory, "clicks.sqlite");
    await expect(backupLedger(file, path.join(directory, "copy.sqlite"))).rejects.toThrow(
      BackupRefused,
    );
    await (await openLedgerDatabase(`sqlite:${file}`)).close();
    const taken = path.join(directory, "taken.sqlite");
    writeFileSync(taken, "someone's file");
    await expect(backupLedger(file, taken)).rejects.toThrow(/never overwrites/);
  });
});

describe("ledgerFile", () => {
  it("reads DATABASE_URL as the server does and refuses PostgreSQL, pointing to pg_dump", () => {
    expect(ledgerFile(undefined)).toBe("data/clicks.sqlite");
    expect(ledgerFile("sqlite:/srv/ledger.sqlite")).toBe("/srv/ledger.sqlite");
    expect(() => ledgerFile("postgres://app@db:5432/ledger")).toThrow(/pg_dump/);
  });

  it("names a default backup after the UTC time, beside the ledger", () => {
    expect(defaultDestination("data/clicks.sqlite", new Date("2026-11-25T10:30:05.123Z"))).toBe(
      path.join("data", "backups", "clicks-2026-11-25T10-30-05Z.sqlite"),
    );
  });
});
