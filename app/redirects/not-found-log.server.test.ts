/**
 * The record of paths that answered 404, on both databases: counts per day and path, the
 * most asked-for first over 30 days; a flood of random paths grows nothing past the bound;
 * old days are forgotten; a page's old paths are kept by revision (ContentStore.pastPaths).
 */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase } from "~/ledger/database.server";
import { ContentStore } from "~/studio/content-store.server";

import { NotFoundLog, NOT_FOUND_DAYS } from "./not-found-log.server";

const DAY = 86_400_000;

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "not_found_log")],
])("the 404 record on %s", (_name, url) => {
  async function withDatabase(
    run: (database: Awaited<ReturnType<typeof openLedgerDatabase>>) => Promise<void>,
  ) {
    const database = await openLedgerDatabase(await url());
    try {
      await run(database);
    } finally {
      await database.close();
    }
  }

  it("counts each path per day and lists the most asked-for over the window", async () => {
    await withDatabase(async ({ db, dialect }) => {
      let now = Date.UTC(2026, 10, 1, 12);
      const log = new NotFoundLog(db, dialect, { now: () => now, flushMs: 60_000 });
      for (let index = 0; index < 5; index += 1) log.record("/bonos-verano");
      log.record("/Promo.html");
      await log.flush();
      now += DAY;
      log.record("/bonos-verano");
      log.record("/" + "x".repeat(300));
      await log.stop();
      const { paths, full } = await log.top();
      expect(full).toBe(false);
      expect(paths).toEqual([
        { path: "/bonos-verano", hits: 6, days: 2 },
        { path: "/Promo.html", hits: 1, days: 1 },
        { path: "/" + "x".repeat(199), hits: 1, days: 1 },
      ]);
      // Days past the window are forgotten at the next write.
      now += NOT_FOUND_DAYS * DAY;
      log.record("/nueva");
      await log.stop();
      expect((await log.top()).paths).toEqual([{ path: "/nueva", hits: 1, days: 1 }]);
    });
  });

  it("keeps a flood of 100,000 random paths within its bound; paths already known still count", async () => {
    await withDatabase(async ({ db, dialect }) => {
      const now = Date.UTC(2026, 10, 2, 12);
      const perDay = 300;
      const log = new NotFoundLog(db, dialect, { now: () => now, flushMs: 60_000, perDay });
      log.record("/conocida");
      await log.flush();
      for (let index = 0; index < 100_000; index += 1) {
        log.record(`/${Math.random().toString(36).slice(2)}`);
        if (index % 1_000 === 0) log.record("/conocida");
        if (index % 10_000 === 0) await log.flush();
      }
      await log.stop();
      const rows = await db.selectFrom("not_found_paths").selectAll().execute();
      expect(rows.length).toBe(perDay);
      expect(Number(rows.find((row) => row.path === "/conocida")?.hits)).toBeGreaterThan(1);
      expect((await log.top(5)).full).toBe(true);
    });
  });

  it("keeps every path a page was published at (ContentStore.pastPaths)", async () => {
    await withDatabase(async ({ db, dialect }) => {
      const store = new ContentStore(db, dialect);
      await store.publish([{ document: "pages/bonos", data: { slug: "/bonos" } }], "ana", "");
      await store.publish([{ document: "pages/bonos", data: { slug: "/ofertas" } }], "ana", "");
      await store.publish([{ document: "site", data: { brand_name: "B" } }], "ana", "");
      const past = await store.pastPaths();
      expect(past.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
        { path: "/bonos", document: "pages/bonos" },
        { path: "/ofertas", document: "pages/bonos" },
      ]);
    });
  });
});
