/**
 * The studio's autosave (app/components/admin/studio/document-editor.tsx posts the editor's
 * route with intent "save"): saves a document's draft made from a version, and answers JSON:
 * `{ saved: true, version }`; 409 with the stored draft and the differences when someone
 * saved since that version (nothing is overwritten); 401 when the session ended (the
 * browser keeps the unsaved version); 400 for a body that is not a document.
 */
import { json } from "@remix-run/node";

import { ADMIN_HEADERS } from "~/admin/admin-headers";
import { can, refusal, type Person } from "~/admin/roles";
import type { StudioAccess } from "~/load-context";

import { SITE_DOCUMENT } from "./content-documents.server";
import { changesBetween, editorState } from "./studio.server";

export async function answerAutosave(
  form: FormData,
  document: string,
  opened: { studio: StudioAccess; person: Person; author: string } | Response,
) {
  if (opened instanceof Response) {
    return json(
      {
        saved: false,
        error:
          opened.status === 401
            ? "La sesión ha terminado: entra de nuevo en otra pestaña. Tus cambios siguen guardados en este navegador."
            : "El estudio no está disponible.",
      },
      { status: opened.status, headers: ADMIN_HEADERS },
    );
  }
  const bad = (error: string) =>
    json({ saved: false, error }, { status: 400, headers: ADMIN_HEADERS });
  let data: unknown;
  try {
    data = JSON.parse(String(form.get("data") ?? ""));
  } catch {
    return bad("El borrador enviado no es JSON.");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return bad("El borrador enviado no es un documento.");
  }
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 0) return bad("Versión no válida.");
  const base = Number(form.get("base")) || null;
  if (document === SITE_DOCUMENT && !can(opened.person, "settings")) {
    return json(
      { saved: false, error: refusal(opened.person, "editar los ajustes del sitio") },
      { status: 403, headers: ADMIN_HEADERS },
    );
  }
  const { store } = opened.studio;
  // Pages begin in the studio's index ("Nueva página"), not here.
  if (!(await editorState(store, document))) return bad("Documento desconocido.");
  const result = await store.saveDraft(document, data, version, opened.author, base);
  if (result.saved) {
    return json({ saved: true, version: result.version }, { headers: ADMIN_HEADERS });
  }
  return json(
    {
      saved: false,
      current: result.current,
      changes: changesBetween(result.current.data, data),
    },
    { status: 409, headers: ADMIN_HEADERS },
  );
}
