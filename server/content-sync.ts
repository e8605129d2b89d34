/**
 * Keeps this instance serving the content the studio published (decision 022). At start
 * it brings in what the content files changed (ContentStore.importFiles) and serves the
 * published documents; then it asks the database once a second whether anything was
 * published (one `max(id)`), on any instance, and serves it: a publish is live everywhere
 * within about a second, with no restart and no build. Each change empties the page cache,
 * and, when CONTENT_PURGE_URL is set, tells a CDN to purge. The same tick publishes the
 * drafts scheduled for a time that has come.
 */
import { movedPathsOf } from "~/redirects/redirects";
import { contentFilesOf, currentPaths, readFileDocuments } from "~/studio/content-documents.server";
import type { ContentStore, PastPaths } from "~/studio/content-store.server";
import type { MediaStore } from "~/studio/media-store.server";
import type { ServerApp } from "~/server-app.server";

import type { PageCache } from "./page-cache";

/** How often an instance asks whether content was published. */
export const CONTENT_POLL_MS = 1_000;

export type ContentSync = {
  /** Serves the newest published content now, if it changed (after a publish). */
  refresh: () => Promise<void>;
  /** Brings in what the content files changed (a save in development), then refreshes. */
  importFiles: () => Promise<void>;
  stop: () => void;
};

export async function startContentSync({
  store,
  media,
  app,
  cache,
  contentRoot,
  purgeUrl,
  log = console.log,
  audit = async () => undefined,
  pollMs = CONTENT_POLL_MS,
}: {
  store: ContentStore;
  /** The media library: its list of files is read again when it changed, before the content. */
  media: MediaStore;
  app: () => ServerApp;
  cache: PageCache | null;
  contentRoot: string;
  purgeUrl?: string | undefined;
  log?: (line: string) => void;
  /** Records a change in the audit log (who, what, which document, detail). */
  audit?: (actor: string, action: string, target: string, detail?: string) => Promise<void>;
  pollMs?: number;
}): Promise<ContentSync> {
  let applied = -1;
  let running: Promise<void> = Promise.resolve();

  /** The documents as content files, with the paths their pages have left (`past`). */
  const filesOf = (documents: ReadonlyMap<string, unknown>, past: PastPaths) =>
    contentFilesOf(
      documents,
      contentRoot,
      media.lookup,
      movedPathsOf(past, currentPaths(documents)),
    );
  const apply = async () => {
    await media.sync();
    const head = await store.head();
    if (head === applied) return;
    const documents = await store.publishedData();
    const files = filesOf(documents, await store.pastPaths());
    try {
      app().applyContent(files);
    } catch (error) {
      log(`[content] the published content cannot be served: ${(error as Error).message}`);
    }
    applied = head;
    cache?.clear();
    if (purgeUrl) {
      fetch(purgeUrl, { method: "POST" }).catch((error: unknown) =>
        log(`[content] purge ${purgeUrl} failed: ${(error as Error).message}`),
      );
    }
  };
  const refresh = () => {
    running = running.then(apply, apply);
    return running;
  };
  /** Brings in what the content files changed, then serves what is published. */
  const importFiles = async () => {
    const files = readFileDocuments(contentRoot);
    for (const problem of files.problems) log(`[content] ${problem}`);
    const served = await store.publishedData();
    const past = await store.pastPaths();
    const imported = await store.importFiles(files.documents, (changes) => {
      const documents = new Map(served);
      for (const [document, data] of changes) documents.set(document, data);
      return app().contentProblems(filesOf(documents, past));
    });
    if (imported.published.length) {
      log(`[content] from the content files: ${imported.published.join(", ")}`);
    }
    if (imported.conflicts.length) {
      log(
        `[content] kept apart, not published (shown in /admin/contenido): ${imported.conflicts.join(", ")}`,
      );
    }
    for (const problem of imported.problems) log(`[content] ${problem}`);
    await refresh();
  };
  /**
   * Publishes the drafts whose time came ("Programar"), each taken by one instance only,
   * after the same checks as a publish; a draft that fails them stays a draft, and the audit
   * log says why.
   */
  const publishDue = async () => {
    for (const due of await store.takeDue()) {
      const documents = await store.publishedData();
      documents.set(due.document, due.data);
      const problems = app().contentProblems(filesOf(documents, await store.pastPaths()));
      if (problems.length > 0) {
        log(`[content] scheduled publish of ${due.document} refused: ${problems.join("; ")}`);
        await audit(due.author, "programación no publicada", due.document, problems.join(" · "));
        continue;
      }
      const [id] = await store.publish(
        [{ document: due.document, data: due.data }],
        due.author,
        due.message || "Publicación programada",
      );
      await audit(due.author, "publicar (programado)", due.document, `revisión n.º ${id}`);
    }
  };
  await media.sync();
  await importFiles();
  const timer = setInterval(() => {
    publishDue()
      .then(refresh)
      .catch((error: unknown) =>
        log(`[content] cannot read the published content: ${(error as Error).message}`),
      );
  }, pollMs);
  timer.unref();
  return { refresh, importFiles, stop: () => clearInterval(timer) };
}
