/**
 * The redirects' page (app/studio/redirects-route.tsx): add one (an old path, the page it
 * sends to, an optional note), every redirect the site answers, and the paths not found in
 * the last 30 days, each with **Redirigir** (which fills in the form's old path).
 */
import { Form, useNavigation } from "@remix-run/react";

import type { Redirect } from "~/redirects/redirects";

import { FieldError, StudioTable } from "./studio-table";

export type RedirectsResult =
  | { ok: true; message: string }
  | {
      ok: false;
      message: string;
      errors?: { from?: string | undefined; to?: string | undefined };
      typed?: { from: string; to: string; note: string };
    };

const count = (value: number) => new Intl.NumberFormat("es-ES").format(value);

export function RedirectsPage({
  redirects,
  pages,
  notFound,
  full,
  perDay,
  from,
  result,
}: {
  redirects: readonly Redirect[];
  pages: ReadonlyArray<{ slug: string; title: string }>;
  notFound: ReadonlyArray<{ path: string; hits: number; days: number; now: string | null }>;
  full: boolean;
  perDay: number;
  from: string;
  result: RedirectsResult | null;
}) {
  const navigation = useNavigation();
  const refused = result && !result.ok ? result : null;
  const errors = refused?.errors ?? {};
  const typed = refused?.typed;
  return (
    <div className="admin studio">
      <header className="admin-head">
        <div>
          <h1>Redirecciones</h1>
          <p className="admin-head__period">
            Una ruta antigua que lleva a visitantes y buscadores a una página del sitio, con un 301.
            Cuando una página cambia de ruta, su ruta antigua se redirige sola.
          </p>
        </div>
      </header>
      {result ? (
        <p className={result.ok ? "studio-notice" : "admin-notice"} role="status">
          {result.message}
        </p>
      ) : null}

      <section aria-labelledby="redirect-new-title" id="nueva">
        <h2 id="redirect-new-title">Añadir una redirección</h2>
        <Form method="post" className="studio-media-upload__form" key={result?.message ?? ""}>
          <label className="studio-field">
            <span>Desde: la ruta antigua, tal como la piden (p. ej. /bonos-verano)</span>
            <input
              name="from"
              required
              maxLength={200}
              defaultValue={typed?.from ?? from}
              placeholder="/ruta-antigua"
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? "redirect-from-error" : undefined}
            />
            <FieldError id="redirect-from-error" message={errors.from} />
          </label>
          <label className="studio-field">
            <span>Hacia: la página a la que lleva</span>
            <select
              name="to"
              required
              defaultValue={typed?.to ?? ""}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? "redirect-to-error" : undefined}
            >
              <option value="" disabled>
                Elige una página
              </option>
              {pages.map((page) => (
                <option key={page.slug} value={page.slug}>
                  {page.title} ({page.slug})
                </option>
              ))}
            </select>
            <FieldError id="redirect-to-error" message={errors.to} />
          </label>
          <label className="studio-field">
            <span>Nota (opcional): por qué existe</span>
            <input name="note" maxLength={200} defaultValue={typed?.note ?? ""} />
          </label>
          <button
            className="studio-button studio-button--primary"
            type="submit"
            name="intent"
            value="add"
            disabled={navigation.state !== "idle"}
          >
            Añadir
          </button>
        </Form>
      </section>

      <section aria-labelledby="redirect-list-title">
        <h2 id="redirect-list-title">Redirecciones activas ({redirects.length})</h2>
        {redirects.length === 0 ? (
          <p className="studio-note">Todavía no hay ninguna.</p>
        ) : (
          <StudioTable
            columns={[
              "Desde",
              "Hacia",
              "Origen",
              <span key="actions" className="visually-hidden">
                Acciones
              </span>,
            ]}
          >
            {redirects.map((redirect) => (
              <tr key={redirect.from}>
                <td>
                  <code>{redirect.from}</code>
                </td>
                <td>
                  <a href={redirect.to}>{redirect.to}</a>
                </td>
                <td>
                  {redirect.kind === "moved"
                    ? "La página cambió de ruta"
                    : `Añadida a mano${redirect.note ? `: ${redirect.note}` : ""}`}
                </td>
                <td>
                  {redirect.kind === "manual" ? (
                    <Form method="post">
                      <input type="hidden" name="from" value={redirect.from} />
                      <button
                        className="studio-button studio-button--small studio-button--danger"
                        type="submit"
                        name="intent"
                        value="remove"
                        aria-label={`Quitar la redirección de ${redirect.from}`}
                      >
                        Quitar
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </StudioTable>
        )}
      </section>

      <section aria-labelledby="not-found-title">
        <h2 id="not-found-title">Rutas no encontradas (últimos 30 días)</h2>
        <p className="studio-note">
          Las rutas que más veces respondieron «página no encontrada» (404): un enlace roto desde
          otro sitio o una página antigua. Se guarda solo la ruta y cuántas veces, sin la parte tras
          «?» ni nada del visitante; como mucho {count(perDay)} rutas distintas al día.
        </p>
        {full ? (
          <p className="admin-notice" role="note">
            Algún día llegó a {count(perDay)} rutas distintas: las rutas nuevas de ese día ya no se
            contaron (las que ya estaban, sí).
          </p>
        ) : null}
        {notFound.length === 0 ? (
          <p className="studio-note">Ninguna en los últimos 30 días.</p>
        ) : (
          <StudioTable columns={["Ruta", "Veces", "Días", "Ahora"]}>
            {notFound.map((row) => (
              <tr key={row.path}>
                <td>
                  <code>{row.path}</code>
                </td>
                <td>{count(row.hits)}</td>
                <td>{row.days}</td>
                <td>
                  {row.now ? (
                    <>
                      Lleva a <a href={row.now}>{row.now}</a>
                    </>
                  ) : (
                    <a href={`?desde=${encodeURIComponent(row.path)}#nueva`}>Redirigir…</a>
                  )}
                </td>
              </tr>
            ))}
          </StudioTable>
        )}
      </section>
    </div>
  );
}
