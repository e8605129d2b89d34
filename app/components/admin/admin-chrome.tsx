/**
 * The dashboard's own frame: a header with the dashboard's name, its pages and the logout
 * button, and a small footer. No call to action of the public site: a marketer who
 * clicked "Inscribirse" here would record a click in their own ledger. A dashboard route
 * exports `handle = ADMIN_CHROME`; app/root.tsx reads the handle and draws this frame
 * instead of the site's. The frame travels in the handle, so it loads with the dashboard's
 * routes only, never in a public page's JavaScript.
 */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { can, type Permission, type Person } from "~/admin/roles";
import { useSite } from "~/components/layout/site-chrome";

import { AlertsBanner } from "./alerts-banner";

/** The dashboard's pages, in the order of the menu, and who may open each. */
const PAGES: ReadonlyArray<readonly [string, string, Permission | null]> = [
  ["/admin", "Panel", null],
  ["/admin/enlaces", "Enlaces", null],
  ["/admin/contenido", "Contenido", null],
  ["/admin/contenido/medios", "Imágenes", null],
  ["/admin/contenido/redirecciones", "Redirecciones", "settings"],
  ["/admin/contenido/juegos", "Juegos", "settings"],
  ["/admin/experiments", "Experimentos", null],
  ["/admin/postbacks", "Postbacks", "postbacks"],
  ["/admin/import", "Importar CSV", "import"],
  ["/admin/contenido/personas", "Personas", "people"],
];

/**
 * The menu's entry for a path: the page itself ("page"), or the deepest entry whose
 * section holds it ("true": a page of Contenido's editor is under Contenido), never two.
 */
export function currentEntry(
  pathname: string,
  entries: readonly string[],
): { to: string; current: "page" | "true" } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (entries.includes(path)) return { to: path, current: "page" };
  const section = entries
    .filter((to) => to !== "/admin" && path.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
  return section ? { to: section, current: "true" } : null;
}

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
  const person = (useRouteLoaderData("root") as { person?: Person | null } | undefined)?.person;
  const pages = PAGES.filter(
    ([, , needs]) => needs === null || (person ? can(person, needs) : false),
  );
  const here = currentEntry(
    pathname,
    pages.map(([to]) => to),
  );
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
                {pages.map(([to, label]) => (
                  <li key={to}>
                    <a href={to} aria-current={here?.to === to ? here.current : undefined}>
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {person ? (
              <p className="admin-bar__person" title={person.role}>
                {person.email}
              </p>
            ) : null}
            <form method="post" action="/admin">
              <button className="button button--ghost" type="submit" name="intent" value="logout">
                Cerrar sesión
              </button>
            </form>
          </>
        ) : null}
      </header>
      <main id="main" className="site-main admin-main" tabIndex={-1}>
        {loggedIn ? <AlertsBanner /> : null}
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
