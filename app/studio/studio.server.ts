/**
 * What the studio does with the content, on top of its storage (content-store.server.ts):
 * lists the documents, checks a draft as the build would (the whole content with the draft
 * applied: `npm run content:check`'s checks), publishes only valid content, restores, and
 * says what changed between two versions. The routes under /admin/contenido call these.
 */
import diff from "microdiff";

import { checkContentFiles } from "~/content/load-content.server";
import { ContentError, type Content } from "~/content/parse-content";
import type { StudioAccess } from "~/load-context";

import { movedPathsOf } from "~/redirects/redirects";

import {
  contentFilesOf,
  currentPaths,
  fileOf,
  isPageDocument,
  SITE_DOCUMENT,
} from "./content-documents.server";
import type { ContentStore, Draft, Revision } from "./content-store.server";
import { pathWords } from "./field-words";
import type { DocumentStatus, DocumentSummary, FieldChange, FieldProblem } from "./types";

const slugOf = (data: unknown): string | null =>
  typeof (data as { slug?: unknown } | null)?.slug === "string"
    ? (data as { slug: string }).slug
    : null;

const titleOf = (document: string, data: unknown): string =>
  document === SITE_DOCUMENT
    ? "Ajustes del sitio"
    : typeof (data as { title?: unknown } | null)?.title === "string"
      ? (data as { title: string }).title
      : document;

/** Every document: the site settings first, then the pages by path. */
export async function listDocuments(store: ContentStore): Promise<DocumentSummary[]> {
  const [published, newest, drafts, schedules] = await Promise.all([
    store.published(),
    store.newest(),
    store.drafts(),
    store.schedules(),
  ]);
  const names = new Set([...newest.keys(), ...drafts.keys()]);
  const list = [...names].map((document): DocumentSummary => {
    const live = published.get(document);
    const last = newest.get(document);
    const draft = drafts.get(document);
    const data = draft?.data ?? live?.data ?? null;
    const status: DocumentStatus =
      last?.source === "conflict"
        ? "conflicto"
        : schedules.has(document)
          ? "programada"
          : draft
            ? "borrador"
            : live && live.data === null
              ? "retirada"
              : "publicada";
    return {
      document,
      title: titleOf(document, data ?? live?.data),
      path: document === SITE_DOCUMENT ? null : slugOf(data),
      status,
      author: last?.author ?? draft?.author ?? "",
      at: last?.at ?? draft?.at ?? 0,
      draft: draft ? { author: draft.author, at: draft.at } : null,
    };
  });
  return list.sort((a, b) =>
    a.path === null ? -1 : b.path === null ? 1 : a.path.localeCompare(b.path),
  );
}

/**
 * Where a link may lead, for the link fields' suggestions: every published page by its path
 * and title, and the affiliate's sign-up and login paths of the site settings (they go
 * through the click ledger).
 */
export async function destinations(
  store: ContentStore,
): Promise<Array<{ path: string; label: string }>> {
  const published = await store.published();
  const found = new Map<string, string>();
  const header = (
    published.get(SITE_DOCUMENT)?.data as {
      header?: {
        signup_link?: string;
        signup_text?: string;
        login_link?: string;
        login_text?: string;
      };
    } | null
  )?.header;
  if (header?.signup_link)
    found.set(header.signup_link, `Afiliado: ${header.signup_text ?? "registro"}`);
  if (header?.login_link)
    found.set(header.login_link, `Afiliado: ${header.login_text ?? "acceso"}`);
  for (const [document, { data }] of published) {
    const slug = slugOf(data);
    if (isPageDocument(document) && slug) found.set(slug, `Página: ${titleOf(document, data)}`);
  }
  return [...found].map(([path, label]) => ({ path, label }));
}

