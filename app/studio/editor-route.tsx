/**
 * /admin/contenido/paginas/<name> and /admin/contenido/ajustes: the editor of one document
 * of the content studio (app/studio). The loader gives the form (from the content's
 * schemas), the draft or the published document, the problems a publish would meet and the
 * history; the action publishes (only valid content: the whole site is checked with the
 * draft applied), discards the draft, restores an old revision, or settles a conflict with
 * the content files, and saves drafts as the marketer types (app/studio/autosave.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TZDate } from "@date-fns/tz";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { can, type Person } from "~/admin/roles";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  postedForm,
} from "~/admin/session-form.server";
import { Forbidden } from "~/components/admin/forbidden";
import { LoginForm } from "~/components/admin/login-form";
import { StudioOff } from "~/components/admin/studio/studio-off";
import { DocumentPage } from "~/components/admin/studio/document-page";
import { env } from "~/config/env.server";
import { fileOf, isPageDocument, SITE_DOCUMENT } from "~/studio/content-documents.server";
import type { StudioAccess } from "~/load-context";
import { formSchemas } from "~/studio/form-schema.server";
import { libraryImage } from "~/studio/media-store.server";
import { experimentsOf } from "~/studio/experiments.server";
import {
  changesBetween,
  checkWith,
  destinations,
  editorState,
  problemsOf,
} from "~/studio/studio.server";
import { answerAutosave } from "~/studio/autosave.server";
import { previewLink, previewPaths } from "~/studio/preview-links.server";
import { openStudio } from "~/studio/studio-route.server";

/** Revisions the history lists (the newest). */
const HISTORY_ROWS = 30;

/** The document a path names, or a thrown 404 (the site's page). */
function documentOf(params: LoaderFunctionArgs["params"]): string {
  if (params.section === "ajustes" && params.name === undefined) return SITE_DOCUMENT;
  const document = `pages/${params.name ?? ""}`;
  if (params.section !== "paginas" || !isPageDocument(document)) {
    throw new Response(null, { status: 404 });
  }
  return document;
}

const pathOf = (document: string) =>
  document === SITE_DOCUMENT
    ? "/admin/contenido/ajustes"
    : `/admin/contenido/${document.replace(/^pages\//, "paginas/")}`;

/** The form's state and its checks, for the loader and for an action that refused a publish. */
async function editorData(studio: StudioAccess, person: Person, document: string, data?: unknown) {
  const { store } = studio;
  const state = await editorState(store, document);
  if (!state) throw new Response(null, { status: 404 });
  const current = data !== undefined ? data : (state.draft?.data ?? state.published?.data ?? null);
  const check = await checkWith(studio, new Map([[document, current]]));
  const { fields, others } = problemsOf(document, check.problems, current);
  const file = `${fileOf(document)}: `;
  const history = (await store.history(document)).slice(0, HISTORY_ROWS + 1);
  const published = history.filter((revision) => revision.source !== "conflict");
  return {
    document,
    kind: document === SITE_DOCUMENT ? ("site" as const) : ("page" as const),
    form: formSchemas()[document === SITE_DOCUMENT ? "site" : "page"],
    data: current,
    version: state.draft?.version ?? 0,
    baseRevision: state.draft?.base_revision ?? state.published?.id ?? null,
    draft: state.draft ? { author: state.draft.author, at: state.draft.at } : null,
    live: state.published?.data != null,
    /** What visitors see now: a change to a field a running variant overrides is told. */
    publishedData: state.published?.data ?? null,
    problems: fields,
    others,
    warnings: check.warnings
      .filter((line) => line.startsWith(file))
      .map((line) => line.slice(file.length)),
    conflict: state.conflict
      ? {
          id: state.conflict.id,
          at: state.conflict.at,
          message: state.conflict.message,
          changes: changesBetween(state.published?.data ?? null, state.conflict.data),
        }
      : null,
    draftChanges: state.draft ? changesBetween(state.published?.data ?? null, current) : [],
    history: history.slice(0, HISTORY_ROWS).map((revision) => {
      const before = published.find((older) => older.id < revision.id) ?? null;
      return {
        id: revision.id,
        at: revision.at,
        author: revision.author,
        message: revision.message,
        source: revision.source,
        current: revision.id === state.published?.id,
        changes: changesBetween(before?.data ?? null, revision.data),
      };
    }),
    canPublish: can(person, "publish"),
    previewPath: previewPaths(document)?.tab ?? null,
    framePath: previewPaths(document)?.frame ?? null,
    destinations: await destinations(store),
    library: (await studio.media.list()).map(libraryImage),
    experiments: experimentsOf((await store.publishedData()).get(SITE_DOCUMENT), Date.now()),
    scheduled: (await store.schedules()).get(document) ?? null,
    timeZone: env.REPORT_TIME_ZONE,
  };
}

