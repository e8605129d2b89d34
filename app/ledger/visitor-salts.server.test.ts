/**
 * The visitor key's daily salts: shared by the instances of one PostgreSQL ledger, in memory
 * only on SQLite, never in the file the keys are in, and destroyed when their day ends.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";

import { testClick } from "../../tests/click-record";
import { ownPostgresDatabase } from "../../tests/own-database";
import { binary } from "../../tests/postgres-cluster";
import { holdsSaltOf, saltsIn, tablesHoldingSaltOf } from "../../tests/salt-search";

import { VisitorKeys } from "~/clicks/click-record.server";
import { openLedgerDatabase, type LedgerDatabase } from "./database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { dayAfter, VisitorSalts } from "./visitor-salts.server";

const ZONE = "Europe/Madrid";
const NOON = Date.UTC(2026, 10, 25, 11);
const DAY = 24 * 60 * 60 * 1000;
const ip = "203.0.113.7";
const agent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0";

const directory = mkdtempSync(path.join(tmpdir(), "salts-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("dayAfter", () => {
  it("counts calendar days across months, years and a DST change", () => {
    expect(dayAfter("2026-10-24")).toBe("2026-10-25");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
    expect(dayAfter("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("shared visitor salts on PostgreSQL", () => {
  /** Two "instances": each its own connection, keys and salts. */
  async function twoInstances(logged: string[] = []) {
    const target = await ownPostgresDatabase(inject("databaseUrl"), "visitor_salts");
    const instances: { database: LedgerDatabase; keys: VisitorKeys; salts: VisitorSalts }[] = [];
    for (let index = 0; index < 2; index++) {
      const database = await openLedgerDatabase(target);
      const keys = new VisitorKeys();
      const salts = new VisitorSalts(database, keys, ZONE, (line) => logged.push(line));
      instances.push({ database, keys, salts });
    }
    return {
      target,
      instances,
      close: () => Promise.all(instances.map(({ database }) => database.close())),
    };
  }

  it("gives a visitor the same key on every instance, today and tomorrow", async () => {
    const { instances, close } = await twoInstances();
    try {
      await Promise.all(instances.map(({ salts }) => salts.refresh(NOON)));
      const [first, second] = instances.map(({ keys }) => keys);
      for (const day of ["2026-11-25", "2026-11-26"]) {
        expect(first!.isShared(day)).toBe(true);
        expect(first!.key(ip, agent, day)).toBe(second!.key(ip, agent, day));
      }
      expect(first!.key(ip, agent, "2026-11-25")).not.toBe(first!.key(ip, agent, "2026-11-26"));
    } finally {
      await close();
    }
  });

  it("destroys a day's salt once the day is over: the table's file is replaced", async () => {
    const logged: string[] = [];
    const { instances, close } = await twoInstances(logged);
    try {
      const [{ database, keys, salts }, other] = instances as [
        (typeof instances)[0],
        (typeof instances)[0],
      ];
      await salts.refresh(NOON);
      const yesterdays = keys.key(ip, agent, "2026-11-25");
      const file = () =>
        sql<{ file: string }>`select pg_relation_filenode('live_salts')::text as file`
          .execute(database.db)
          .then(({ rows }) => rows[0]!.file);
      const before = await file();

      await salts.refresh(NOON + DAY);
      const days = await database.db.selectFrom("live_salts").select("day").execute();
      expect(days.map(({ day }) => day).sort()).toEqual(["2026-11-26", "2026-11-27"]);
      // Truncated, not deleted: no dead row with the salt is left in a file.
      expect(await file()).not.toBe(before);
      // Gone from memory too: asked for that day, the keys would need a new salt.
      expect(keys.isShared("2026-11-25")).toBe(false);
      expect(keys.key(ip, agent, "2026-11-25")).not.toBe(yesterdays);
      expect(logged).toEqual([expect.stringContaining("no shared salt for 2026-11-25")]);
      // The day that goes on keeps its salt on every instance.
      await other.salts.refresh(NOON + DAY);
      expect(other.keys.key(ip, agent, "2026-11-26")).toBe(keys.key(ip, agent, "2026-11-26"));
    } finally {
      await close();
    }
  });

  it("are left out of a pg_dump taken as the docs say, and only then", async () => {
    const { target, instances, close } = await twoInstances();
    try {
      const { keys, salts } = instances[0]!;
      await salts.refresh(NOON);
      const visitors = ["2026-11-25", "2026-11-26"].map((day) => ({
        ip,
        agent,
        day,
        key: keys.key(ip, agent, day),
      }));
      const dump = (...flags: string[]) =>
        execFileSync(binary("pg_dump"), [...flags, "--dbname", target], {
          maxBuffer: 64 * 1024 * 1024,
        });
      // docs/clicks.md#backups and deploy/README.md
      expect(saltsIn(dump("--no-unlogged-table-data"), visitors)).toEqual([]);
      expect(saltsIn(dump(), visitors)).toEqual(visitors);
    } finally {
      await close();
    }
  }, 30_000);

  it("uses a process-local salt for a day not loaded yet, says so, then the shared one", async () => {
    const logged: string[] = [];
    const { instances, close } = await twoInstances(logged);
    try {
      const { keys, salts } = instances[0]!;
      const local = keys.key(ip, agent, "2026-11-25");
      expect(keys.isShared("2026-11-25")).toBe(false);
      expect(logged).toEqual([expect.stringContaining("no shared salt for 2026-11-25")]);
      await salts.refresh(NOON);
      expect(keys.isShared("2026-11-25")).toBe(true);
      expect(keys.key(ip, agent, "2026-11-25")).not.toBe(local);
    } finally {
      await close();
    }
  });
});

