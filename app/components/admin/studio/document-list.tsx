/** The studio's index (app/routes/admin.contenido.tsx): the site settings, every page, a new page. */
import { Form } from "@remix-run/react";

import type { DocumentSummary } from "~/studio/types";

import { when } from "../format";

const STATUS_WORDS: Record<DocumentSummary["status"], string> = {
  publicada: "Publicada",
  borrador: "Cambios sin publicar",
  programada: "Programada",
  conflicto: "Conflicto con los archivos",
  retirada: "Retirada del sitio",
};

/** Where a document is edited. */
export const editorPath = (document: string): string =>
  document === "site"
    ? "/admin/contenido/ajustes"
    : `/admin/contenido/${document.replace(/^pages\//, "paginas/")}`;

export function DocumentList({
  documents,
  timeZone,
  newPage,
}: {
  documents: readonly DocumentSummary[];
  timeZone: string;
  newPage: { error: string; slug: string; title: string; from: string } | null;
}) {
  return (
    <div className="admin studio">
      <header className="admin-head">
        <div>
          <h1>Contenido</h1>
          <p className="admin-head__period">
            Edita cada página y los ajustes del sitio. Los cambios se guardan solos como borrador;
            los visitantes los ven cuando pulsas Publicar.
          </p>
        </div>
      </header>
      <ul className="studio-list">
        {documents.map((summary) => (
          <li key={summary.document} className="studio-list__item">
            <a className="studio-list__title" href={editorPath(summary.document)}>
              {summary.title}
            </a>
            <span className={`studio-badge studio-badge--${summary.status}`}>
              {STATUS_WORDS[summary.status]}
            </span>
            <span className="studio-list__path">
              {summary.path ?? "Cabecera, pie, metadatos, afiliación"}
            </span>
            <span className="studio-list__when">
              {summary.draft
                ? `Borrador de ${summary.draft.author}, ${when(summary.draft.at, timeZone)}`
                : `Publicado por ${summary.author}, ${when(summary.at, timeZone)}`}
            </span>
          </li>
        ))}
      </ul>
      <section className="studio-new" aria-labelledby="studio-new-title">
        <h2 id="studio-new-title">Nueva página</h2>
        <p className="studio-note">
          Empieza con una cabecera y preguntas frecuentes que completar; no se publica hasta que
          pulses Publicar.
        </p>
        <Form method="post" className="studio-new__form">
          <label>
            <span>Título</span>
            <input name="title" required maxLength={120} defaultValue={newPage?.title} />
          </label>
          <label>
            <span>Ruta</span>
            <input
              name="slug"
              required
              maxLength={100}
              placeholder="/ruleta"
              defaultValue={newPage?.slug}
              aria-describedby={newPage ? "studio-new-error" : undefined}
            />
          </label>
          <label>
            <span>Partir de</span>
            <select name="from" defaultValue={newPage?.from ?? ""}>
              <option value="">Una página nueva (cabecera y preguntas por completar)</option>
              {documents
                .filter((summary) => summary.path !== null)
                .map((summary) => (
                  <option key={summary.document} value={summary.document}>
                    Una copia de «{summary.title}» ({summary.path})
                  </option>
                ))}
            </select>
          </label>
          <button
            className="studio-button studio-button--primary"
            type="submit"
            name="intent"
            value="new-page"
          >
            Crear borrador
          </button>
          {newPage ? (
            <p id="studio-new-error" className="admin-notice" role="alert">
              {newPage.error}
            </p>
          ) : null}
        </Form>
      </section>
    </div>
  );
}