export type EditorData = Awaited<ReturnType<typeof editorData>>;

export async function editorLoader({ request, context, params }: LoaderFunctionArgs) {
  const document = documentOf(params);
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  if (document === SITE_DOCUMENT && !can(opened.person, "settings")) {
    return forbiddenPage(opened.person, "editar los ajustes del sitio");
  }
  const editor = await editorData(opened.studio, opened.person, document);
  const published = new URL(request.url).searchParams.get("publicada");
  return json(
    { state: "editor" as const, editor, notice: published ? noticeOf(published) : null },
    { headers: ADMIN_HEADERS },
  );
}

const NOTICES: Record<string, string> = {
  si: "Publicado: los visitantes ya ven esta versión (en todas las instancias en unos segundos).",
  restaurada: "Revisión restaurada: se ha publicado de nuevo como una revisión nueva.",
  descartado: "Borrador descartado: el formulario muestra lo publicado.",
  mantenida: "Se mantiene la versión del estudio; el cambio de los archivos queda en el historial.",
  programada:
    "Programado: el borrador se publicará a esa hora, tras comprobarlo de nuevo. Puedes seguir editándolo hasta entonces.",
  "sin-programar": "Programación cancelada: el borrador sigue guardado sin publicar.",
  retirada:
    "Retirada del sitio: los visitantes reciben la página «no encontrada». Para volver a publicarla, restaura una revisión del historial.",
};
const noticeOf = (key: string) => NOTICES[key] ?? null;

/**
 * A date and time typed in the studio's date picker ("2026-11-28T09:30"), read in the
 * reporting time zone (where the marketer works), as epoch milliseconds; null if malformed.
 */
function zonedTime(text: string, timeZone: string): number | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const at = new TZDate(year, month - 1, day, hour, minute, timeZone).getTime();
  return Number.isFinite(at) ? at : null;
}

