/**
 * The dashboard's saved views (migration 021): a person saves the view they are looking at
 * (its URL query: period, filters, order and figures) under a name, and opens it again from
 * the dashboard's menu. Views are per account: each person has their own list, at most
 * MAX_SAVED_VIEWS, a name unique in it; saving under a name the list has replaces that
 * view's query. The query is stored as the dashboard writes it (readView, then viewSearch),
 * so it holds nothing the dashboard would not read: a relative period ("últimos 7 días")
 * stays relative.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/ledger/schema";
import { readView, viewSearch } from "~/reports/query";

/** How many views one account may keep. */
export const MAX_SAVED_VIEWS = 50;
/** The longest name, in characters. */
export const MAX_NAME = 60;
/** The longest query kept (a view with long filter values is refused past it). */
export const MAX_QUERY = 2048;

export type SavedView = { id: number; name: string; query: string };

/** What a save or a delete did, in Spanish, for the page to say. */
export type SavedViewResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * A name as typed, made usable: trimmed, inner runs of spaces made one; null (with the
 * reason in Spanish) when empty, too long or holding control characters.
 */
export function savedViewName(
  typed: unknown,
): { name: string; problem: null } | { name: null; problem: string } {
  const name = typeof typed === "string" ? typed.trim().replace(/\s+/g, " ") : "";
  if (name === "") return { name: null, problem: "Escribe un nombre para la vista." };
  if ([...name].length > MAX_NAME)
    return { name: null, problem: `El nombre tiene como mucho ${MAX_NAME} caracteres.` };
  if (/[\u0000-\u001f\u007f]/.test(name))
    return { name: null, problem: "El nombre no puede llevar caracteres de control." };
  return { name, problem: null };
}

/**
 * A posted view's query as the dashboard writes it, or null when it is not one the
 * dashboard can open (a period it refuses, too long). `today` only checks the period.
 */
export function savedViewQuery(typed: unknown, today: string): string | null {
  if (typeof typed !== "string" || typed.length > MAX_QUERY) return null;
  const view = readView(new URLSearchParams(typed), today);
  if (view.problem) return null;
  const query = viewSearch(view);
  return query.length <= MAX_QUERY ? query : null;
}

export class SavedViews {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** An account's views, by name. */
  async list(owner: string): Promise<SavedView[]> {
    const rows = await this.db
      .selectFrom("saved_views")
      .select(["id", "name", "query"])
      .where("owner", "=", owner)
      .orderBy("name")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ id: Number(row.id), name: row.name, query: row.query }));
  }

  /**
   * Saves `query` under `name` for `owner` (name and query already checked with
   * savedViewName and savedViewQuery): a name the account has is replaced; a new name
   * past MAX_SAVED_VIEWS is refused.
   */
  async save(owner: string, name: string, query: string): Promise<SavedViewResult> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("saved_views")
        .select("id")
        .where("owner", "=", owner)
        .where("name", "=", name)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable("saved_views")
          .set({ query, saved_at: this.now() })
          .where("id", "=", existing.id)
          .execute();
        return { ok: true, message: `Vista «${name}» actualizada con la vista actual.` };
      }
      const { count } = await trx
        .selectFrom("saved_views")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("owner", "=", owner)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_SAVED_VIEWS) {
        return {
          ok: false,
          message: `Ya tienes ${MAX_SAVED_VIEWS} vistas guardadas: borra alguna antes de guardar otra.`,
        };
      }
      // Two saves of one new name at once: the second replaces the first, never a 500.
      await trx
        .insertInto("saved_views")
        .values({ owner, name, query, saved_at: this.now() })
        .onConflict((conflict) =>
          conflict.columns(["owner", "name"]).doUpdateSet({ query, saved_at: this.now() }),
        )
        .execute();
      return { ok: true, message: `Vista «${name}» guardada.` };
    });
  }

  /** Deletes one of `owner`'s views (another account's id deletes nothing). */
  async remove(owner: string, id: number): Promise<SavedViewResult> {
    const row = await this.db
      .deleteFrom("saved_views")
      .where("owner", "=", owner)
      .where("id", "=", id)
      .returning("name")
      .executeTakeFirst();
    return row
      ? { ok: true, message: `Vista «${row.name}» borrada.` }
      : { ok: false, message: "Esa vista ya no existe." };
  }
}
