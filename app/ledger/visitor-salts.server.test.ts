/** The visitor key's shared daily salts: one key per visitor and day across instances. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";

import { VisitorKeys } from "~/clicks/click-record.server";
import { openLedgerDatabase, type LedgerDatabase } from "./database.server";
import { dayAfter, VisitorSalts } from "./visitor-salts.server";

const ZONE = "Europe/Madrid";
const NOON = Date.UTC(2026, 10, 25, 11);
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

describe.each([
  ["SQLite", async () => `sqlite:${path.join(directory, "ledger.sqlite")}`],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "visitor_salts")],
])("shared visitor salts on %s", (_name, url) => {
  /** Two "instances": each its own connection, keys and salts. */
  async function twoInstances() {
    const target = await url();
    const instances: { database: LedgerDatabase; keys: VisitorKeys; salts: VisitorSalts }[] = [];
    for (let index = 0; index < 2; index++) {
      const database = await openLedgerDatabase(target);
      const keys = new VisitorKeys();
      instances.push({ database, keys, salts: new VisitorSalts(database.db, keys, ZONE) });
    }
    return {
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

  it("deletes a salt two days after its day", async () => {
    const { instances, close } = await twoInstances();
    try {
      const { database, salts } = instances[0]!;
      await salts.refresh(NOON);
      await salts.refresh(NOON + 2 * 24 * 60 * 60 * 1000);
      const days = await database.db.selectFrom("visitor_salts").select("day").execute();
      expect(days.map(({ day }) => day).sort()).toEqual(["2026-11-26", "2026-11-27", "2026-11-28"]);
    } finally {
      await close();
    }
  });
});

describe("a day whose shared salt has not loaded", () => {
  it("uses a process-local salt, says so, and switches to the shared one when it loads", async () => {
    const database = await openLedgerDatabase(":memory:");
    try {
      const keys = new VisitorKeys();
      const logged: string[] = [];
      const salts = new VisitorSalts(database.db, keys, ZONE, (line) => logged.push(line));
      const local = keys.key(ip, agent, "2026-11-25");
      expect(keys.isShared("2026-11-25")).toBe(false);
      expect(logged).toEqual([expect.stringContaining("no shared salt for 2026-11-25")]);
      await salts.refresh(NOON);
      expect(keys.isShared("2026-11-25")).toBe(true);
      expect(keys.key(ip, agent, "2026-11-25")).not.toBe(local);
    } finally {
      await database.close();
    }
  });
});
