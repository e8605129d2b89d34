/**
 * Retention on a PostgreSQL ledger shared by two instances: of two instances applying it
 * at once, exactly one prunes; a day later one prunes again.
 */
import { describe, expect, inject, it } from "vitest";

import { openLedgerDatabase } from "~/ledger/database.server";
import { ClickLedger } from "~/clicks/ledger.server";
import { ConversionLedger } from "~/conversions/ledger.server";
import { ViewLedger } from "~/views/ledger.server";

import { ownPostgresDatabase } from "../tests/own-database";

import { applyRetention } from "./retention";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 25, 12);

/** One instance's ledgers on the database at `url`. */
async function instance(url: string) {
  const database = await openLedgerDatabase(url);
  const clicks = new ClickLedger(database, { flushIntervalMs: 0 });
  const conversions = new ConversionLedger(database, clicks, { timeZone: "Europe/Madrid" });
  const views = new ViewLedger(database, { flushIntervalMs: 0 });
  return {
    ledgers: { clicks, conversions, views, dialect: database.dialect },
    close: async () => {
      await Promise.all([conversions.close(), views.close()]);
      await clicks.close();
    },
  };
}

describe("retention on PostgreSQL shared by two instances", () => {
  it("runs on one instance only, and again on one a day later", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "retention");
    const instances = [await instance(url), await instance(url)];
    try {
      const quiet = () => undefined;
      const first = await Promise.all(
        instances.map(({ ledgers }) => applyRetention(ledgers, 30, quiet, NOW)),
      );
      expect(first.filter(Boolean)).toHaveLength(1);
      // An hour later (the hourly ask) neither runs; a day later one does.
      const hourLater = await Promise.all(
        instances.map(({ ledgers }) => applyRetention(ledgers, 30, quiet, NOW + DAY_MS / 24)),
      );
      expect(hourLater.filter(Boolean)).toHaveLength(0);
      const dayLater = await Promise.all(
        instances.map(({ ledgers }) => applyRetention(ledgers, 30, quiet, NOW + DAY_MS)),
      );
      expect(dayLater.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map(({ close }) => close()));
    }
  });
});
