/**
 * The saved-view forms posted to /admin: what each answers, in Spanish, with its status;
 * a bad name, a bad query, an unknown id or a full list is a 4xx, never a throw.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openLedgerDatabase, type LedgerDatabase } from "~/ledger/database.server";

import type { Person } from "./roles";
import { answerSavedViewForm } from "./saved-views-form.server";
import { MAX_SAVED_VIEWS, SavedViews } from "./saved-views.server";

const TODAY = "2026-11-28";
const ANA: Person = { email: "ana@example.com", name: "Ana", role: "editor" };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

async function answer(savedViews: SavedViews | null, fields: Record<string, string>) {
  const response = await answerSavedViewForm(form(fields), ANA, { savedViews }, TODAY);
  if (!response) return null;
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe("the saved-view forms", () => {
  let database: LedgerDatabase;
  let views: SavedViews;
  beforeEach(async () => {
    database = await openLedgerDatabase(":memory:");
    views = new SavedViews(database.db);
  });
  afterEach(() => database.close());

  it("saves the posted view under its name for the person logged in", async () => {
    expect(
      await answer(views, { intent: "save-view", name: " Móvil ", query: "?device=mobile" }),
    ).toEqual({ status: 200, body: { state: "saved-view", message: "Vista «Móvil» guardada." } });
    expect(await views.list(ANA.email)).toEqual([
      { id: expect.any(Number), name: "Móvil", query: "?device=mobile" },
    ]);
  });

  it("leaves other forms to the page (login, logout)", async () => {
    expect(await answer(views, { intent: "logout" })).toBeNull();
  });

  it.each([
    [{ intent: "save-view", name: "", query: "" }, 400, "Escribe un nombre para la vista."],
    [{ intent: "save-view", query: "" }, 400, "Escribe un nombre para la vista."],
    [
      { intent: "save-view", name: "Mala", query: "?period=custom&from=2026-02-30&to=2026-03-01" },
      400,
      "Esta vista no se puede guardar: sus fechas no son válidas.",
    ],
    [{ intent: "delete-view", id: "abc" }, 404, "Esa vista ya no existe."],
    [{ intent: "delete-view", id: "-1" }, 404, "Esa vista ya no existe."],
    [{ intent: "delete-view", id: "99999999999999999999" }, 404, "Esa vista ya no existe."],
    [{ intent: "delete-view", id: "7" }, 404, "Esa vista ya no existe."],
  ])("refuses %j with %i and a Spanish reason", async (fields, status, message) => {
    expect(await answer(views, fields)).toEqual({
      status,
      body: { state: "saved-view", message },
    });
  });

  it(`answers 409 past ${MAX_SAVED_VIEWS} views, and 503 without a store`, async () => {
    for (let index = 0; index < MAX_SAVED_VIEWS; index++)
      await views.save(ANA.email, `V${index}`, "");
    expect((await answer(views, { intent: "save-view", name: "Otra", query: "" }))?.status).toBe(
      409,
    );
    expect((await answer(null, { intent: "save-view", name: "Otra", query: "" }))?.status).toBe(
      503,
    );
  });
});
