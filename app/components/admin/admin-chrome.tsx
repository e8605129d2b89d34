/**
 * The dashboard's own frame (app/root.tsx picks it for a route whose handle says
 * `{ chrome: "admin" }`): a header with the dashboard's name, its pages and the logout
 * button, and a small footer. No call to action of the public site: a marketer who
 * clicked "Inscribirse" here would record a click in their own ledger.
 */
import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

/** The dashboard's pages, in the order of the menu. */
const PAGES = [
  ["/admin", "Panel"],
  ["/admin/postbacks", "Postbacks"],
  ["/admin/import", "Importar CSV"],
] as const;

/** The handle of a route framed as the dashboard. */
export const ADMIN_CHROME = { chrome: "admin" } as const;

export function AdminChrome({
  children,
  loggedIn,
}: {
  children: ReactNode;
  /** False on the login form: no menu, no logout. */
  loggedIn: boolean;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <header className="admin-bar">
        <a className="admin-bar__brand" href="/admin">
          Brisamar <span>· Panel de afiliación</span>
        </a>
        {loggedIn ? (
          <>
            <nav className="admin-bar__nav" aria-label="Secciones del panel">
              <ul>
                {PAGES.map(([to, label]) => (
                  <li key={to}>
                    <NavLink to={to} end>
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="post" action="/admin" reloadDocument>
              <button className="button button--ghost" type="submit" name="intent" value="logout">
                Cerrar sesión
              </button>
            </Form>
          </>
        ) : null}
      </header>
      <main id="main" className="site-main admin-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="admin-footer">
        <p>
          Panel privado de Brisamar Casino: no se indexa ni se guarda en caché, y no lleva enlaces
          de afiliado, así que navegar por él no registra clics.
        </p>
      </footer>
    </>
  );
}
