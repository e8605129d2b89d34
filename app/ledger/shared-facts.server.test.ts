/** Batch tokens: a token is claimed once, so a retried batch is recognised as written. */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";

import { openLedgerDatabase } from "./database.server";
import { claimBatch } from "./shared-facts.server";

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "shared_facts")],
])("claimBatch on %s", (_name, url) => {
  it("claims a token in the first transaction that commits it, and in no later one", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      const claim = () => database.db.transaction().execute((trx) => claimBatch(trx, "t-1"));
      expect(await claim()).toBe(true);
      expect(await claim()).toBe(false);
      // A transaction that rolled back claimed nothing: its retry claims the token.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await claimBatch(trx, "t-2");
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back");
      expect(await database.db.transaction().execute((trx) => claimBatch(trx, "t-2"))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
