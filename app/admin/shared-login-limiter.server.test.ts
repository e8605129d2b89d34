/**
 * The login limit shared through PostgreSQL: two limiters on two connections, as two
 * instances have, spend one budget per client; the address itself is never stored. When
 * that database does not answer, the login form falls back to the process's own limit.
 */
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { describe, expect, inject, it, vi } from "vitest";

import { openLedgerDatabase } from "~/ledger/database.server";
import type { ClickLedger } from "~/clicks/ledger.server";
import type { Database } from "~/ledger/schema";

import { ownPostgresDatabase } from "../../tests/own-database";

import { answerSessionForm } from "./session-form.server";
import { SharedLoginLimiter } from "./shared-login-limiter.server";
import { memoryPeople } from "../../tests/people";

const ZONE = "Europe/Madrid";
const START = Date.UTC(2026, 10, 25, 11, 0, 0);

describe("the shared login limiter on PostgreSQL", () => {
  it("counts a client's failures on every instance against one budget, by a salted hash", async () => {
    const url = await ownPostgresDatabase(inject("databaseUrl"), "login_limit");
    const databases = [await openLedgerDatabase(url), await openLedgerDatabase(url)];
    try {
      const [first, second] = databases.map(
        (database) => new SharedLoginLimiter(database, ZONE, 5),
      );
      for (let attempt = 0; attempt < 5; attempt++) {
        const limiter = attempt % 2 === 0 ? first! : second!;
        expect(await limiter.retryAfter("198.51.100.7", START + attempt * 1000)).toBe(0);
        await limiter.fail("198.51.100.7", START + attempt * 1000);
      }
      // Both instances refuse it until the window ends; another client may try.
      expect(await first!.retryAfter("198.51.100.7", START + 5000)).toBe(55);
      expect(await second!.retryAfter("198.51.100.7", START + 5000)).toBe(55);
      expect(await second!.retryAfter("198.51.100.8", START + 5000)).toBe(0);
      expect(await second!.retryAfter("198.51.100.7", START + 60_000)).toBe(0);

      const stored = await databases[0]!.db.selectFrom("login_failures").selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain("198.51.100");

      // A login on one instance clears the client's failures for all.
      await first!.fail("198.51.100.9", START);
      await second!.succeed("198.51.100.9", START + 1);
      const left = await databases[0]!.db.selectFrom("login_failures").selectAll().execute();
      expect(left).toHaveLength(1);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});

describe("the login form while the shared limit's database does not answer", () => {
  it("still limits with the process's own count, and says the shared one is unavailable", async () => {
    // Nothing listens on port 9: every query is refused at once.
    const unreachable = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:9/none" }),
      }),
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const context = {
        clicks: { db: unreachable, dialect: "postgres" } as unknown as ClickLedger,
        clientAddress: "203.0.113.99",
        people: await memoryPeople(),
      };
      const attempt = () => {
        const form = new FormData();
        form.set("intent", "login");
        form.set("password", "not-the-password");
        return answerSessionForm(
          form,
          new Request("https://site.example/admin"),
          context,
          "/admin",
        );
      };
      for (let tries = 0; tries < 5; tries++) expect((await attempt())!.status).toBe(401);
      expect((await attempt())!.status).toBe(429);
      expect(logged).toHaveBeenCalledWith(
        expect.stringContaining("[admin] shared login limit unavailable"),
      );
    } finally {
      logged.mockRestore();
      await unreachable.destroy();
    }
  });
});