describe("the search for a salt in stored bytes", () => {
  it("finds one stored raw, as base64url, base64 or hex, amid other bytes", () => {
    const keys = new VisitorKeys();
    const salt = Buffer.alloc(32, 7);
    keys.use("2026-11-25", salt);
    const visitor = { ip, agent, day: "2026-11-25", key: keys.key(ip, agent, "2026-11-25") };
    const amid = (stored: Buffer | string) =>
      Buffer.concat([Buffer.from("page /ofertas\u0000"), Buffer.from(stored), Buffer.alloc(9)]);
    expect(holdsSaltOf(amid(salt), visitor)).toBe(true);
    for (const encoding of ["base64url", "base64", "hex"] as const) {
      expect(holdsSaltOf(amid(salt.toString(encoding)), visitor)).toBe(true);
    }
    expect(holdsSaltOf(amid(Buffer.alloc(32, 8)), visitor)).toBe(false);
  });
});

describe("visitor salts on SQLite", () => {
  it("are kept in memory only: the live file holds no salt, in any table or any byte", async () => {
    const file = path.join(directory, "live.sqlite");
    const database = await openLedgerDatabase(`sqlite:${file}`);
    const ledger = new ClickLedger(database);
    const keys = new VisitorKeys();
    const day = "2026-11-25";
    try {
      await new VisitorSalts(database, keys, ZONE).refresh(NOON);
      const key = keys.key(ip, agent, day);
      ledger.record(testClick({ day, visitor: key }));
      await ledger.flush();
      const visitor = { ip, agent, day, key };
      expect(tablesHoldingSaltOf(file, visitor)).toEqual([]);
      for (const part of [file, `${file}-wal`]) {
        if (existsSync(part)) expect(holdsSaltOf(readFileSync(part), visitor)).toBe(false);
      }
    } finally {
      await ledger.close();
    }
  });

  it("keep the salt a key was made with before the first refresh, and say nothing", async () => {
    const database = await openLedgerDatabase(":memory:");
    try {
      const keys = new VisitorKeys();
      const logged: string[] = [];
      const salts = new VisitorSalts(database, keys, ZONE, (line) => logged.push(line));
      const first = keys.key(ip, agent, "2026-11-25");
      await salts.refresh(NOON);
      expect(keys.isShared("2026-11-25")).toBe(true);
      expect(keys.key(ip, agent, "2026-11-25")).toBe(first);
      expect(logged).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("forget yesterday's salt at the first refresh of a new day, and make tomorrow's ahead", async () => {
    const database = await openLedgerDatabase(":memory:");
    try {
      const keys = new VisitorKeys();
      const salts = new VisitorSalts(database, keys, ZONE);
      await salts.refresh(NOON);
      const tomorrows = keys.key(ip, agent, "2026-11-26");
      await salts.refresh(NOON + DAY);
      expect(keys.isShared("2026-11-25")).toBe(false);
      expect(keys.key(ip, agent, "2026-11-26")).toBe(tomorrows);
      expect(keys.isShared("2026-11-27")).toBe(true);
    } finally {
      await database.close();
    }
  });
});
