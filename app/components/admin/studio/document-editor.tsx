/**
 * The editor of one document: the form, saved as a draft while the marketer types (a
 * second after the last change; a lost connection retries, and the unsaved version waits
 * in this browser until it is saved), then Vista previa, Publicar and Descartar. The second
 * of two tabs saving the same document is refused and shown both versions.
 */
import { Form, Link, useMatches, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import type { FieldChange, FieldProblem } from "~/studio/types";

import { ContentForm, errorSchemaOf, type FormContext } from "./content-form";
import { when } from "../format";
import { PreviewFrame } from "./preview-frame";
import { StudioTable } from "./studio-table";

/** How long after the last change the draft is saved. */
const SAVE_AFTER_MS = 1_000;
/** How long after a failed save it is tried again. */
const RETRY_AFTER_MS = 5_000;

export type EditorProps = {
  document: string;
  kind: "page" | "site";
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  data: unknown;
  /** The draft's version (0: no draft, the form shows the published document). */
  version: number;
  /** When the draft was last saved (null: no draft). */
  savedAt: number | null;
  baseRevision: number | null;
  problems: FieldProblem[];
  others: string[];
  warnings: string[];
  previewPath: string | null;
  /** The publish set for a time, when there is one. */
  scheduled: { at: number; author: string; message: string } | null;
  /** The reporting time zone, where scheduled times are read. */
  timeZone: string;
  /** What a link field suggests: the site's pages and the affiliate's paths. */
  destinations: ReadonlyArray<{ path: string; label: string }>;
  /** The media library's images an image field offers. */
  library: FormContext["library"];
  experiments: FormContext["experiments"];
  /** The document as published: a changed field a running variant overrides is told. */
  published: unknown;
  /** The same preview, drawn without scripts, for the frame inside the editor. */
  framePath: string | null;
  canPublish: boolean;
};

type SaveState =
  | { kind: "loading" }
  | { kind: "saved"; at: number | null }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "offline"; message: string }
  | {
      kind: "conflict";
      theirs: unknown;
      author: string;
      at: number;
      version: number;
      changes: FieldChange[];
    };

/** Blocks keep the order they are listed in: positions follow the list after a move. */
function inListOrder(data: unknown): unknown {
  const page = data as { components?: Array<{ order?: number }> } | null;
  const blocks = page?.components;
  if (!Array.isArray(blocks)) return data;
  const ascending = blocks.every(
    (block, index) => index === 0 || (block.order ?? 0) > (blocks[index - 1]!.order ?? 0),
  );
  if (ascending) return data;
  return { ...page, components: blocks.map((block, index) => ({ ...block, order: index + 1 })) };
}

const storageKey = (document: string) => `estudio:${document}`;

