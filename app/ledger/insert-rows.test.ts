/** Batch inserts compiled once per shape: every row lands, upserts add and append, on both databases. */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";

import { openLedgerDatabase } from "./database.server";
import { insertRows } from "./insert-rows";

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "insert_rows")],
])("insertRows on %s", (_name, url) => {
  it("writes a batch of any size whole, in statements of a power of two rows", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      // 700 = 512 + 128 + 32 + 16 + 8 + 4: six statements, each of a shape compiled once.
      const rows = Array.from({ length: 700 }, (_, index) => ({
        day: "2026-12-01",
        visitor: `v${String(index).padStart(4, "0")}`,
      }));
      await insertRows(database.db, database.dialect, "visitor_daily", rows);
      await insertRows(database.db, database.dialect, "visitor_daily", [
        { day: "2026-12-02", visitor: "again" },
      ]);
      const stored = await database.db
        .selectFrom("visitor_daily")
        .select(["day", "visitor"])
        .orderBy("day")
        .orderBy("visitor")
        .execute();
      expect(stored).toEqual([...rows, { day: "2026-12-02", visitor: "again" }]);
    } finally {
      await database.close();
    }
  });

  it("upserts: adds the counts and appends the text of a key already there, returns the new rows", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      const key = ["day", "page", "utm_source", "utm_campaign", "referrer", "country", "device"];
      const row = (page: string, views: number, visitors: string) => ({
        day: "2026-12-01",
        page,
        utm_source: "",
        utm_campaign: "",
        referrer: "",
        country: "ES",
        device: "mobile",
        views,
        visitors,
        sampled: "",
      });
      const upsert = (rows: ReturnType<typeof row>[]) =>
        insertRows(database.db, database.dialect, "view_combination_daily", rows, {
          columns: key,
          add: ["views"],
          append: ["visitors"],
        });
      await upsert([row("/", 2, "AAAAAA"), row("/bonos", 1, "BBBBBB")]);
      await upsert([row("/", 3, "CCCCCC")]);
      const stored = await database.db
        .selectFrom("view_combination_daily")
        .select(["page", "views", "visitors"])
        .orderBy("page")
        .execute();
      expect(stored.map((stored) => ({ ...stored, views: Number(stored.views) }))).toEqual([
        { page: "/", views: 5, visitors: "AAAAAACCCCCC" },
        { page: "/bonos", views: 1, visitors: "BBBBBB" },
      ]);

      // Nothing done on a key already there: only the rows inserted come back.
      const keys = { columns: ["day", "page", "visitor"], returning: ["day", "page"] };
      const first = await insertRows(
        database.db,
        database.dialect,
        "view_visitor_daily",
        [
          { day: "2026-12-01", page: "/", visitor: "k1" },
          { day: "2026-12-01", page: "/", visitor: "k2" },
        ],
        keys,
      );
      const second = await insertRows(
        database.db,
        database.dialect,
        "view_visitor_daily",
        [
          { day: "2026-12-01", page: "/", visitor: "k2" },
          { day: "2026-12-01", page: "/", visitor: "k3" },
        ],
        keys,
      );
      expect([first.length, second.length]).toEqual([2, 1]);
    } finally {
      await database.close();
    }
  });

  it("writes rows of different columns through Kysely as they are (a view without variants)", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      const view = {
        at: 1,
        day: "2026-12-01",
        page: "/",
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer: null,
        country: null,
        device: "mobile",
        browser: "Chrome",
        visitor: "k1",
      };
      await insertRows(database.db, database.dialect, "views", [
        { ...view, variants: "home-h1:B" },
        { ...view, visitor: "k2" },
      ]);
      const stored = await database.db
        .selectFrom("views")
        .select(["visitor", "variants"])
        .orderBy("visitor")
        .execute();
      expect(stored).toEqual([
        { visitor: "k1", variants: "home-h1:B" },
        { visitor: "k2", variants: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
