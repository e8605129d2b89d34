/**
 * The dashboard's saved views on both databases: saved under a name per account, listed by
 * name, a name saved again replaced, at most MAX_SAVED_VIEWS, deleted by their owner only;
 * names and queries checked before they are stored.
 */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase } from "~/ledger/database.server";

import { MAX_SAVED_VIEWS, SavedViews, savedViewName, savedViewQuery } from "./saved-views.server";

const TODAY = "2026-11-28";

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "saved_views")],
])("saved views on %s", (_name, url) => {
  async function withViews(run: (views: SavedViews) => Promise<void>) {
    const database = await openLedgerDatabase(await url());
    try {
      await run(new SavedViews(database.db));
    } finally {
      await database.close();
    }
  }

  it("saves a view per account, lists it by name and replaces a name saved again", async () => {
    await withViews(async (views) => {
      expect(
        await views.save("ana@example.com", "Móvil 7 días", "?period=7d&device=mobile"),
      ).toEqual({ ok: true, message: "Vista «Móvil 7 días» guardada." });
      await views.save("ana@example.com", "Comisión", "?col=clicks&col=commission");
      await views.save("admin", "Comisión", "?period=today");
      expect((await views.list("ana@example.com")).map(({ name, query }) => [name, query])).toEqual(
        [
          ["Comisión", "?col=clicks&col=commission"],
          ["Móvil 7 días", "?period=7d&device=mobile"],
        ],
      );
      expect(await views.save("ana@example.com", "Comisión", "?col=epc")).toEqual({
        ok: true,
        message: "Vista «Comisión» actualizada con la vista actual.",
      });
      const listed = await views.list("ana@example.com");
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({ name: "Comisión", query: "?col=epc" });
      // Another account's list is its own.
      expect(await views.list("admin")).toEqual([
        { id: expect.any(Number), name: "Comisión", query: "?period=today" },
      ]);
    });
  });

  it(`refuses a new name past ${MAX_SAVED_VIEWS} views, in Spanish, and still replaces one it has`, async () => {
    await withViews(async (views) => {
      for (let index = 0; index < MAX_SAVED_VIEWS; index++) {
        expect((await views.save("admin", `Vista ${index}`, "")).ok).toBe(true);
      }
      expect(await views.save("admin", "Una más", "?period=7d")).toEqual({
        ok: false,
        message: `Ya tienes ${MAX_SAVED_VIEWS} vistas guardadas: borra alguna antes de guardar otra.`,
      });
      expect((await views.save("admin", "Vista 3", "?period=7d")).ok).toBe(true);
      expect(await views.list("admin")).toHaveLength(MAX_SAVED_VIEWS);
    });
  });

  it("deletes a view of its owner only", async () => {
    await withViews(async (views) => {
      await views.save("ana@example.com", "Mía", "");
      const [mine] = await views.list("ana@example.com");
      expect(await views.remove("admin", mine!.id)).toEqual({
        ok: false,
        message: "Esa vista ya no existe.",
      });
      expect(await views.list("ana@example.com")).toHaveLength(1);
      expect(await views.remove("ana@example.com", mine!.id)).toEqual({
        ok: true,
        message: "Vista «Mía» borrada.",
      });
      expect(await views.list("ana@example.com")).toEqual([]);
    });
  });
});

describe("savedViewName", () => {
  it("trims a name and makes its spaces one", () => {
    expect(savedViewName("  Móvil   de  noviembre ")).toEqual({
      name: "Móvil de noviembre",
      problem: null,
    });
    expect(savedViewName("é".repeat(60)).name).toBe("é".repeat(60));
  });

  it.each([
    [undefined, "Escribe un nombre para la vista."],
    ["   ", "Escribe un nombre para la vista."],
    ["x".repeat(61), "El nombre tiene como mucho 60 caracteres."],
    ["a\u0000b", "El nombre no puede llevar caracteres de control."],
  ])("refuses %j: %s", (typed, problem) => {
    expect(savedViewName(typed)).toEqual({ name: null, problem });
  });
});

describe("savedViewQuery", () => {
  it("keeps a view's query as the dashboard writes it, relative periods relative", () => {
    expect(savedViewQuery("?period=7d&col=commission&col=clicks&junk=1", TODAY)).toBe(
      "?period=7d&col=clicks&col=commission",
    );
    expect(savedViewQuery("", TODAY)).toBe("");
  });

  it("refuses a query the dashboard answers 400 to, or too long", () => {
    expect(savedViewQuery("?period=custom&from=2026-13-45&to=2026-12-01", TODAY)).toBeNull();
    expect(savedViewQuery(`?page=${"x".repeat(3000)}`, TODAY)).toBeNull();
    expect(savedViewQuery(42, TODAY)).toBeNull();
  });
});