/** A posted document's JSON, or null when it is not a JSON object. */
function postedData(form: FormData): Record<string, unknown> | null {
  const text = form.get("data");
  if (typeof text !== "string") return null;
  try {
    const data = JSON.parse(text) as unknown;
    return typeof data === "object" && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function editorAction({ request, context, params }: ActionFunctionArgs) {
  const document = documentOf(params);
  const form = await postedForm(request);
  if (form.get("intent") === "save") {
    return answerAutosave(form, document, await openStudio(request, context));
  }
  const path = pathOf(document);
  const session = await answerSessionForm(form, request, context, path);
  if (session) return session;
  const opened = await openStudio(request, context);
  if (opened instanceof Response) return opened;
  const { store, refresh } = opened.studio;
  const { author, person } = opened;
  if (document === SITE_DOCUMENT && !can(person, "settings")) {
    return forbiddenPage(person, "editar los ajustes del sitio");
  }
  const refused = async (error: string, status: number, data?: unknown) =>
    json(
      {
        state: "refused" as const,
        error,
        editor: await editorData(opened.studio, person, document, data),
      },
      { status, headers: ADMIN_HEADERS },
    );
  const done = async (notice: string) => {
    await refresh();
    return redirect(`${path}?publicada=${notice}`, { status: 303, headers: ADMIN_HEADERS });
  };
  /**
   * Saves the posted document as the draft (whatever a publish refuses stays saved), then
   * checks it: the refusal to answer, or null when it may go out.
   */
  const savedAndChecked = async (data: unknown, verb: string, again: string) => {
    const version = Number(form.get("version"));
    const saved = await store.saveDraft(
      document,
      data,
      Number.isInteger(version) ? version : -1,
      author,
      Number(form.get("base")) || null,
    );
    if (!saved.saved) {
      return refused(
        `No se ${verb}: ${saved.current.author} guardó otra versión de este documento mientras editabas. Revisa su versión abajo y vuelve a ${again}.`,
        409,
      );
    }
    const check = await checkWith(opened.studio, new Map([[document, data]]));
    if (check.problems.length > 0) {
      return refused(`No se ${verb}: corrige lo que se indica y vuelve a ${again}.`, 422, data);
    }
    return null;
  };
  const intent = form.get("intent");
  const audit = (action: string, detail = "") =>
    context.people.audit(author, action, document, detail);
  if (
    (intent === "publish" ||
      intent === "restore" ||
      intent === "keep" ||
      intent === "schedule" ||
      intent === "unschedule" ||
      intent === "retire") &&
    !can(person, "publish")
  ) {
    return refused(
      "No se publicó: tu cuenta puede guardar borradores y verlos, no publicar. Tu borrador sigue guardado; pide a alguien con permiso de publicación que lo publique.",
      403,
    );
  }

  if (intent === "publish") {
    const data = postedData(form);
    if (!data) return refused("El documento enviado no es válido: recarga la página.", 400);
    const refusal = await savedAndChecked(data, "publicó", "publicar");
    if (refusal) return refusal;
    const message = String(form.get("message") ?? "");
    const [id] = await store.publish([{ document, data }], author, message);
    await audit("publicar", `revisión n.º ${id}${message ? `: ${message}` : ""}`);
    return done("si");
  }

  if (intent === "schedule") {
    const data = postedData(form);
    if (!data) return refused("El documento enviado no es válido: recarga la página.", 400);
    const at = zonedTime(String(form.get("at") ?? ""), env.REPORT_TIME_ZONE);
    if (at === null) return refused("Elige el día y la hora de la publicación.", 400, data);
    if (at <= Date.now()) {
      return refused("Esa hora ya ha pasado: elige una a partir del próximo minuto.", 400, data);
    }
    const refusal = await savedAndChecked(data, "programó", "programar");
    if (refusal) return refusal;
    const message = String(form.get("message") ?? "");
    await store.schedule(document, at, author, message);
    await audit("programar", new Date(at).toISOString());
    return redirect(`${path}?publicada=programada`, { status: 303, headers: ADMIN_HEADERS });
  }

  if (intent === "unschedule") {
    await store.unschedule(document);
    await audit("cancelar programación");
    return redirect(`${path}?publicada=sin-programar`, { status: 303, headers: ADMIN_HEADERS });
  }

  if (intent === "share") {
    const { path: link, expires } = previewLink(document);
    await audit("compartir vista previa", `caduca ${new Date(expires).toISOString()}`);
    return json({ state: "shared" as const, link, expires }, { headers: ADMIN_HEADERS });
  }

  if (intent === "retire" && document !== SITE_DOCUMENT) {
    // Taken off only when nothing else breaks: a link to it elsewhere is named, and stays.
    const check = await checkWith(opened.studio, new Map([[document, null]]));
    if (check.problems.length > 0) {
      return refused(
        `No se retiró: otras páginas o los ajustes enlazan a esta. Quita esos enlaces y vuelve a intentarlo. ${check.problems.slice(0, 3).join(" · ")}`,
        422,
      );
    }
    const [id] = await store.publish([{ document, data: null }], author, "Retirada del sitio");
    await audit("retirar del sitio", `revisión n.º ${id}`);
    return done("retirada");
  }

  if (intent === "discard") {
    await store.discardDraft(document);
    await audit("descartar borrador");
    return done("descartado");
  }

  if (intent === "restore" || intent === "keep") {
    const id = Number(form.get("revision"));
    const revision = Number.isInteger(id) ? await store.revision(id) : null;
    if (!revision || revision.document !== document) {
      return refused("Esa revisión no existe.", 400);
    }
    const check = await checkWith(opened.studio, new Map([[document, revision.data]]));
    if (check.problems.length > 0) {
      return refused(
        `La revisión n.º ${id} ya no es válida con el resto del contenido: ${check.problems.join(" · ")}`,
        422,
      );
    }
    const message =
      intent === "keep"
        ? "Se mantiene la versión del estudio frente al cambio de los archivos"
        : `Restaurada la revisión n.º ${id}`;
    const [restored] = await store.publish(
      [{ document, data: revision.data }],
      author,
      message,
      "restore",
    );
    await audit(
      intent === "keep" ? "mantener versión" : "restaurar",
      `revisión n.º ${restored}: ${message}`,
    );
    return done(intent === "keep" ? "mantenida" : "restaurada");
  }

  return refused("Petición no válida.", 400);
}

export function StudioEditor() {
  const data = useLoaderData<typeof editorLoader>();
  const answer = useActionData<typeof editorAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  if (data.state === "off") return <StudioOff title="Contenido" message={data.message} />;
  const refused = answer && "state" in answer && answer.state === "refused" ? answer : null;
  const shared = answer && "state" in answer && answer.state === "shared" ? answer : null;
  return (
    <DocumentPage
      editor={(refused?.editor ?? data.editor) as EditorData}
      notice={refused ? null : data.notice}
      error={refused?.error ?? null}
      shared={shared ? { link: shared.link, expires: shared.expires } : null}
    />
  );
}
