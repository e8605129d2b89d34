/**
 * The dashboard's own frame: a header with the dashboard's name, its pages and the logout
 * button, and a small footer. No call to action of the public site: a marketer who
 * clicked "Inscribirse" here would record a click in their own ledger. A dashboard route
 * exports `handle = ADMIN_CHROME`; app/root.tsx reads the handle and draws this frame
 * instead of the site's. The frame travels in the handle, so it loads with the dashboard's
 * routes only, never in a public page's JavaScript.
 */
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { useSite } from "~/components/layout/site-chrome";

/** The dashboard's pages, in the order of the menu. */
const PAGES = [
  ["/admin", "Panel"],
  ["/admin/contenido", "Contenido"],
  ["/admin/experiments", "Experimentos"],
  ["/admin/postbacks", "Postbacks"],
  ["/admin/import", "Importar CSV"],
] as const;

export function AdminChrome({
  children,
  loggedIn,
}: {
  children: ReactNode;
  /** False on the login form: no menu, no logout. */
  loggedIn: boolean;
}) {
  const { pathname } = useLocation();
  const brand = useSite()?.brand ?? "";
  return (
    <>
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <header className="admin-bar">
        <a className="admin-bar__brand" href="/admin">
          {brand} <span>· Panel de afiliación</span>
        </a>
        {loggedIn ? (
          <>
            <nav className="admin-bar__nav" aria-label="Secciones del panel">
              <ul>
                {PAGES.map(([to, label]) => (
                  <li key={to}>
                    <a
                      href={to}
                      aria-current={
                        pathname === to
                          ? "page"
                          : to !== "/admin" && pathname.startsWith(`${to}/`)
                            ? "true"
                            : undefined
                      }
                    >
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <form method="post" action="/admin">
              <button className="button button--ghost" type="submit" name="intent" value="logout">
                Cerrar sesión
              </button>
            </form>
          </>
        ) : null}
      </header>
      <main id="main" className="site-main admin-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="admin-footer">
        <p>
          Panel privado de {brand}: no se indexa ni se guarda en caché, y no lleva enlaces de
          afiliado, así que navegar por él no registra clics.
        </p>
      </footer>
    </>
  );
}

/** The handle of a route framed as the dashboard (app/root.tsx reads it). */
export const ADMIN_CHROME = { chrome: "admin", frame: AdminChrome } as const;