export function DocumentEditor(props: EditorProps) {
  const { document, version: startVersion } = props;
  const [data, setData] = useState<unknown>(props.data);
  const [state, setState] = useState<SaveState>({ kind: "saved", at: props.savedAt });
  /** Drafts saved since the page opened: the preview frame draws again after each. */
  const [saves, setSaves] = useState(0);
  const version = useRef(startVersion);
  const latest = useRef<unknown>(props.data);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const navigation = useNavigation();
  const routeId = useMatches().at(-1)?.id ?? "";

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    if (!dirty.current) return;
    const sent = latest.current;
    setState({ kind: "saving" });
    let answer: Response;
    try {
      // The editor's own route, as a data request (Remix's `_data`): its action answers JSON.
      answer = await fetch(`${window.location.pathname}?_data=${encodeURIComponent(routeId)}`, {
        method: "POST",
        body: new URLSearchParams({
          intent: "save",
          data: JSON.stringify(sent),
          version: String(version.current),
          base: String(props.baseRevision ?? ""),
        }),
      });
    } catch {
      setState({
        kind: "offline",
        message: "Sin conexión: los cambios se guardan en este navegador y se reintenta en 5 s.",
      });
      timer.current = setTimeout(() => void save(), RETRY_AFTER_MS);
      return;
    }
    const body = (await answer.json().catch(() => null)) as {
      saved?: boolean;
      version?: number;
      current?: { data: unknown; author: string; at: number; version: number };
      changes?: FieldChange[];
      error?: string;
    } | null;
    if (answer.ok && body?.saved && typeof body.version === "number") {
      version.current = body.version;
      if (latest.current === sent) {
        dirty.current = false;
        window.localStorage.removeItem(storageKey(document));
        setState({ kind: "saved", at: Date.now() });
        setSaves((count) => count + 1);
      } else {
        timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
      }
      return;
    }
    if (answer.status === 409 && body?.current) {
      setState({
        kind: "conflict",
        theirs: body.current.data,
        author: body.current.author,
        at: body.current.at,
        version: body.current.version,
        changes: body.changes ?? [],
      });
      return;
    }
    setState({
      kind: "offline",
      message:
        body?.error ?? `El servidor no guardó el borrador (${answer.status}); se reintenta en 5 s.`,
    });
    timer.current = setTimeout(() => void save(), RETRY_AFTER_MS);
  }, [document, props.baseRevision, routeId]);

  /** The marketer has typed or clicked in the form: changes before that are the library's. */
  const touched = useRef(false);
  const change = useCallback(
    (next: unknown) => {
      if (!touched.current) return;
      const ordered = inListOrder(next);
      latest.current = ordered;
      dirty.current = true;
      setData(ordered);
      window.localStorage.setItem(
        storageKey(document),
        JSON.stringify({ version: version.current, data: ordered }),
      );
      setState((current) => (current.kind === "conflict" ? current : { kind: "unsaved" }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_AFTER_MS);
    },
    [document, save],
  );

  // Changes this browser could not save (a closed tab, a lost connection) come back.
  useEffect(() => {
    const kept = window.localStorage.getItem(storageKey(document));
    if (!kept) return;
    try {
      const { version: keptVersion, data: keptData } = JSON.parse(kept) as {
        version: number;
        data: unknown;
      };
      if (keptVersion === startVersion && JSON.stringify(keptData) !== JSON.stringify(props.data)) {
        touched.current = true;
        change(keptData);
      } else window.localStorage.removeItem(storageKey(document));
    } catch {
      window.localStorage.removeItem(storageKey(document));
    }
    // Once, for the document the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      clearTimeout(timer.current);
    };
  }, []);

  // The form is served drawn, but answers typing only once its script runs: until then
  // it is disabled, so nothing typed is lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const errors = useMemo(() => errorSchemaOf(props.problems), [props.problems]);
  const busy = navigation.state !== "idle";

  return (
    <div className="studio-editor">
      <div className="studio-actions" role="group" aria-label="Acciones del documento">
        <SaveStatus state={ready ? state : { kind: "loading" }} />
        {props.previewPath ? (
          <Link
            className="studio-button"
            to={props.previewPath}
            target="_blank"
            rel="noopener"
            onClick={() => void save()}
          >
            Vista previa
          </Link>
        ) : null}
        <Form method="post" className="studio-publish" onSubmit={() => clearTimeout(timer.current)}>
          <input type="hidden" name="data" value={JSON.stringify(data)} />
          <input type="hidden" name="version" value={String(version.current)} />
          <input type="hidden" name="base" value={String(props.baseRevision ?? "")} />
          <label className="studio-publish__message">
            <span>Nota de la publicación (opcional)</span>
            <input name="message" maxLength={500} placeholder="p. ej. Bono de diciembre" />
          </label>
          {props.canPublish ? (
            <button
              className="studio-button studio-button--primary"
              type="submit"
              name="intent"
              value="publish"
              disabled={busy || state.kind === "conflict"}
            >
              Publicar
            </button>
          ) : (
            <p className="studio-note">Tu cuenta puede guardar borradores, no publicar.</p>
          )}
          {props.version > 0 || saves > 0 || state.kind !== "saved" ? (
            <button
              className="studio-button studio-button--ghost"
              type="submit"
              name="intent"
              value="discard"
              disabled={busy}
              onClick={() => {
                dirty.current = false;
                window.localStorage.removeItem(storageKey(document));
              }}
            >
              Descartar borrador
            </button>
          ) : null}
          {props.canPublish ? (
            <details className="studio-schedule">
              <summary>Programar</summary>
              <label>
                <span>Publicar el día y la hora ({props.timeZone})</span>
                <input type="datetime-local" name="at" />
              </label>
              <button
                className="studio-button"
                type="submit"
                name="intent"
                value="schedule"
                disabled={busy || state.kind === "conflict"}
              >
                Programar la publicación
              </button>
            </details>
          ) : null}
        </Form>
        {props.scheduled ? (
          <Form method="post" className="studio-scheduled">
            <p role="status">
              Programada para el {when(props.scheduled.at, props.timeZone)} por{" "}
              {props.scheduled.author}: se publicará el borrador tal como esté entonces.
            </p>
            {props.canPublish ? (
              <button
                className="studio-button studio-button--small"
                type="submit"
                name="intent"
                value="unschedule"
              >
                Cancelar programación
              </button>
            ) : null}
          </Form>
        ) : null}
      </div>
      {state.kind === "conflict" ? (
        <ConflictPanel
          state={state}
          onTakeTheirs={() => {
            dirty.current = false;
            window.localStorage.removeItem(storageKey(document));
            version.current = state.version;
            latest.current = state.theirs;
            setData(state.theirs);
            setState({ kind: "saved", at: null });
          }}
          onKeepMine={() => {
            version.current = state.version;
            dirty.current = true;
            setState({ kind: "unsaved" });
            void save();
          }}
        />
      ) : null}
      {props.framePath ? <PreviewFrame path={props.framePath} version={saves} /> : null}
      {props.problems.length + props.others.length > 0 ? (
        <div className="studio-problems" role="alert">
          <h2>No se puede publicar todavía</h2>
          <ul>
            {props.problems.map((problem, index) => (
              <li key={`f${index}`}>
                <strong>{problem.words}:</strong> {problem.message}
              </li>
            ))}
            {props.others.map((line, index) => (
              <li key={`o${index}`}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.warnings.length > 0 ? (
        <details className="studio-advice">
          <summary>Consejos ({props.warnings.length}): no impiden publicar</summary>
          <ul>
            {props.warnings.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <div
        className="studio-form-frame"
        onInputCapture={() => (touched.current = true)}
        onChangeCapture={() => (touched.current = true)}
        onClickCapture={() => (touched.current = true)}
        onKeyDownCapture={() => (touched.current = true)}
      >
        <ContentForm
          id="studio-form"
          schema={props.schema}
          uiSchema={props.uiSchema}
          data={data}
          problems={errors}
          // While an action is on its way the form waits: its answer draws the editor again
          // from what was sent, and anything typed meanwhile would be lost.
          disabled={!ready || busy}
          destinations={props.destinations}
          library={props.library}
          experiments={props.experiments}
          published={props.published}
          onChange={change}
        />
      </div>
    </div>
  );
}

const clock = (at: number) =>
  new Intl.DateTimeFormat("es-ES", {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(at);

function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === "loading"
      ? "Cargando el editor…"
      : state.kind === "saved"
        ? state.at
          ? `Borrador guardado a las ${clock(state.at)}`
          : "Sin cambios"
        : state.kind === "unsaved"
          ? "Cambios sin guardar…"
          : state.kind === "saving"
            ? "Guardando…"
            : state.kind === "offline"
              ? state.message
              : "Otra persona guardó este documento";
  return (
    <p className={`studio-status studio-status--${state.kind}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

function ConflictPanel({
  state,
  onTakeTheirs,
  onKeepMine,
}: {
  state: Extract<SaveState, { kind: "conflict" }>;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  return (
    <section className="studio-conflict" role="alert" aria-labelledby="studio-conflict-title">
      <h2 id="studio-conflict-title">No se guardó: {state.author} cambió este documento</h2>
      <p>
        {state.author} guardó otra versión a las {clock(state.at)}, mientras tú editabas. Tu cambio
        no ha sobrescrito el suyo. Diferencias entre su versión y la tuya:
      </p>
      <ChangesTable changes={state.changes} beforeLabel="Su versión" afterLabel="La tuya" />
      <div className="studio-conflict__choices">
        <button className="studio-button" type="button" onClick={onTakeTheirs}>
          Quedarme con su versión
        </button>
        <button className="studio-button studio-button--primary" type="button" onClick={onKeepMine}>
          Guardar la mía encima
        </button>
      </div>
    </section>
  );
}

export function ChangesTable({
  changes,
  beforeLabel = "Antes",
  afterLabel = "Después",
}: {
  changes: readonly FieldChange[];
  beforeLabel?: string;
  afterLabel?: string;
}) {
  if (changes.length === 0) return <p className="studio-note">Sin diferencias.</p>;
  return (
    <StudioTable columns={["Campo", beforeLabel, afterLabel]}>
      {changes.map((change, index) => (
        <tr key={index}>
          <th scope="row">
            {change.words} <span className="studio-note">({change.kind})</span>
          </th>
          <td>
            <del>{change.before ?? "—"}</del>
          </td>
          <td>
            <ins>{change.after ?? "—"}</ins>
          </td>
        </tr>
      ))}
    </StudioTable>
  );
}
