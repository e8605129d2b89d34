/**
 * The page of one document in the studio (app/routes/admin.contenido.editor.tsx): where it
 * is, what a publish would change, the editor, a conflict with the content files when there
 * is one, and the history of its revisions with Restaurar.
 */
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";

import type { EditorData } from "~/studio/editor-route";

import { ChangesTable, DocumentEditor } from "./document-editor";
import { when } from "../format";

const SOURCE_WORDS: Record<string, string> = {
  files: "archivos",
  studio: "estudio",
  restore: "restauración",
  conflict: "archivos, sin publicar",
};

/**
 * Each answer of the server with the editor's data (a load, a refusal) draws the editor anew
 * from it: after Descartar borrador the version and the revision are those the page opened
 * with, yet the form must drop what was typed. A shared link is no such answer: what is
 * typed after it stays.
 */
const answers = new WeakMap<EditorData, number>();
let answered = 0;
function answerNumber(editor: EditorData): number {
  if (!answers.has(editor)) answers.set(editor, ++answered);
  return answers.get(editor)!;
}

export function DocumentPage({
  editor,
  notice,
  error,
  shared,
}: {
  editor: EditorData;
  notice: string | null;
  error: string | null;
  /** A preview link made for someone without an account, and when it expires. */
  shared: { link: string; expires: number } | null;
}) {
  const title =
    editor.kind === "site"
      ? "Ajustes del sitio"
      : String((editor.data as { title?: unknown } | null)?.title ?? editor.document);
  const slug = (editor.data as { slug?: unknown } | null)?.slug;
  // The address this dashboard is reached at, for the shared link (known in the browser).
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <div className="admin studio">
      <nav className="studio-crumbs" aria-label="Ruta">
        <a href="/admin/contenido">Contenido</a> › <span>{title}</span>
      </nav>
      <header className="admin-head">
        <div>
          <h1>{title}</h1>
          <p className="admin-head__period">
            {typeof slug === "string" ? (
              editor.live ? (
                <>
                  En el sitio: <a href={slug}>{slug}</a>.{" "}
                </>
              ) : (
                <>Ruta {slug}: todavía no está en el sitio. </>
              )
            ) : null}
            {editor.draft
              ? `Borrador de ${editor.draft.author}, ${when(editor.draft.at, editor.timeZone)}: los visitantes siguen viendo lo publicado.`
              : "Sin borrador: el formulario muestra lo publicado."}
          </p>
        </div>
      </header>
      {notice ? (
        <p className="studio-notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="admin-notice" role="alert">
          {error}
        </p>
      ) : null}
      {editor.conflict ? (
        <section className="studio-conflict" aria-labelledby="studio-files-title">
          <h2 id="studio-files-title">Los archivos de contenido traen otra versión</h2>
          <p>
            {editor.conflict.message} ({when(editor.conflict.at, editor.timeZone)}). El sitio sigue
            sirviendo la versión del estudio. Cambios que trae el archivo:
          </p>
          <ChangesTable
            changes={editor.conflict.changes}
            beforeLabel="Publicado"
            afterLabel="Archivo"
          />
          <Form method="post" className="studio-conflict__choices">
            <input type="hidden" name="revision" value={editor.conflict.id} />
            <button className="studio-button" type="submit" name="intent" value="restore">
              Publicar la versión de los archivos
            </button>
          </Form>
          <Form method="post" className="studio-conflict__choices">
            <input
              type="hidden"
              name="revision"
              value={editor.history.find((revision) => revision.current)?.id ?? ""}
            />
            <button className="studio-button" type="submit" name="intent" value="keep">
              Mantener la del estudio
            </button>
          </Form>
        </section>
      ) : null}
      {editor.draftChanges.length > 0 ? (
        <details className="studio-pending">
          <summary>Cambios sin publicar ({editor.draftChanges.length})</summary>
          <ChangesTable
            changes={editor.draftChanges}
            beforeLabel="Publicado"
            afterLabel="Borrador"
          />
        </details>
      ) : null}
      <DocumentEditor
        key={`${editor.document}:${answerNumber(editor)}`}
        document={editor.document}
        kind={editor.kind}
        schema={editor.form.schema}
        uiSchema={editor.form.uiSchema}
        data={editor.data}
        version={editor.version}
        savedAt={editor.draft?.at ?? null}
        baseRevision={editor.baseRevision}
        problems={editor.problems}
        others={editor.others}
        warnings={editor.warnings}
        previewPath={editor.previewPath}
        framePath={editor.framePath}
        destinations={editor.destinations}
        library={editor.library}
        experiments={editor.experiments}
        published={editor.publishedData}
        scheduled={editor.scheduled}
        timeZone={editor.timeZone}
        canPublish={editor.canPublish}
      />
      {editor.previewPath ? (
        <section className="studio-share" aria-labelledby="studio-share-title">
          <h2 id="studio-share-title">Compartir la vista previa</h2>
          <p className="studio-note">
            Un enlace para quien no tiene cuenta: muestra el borrador tal como esté cuando lo abra y
            caduca a los 7 días. Los buscadores no lo indexan.
          </p>
          <Form method="post" className="studio-share__form">
            <button className="studio-button" type="submit" name="intent" value="share">
              Crear enlace
            </button>
          </Form>
          {shared ? (
            <label className="studio-share__link">
              <span>Enlace (caduca el {when(shared.expires, editor.timeZone)})</span>
              <input
                readOnly
                value={`${origin}${shared.link}`}
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
          ) : null}
        </section>
      ) : null}
      {editor.kind === "page" && editor.live && editor.canPublish ? (
        <details className="studio-retire">
          <summary>Retirar del sitio</summary>
          <p className="studio-note">
            La página deja de verse: sus visitantes reciben la página «no encontrada» y sale del
            mapa del sitio. No se retira mientras otra página enlace a ella. Nada se borra: para
            volver a publicarla, restaura una revisión del historial.
          </p>
          <Form method="post">
            <button
              className="studio-button studio-button--danger"
              type="submit"
              name="intent"
              value="retire"
            >
              Retirar la página del sitio
            </button>
          </Form>
        </details>
      ) : null}
      <section className="studio-history" aria-labelledby="studio-history-title">
        <h2 id="studio-history-title">Historial</h2>
        <ol>
          {editor.history.map((revision) => (
            <li key={revision.id} className="studio-revision">
              <details>
                <summary>
                  <span className="studio-revision__id">n.º {revision.id}</span>{" "}
                  {when(revision.at, editor.timeZone)} · {revision.author} (
                  {SOURCE_WORDS[revision.source] ?? revision.source})
                  {revision.message ? ` · ${revision.message}` : ""}
                  {revision.current ? (
                    <span className="studio-badge studio-badge--publicada">Publicada</span>
                  ) : null}
                </summary>
                <ChangesTable changes={revision.changes} />
                {!revision.current && revision.source !== "conflict" && editor.canPublish ? (
                  <Form method="post">
                    <input type="hidden" name="revision" value={revision.id} />
                    <button className="studio-button" type="submit" name="intent" value="restore">
                      Restaurar esta revisión
                    </button>
                  </Form>
                ) : null}
              </details>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
