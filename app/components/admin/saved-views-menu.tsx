/**
 * The person's saved views (app/admin/saved-views.server.ts): a menu that opens one (a
 * link to the dashboard with its query: the same period, filters, order and figures),
 * deletes one, and saves the view on screen under a name. Plain forms posted to /admin,
 * so it works without JavaScript; the answer names what happened in Spanish.
 */
import { Form, Link } from "@remix-run/react";

import type { SavedView } from "~/admin/saved-views.server";

export function SavedViewsMenu({
  views,
  search,
  message,
}: {
  views: SavedView[];
  /** The view on screen, as its URL query. */
  search: string;
  /** What the last save or delete did, or why it was refused. */
  message: string | null;
}) {
  return (
    <details className="admin-tool" open={message !== null}>
      <summary>
        Vistas guardadas <span className="admin-tool__count">({views.length})</span>
      </summary>
      <div className="admin-tool__body">
        {message ? (
          <p className="admin-tool__message" role="status">
            {message}
          </p>
        ) : null}
        {views.length > 0 ? (
          <ul className="admin-saved" aria-label="Vistas guardadas">
            {views.map((view) => (
              <li key={view.id}>
                <Link to={`/admin${view.query}`} className="admin-saved__open">
                  {view.name}
                </Link>
                <Form method="post" action={`/admin${search}`} preventScrollReset>
                  <input type="hidden" name="intent" value="delete-view" />
                  <input type="hidden" name="id" value={view.id} />
                  <button
                    className="button button--ghost admin-saved__delete"
                    type="submit"
                    aria-label={`Borrar la vista ${view.name}`}
                  >
                    Borrar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-tool__hint">
            Aún no hay vistas guardadas: guarda la que ves para volver a ella.
          </p>
        )}
        <Form
          method="post"
          action={`/admin${search}`}
          className="admin-saved__form"
          preventScrollReset
        >
          <input type="hidden" name="intent" value="save-view" />
          <input type="hidden" name="query" value={search} />
          <label>
            Nombre de la vista
            <input name="name" required maxLength={60} autoComplete="off" />
          </label>
          <button className="button button--primary" type="submit">
            Guardar esta vista
          </button>
        </Form>
        <p className="admin-tool__hint">
          Guarda el periodo, los filtros, el orden y las cifras; un nombre que ya tienes se
          sustituye. Cada persona tiene las suyas (hasta 50).
        </p>
      </div>
    </details>
  );
}