/** What the editor of one document starts from. */
export type EditorState = {
  document: string;
  /** What the site serves now (null: a new page, or one taken off the site). */
  published: Revision | null;
  draft: Draft | null;
  /** A change of the content files kept apart (decision 022), when the newest revision is one. */
  conflict: Revision | null;
};

export async function editorState(
  store: ContentStore,
  document: string,
): Promise<EditorState | null> {
  const [history, draft] = await Promise.all([store.history(document), store.draft(document)]);
  if (history.length === 0 && !draft) return null;
  const published = history.find((revision) => revision.source !== "conflict") ?? null;
  const conflict = history[0]?.source === "conflict" ? history[0] : null;
  return { document, published, draft, conflict };
}

/** The result of checking content with some documents changed. */
export type Check = {
  /** The problems that stop a publish, each "file: path: message". */
  problems: string[];
  /** Advice (SEO lengths, alt texts): never stops anything. */
  warnings: string[];
  /** The checked content, when valid. */
  content: Content | null;
};

/** Checks the published content with `changes` applied (a document's data, or null: removed). */
export async function checkWith(
  { store, media }: Pick<StudioAccess, "store" | "media">,
  changes: ReadonlyMap<string, unknown>,
): Promise<Check> {
  // An image uploaded on another instance a moment ago is in the library here too.
  await media.sync();
  const documents = await store.publishedData();
  for (const [document, data] of changes) documents.set(document, data);
  try {
    const moved = movedPathsOf(await store.pastPaths(), currentPaths(documents));
    const loaded = checkContentFiles(contentFilesOf(documents, undefined, media.lookup, moved));
    return { problems: [], warnings: loaded.warnings, content: loaded };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { problems: error.problems, warnings: error.warnings, content: null };
  }
}

/** Parses "components[3].data.content.h1" into its keys. */
export function parsePath(text: string): Array<string | number> {
  if (text === "(root)" || text === "(archivo)") return [];
  const keys: Array<string | number> = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) keys.push(match[1]);
    else if (match[2] !== undefined) keys.push(Number(match[2]));
    else keys.push(JSON.parse(`"${match[3]}"`) as string);
  }
  return keys;
}

/**
 * Splits problems into those of `document` (by field, for the form) and the others (another
 * page that would break: a link to this page, a duplicate title).
 */
export function problemsOf(
  document: string,
  lines: readonly string[],
  data: unknown,
): { fields: FieldProblem[]; others: string[] } {
  const prefix = `${fileOf(document)}: `;
  const blocks = (data as { components?: unknown[] } | null)?.components;
  const fields: FieldProblem[] = [];
  const others: string[] = [];
  for (const line of lines) {
    if (!line.startsWith(prefix)) {
      others.push(line);
      continue;
    }
    const rest = line.slice(prefix.length);
    const split = rest.indexOf(": ");
    const path = parsePath(split < 0 ? "(root)" : rest.slice(0, split));
    fields.push({
      path,
      words: pathWords(path, blocks),
      message: split < 0 ? rest : rest.slice(split + 2),
    });
  }
  return { fields, others };
}

const shown = (value: unknown): string | null =>
  value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);

/** What changed, field by field, from `before` to `after` (null: the page did not exist). */
export function changesBetween(before: unknown, after: unknown): FieldChange[] {
  if (before === null || after === null) {
    return [
      {
        words: "Página",
        kind: before === null ? "añadido" : "eliminado",
        before: null,
        after: null,
      },
    ];
  }
  const blocks = (after as { components?: unknown[] }).components;
  return diff(before as Record<string, unknown>, after as Record<string, unknown>).map(
    (change) => ({
      words: pathWords(change.path, blocks),
      kind:
        change.type === "CREATE" ? "añadido" : change.type === "REMOVE" ? "eliminado" : "cambiado",
      before: change.type === "CREATE" ? null : shown(change.oldValue),
      after: change.type === "REMOVE" ? null : shown(change.value),
    }),
  );
}

export { isPageDocument, SITE_DOCUMENT };
