/**
 * The dashboard's saved-view forms (posted to /admin by saved-views-menu.tsx): "save-view"
 * (a name and the view's query) and "delete-view" (an id), for the person logged in. The
 * answer is the same view with the menu open and what happened in Spanish: 200 when done
 * (posting again does no harm: a name saved again is replaced), 400 for a bad name or
 * query, 404 for a view that is gone, 409 past the limit. Null for any other form.
 */
import { json, type AppLoadContext } from "@remix-run/node";

import { readLedger } from "~/reports/ledger-read.server";

import { ADMIN_HEADERS } from "./admin-headers";
import type { Person } from "./roles";
import { savedViewName, savedViewQuery } from "./saved-views.server";

/** What the menu shows after a form. */
export type SavedViewAnswer = { state: "saved-view"; message: string };

const answer = (message: string, status: number) =>
  json<SavedViewAnswer>({ state: "saved-view", message }, { status, headers: ADMIN_HEADERS });
const refuse = (message: string, status = 400) => answer(message, status);

export async function answerSavedViewForm(
  form: FormData,
  person: Person,
  context: Pick<AppLoadContext, "savedViews">,
  today: string,
): Promise<Response | null> {
  const intent = form.get("intent");
  if (intent !== "save-view" && intent !== "delete-view") return null;
  const store = context.savedViews;
  if (!store) return refuse("Las vistas guardadas no están disponibles en este servidor.", 503);
  if (intent === "delete-view") {
    const id = Number(form.get("id"));
    if (!Number.isSafeInteger(id) || id <= 0) return refuse("Esa vista ya no existe.", 404);
    const result = await readLedger(() => store.remove(person.email, id));
    return result.ok ? answer(result.message, 200) : refuse(result.message, 404);
  }
  const { name, problem } = savedViewName(form.get("name"));
  if (name === null) return refuse(problem);
  const query = savedViewQuery(form.get("query") ?? "", today);
  if (query === null) return refuse("Esta vista no se puede guardar: sus fechas no son válidas.");
  const result = await readLedger(() => store.save(person.email, name, query));
  return result.ok ? answer(result.message, 200) : refuse(result.message, 409);
}
