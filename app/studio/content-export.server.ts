/**
 * `npm run content:export`: writes the content the studio published as the files of the
 * content folder (site.json, pages/*.json), two-space JSON as the shipped files, so a
 * developer can read, diff and commit it, with the media library's images the content uses
 * as files of public/media/. A page taken off the site loses its file; a page's old paths
 * are written among the settings' redirects (the files have no history). The
 * files written are recorded as seen (ContentStore.sawFiles), so the next start knows them
 * for what the studio published, not for a developer's change.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { movedPathsOf, settingsWithMoves } from "~/redirects/redirects";

import { currentPaths, isPageDocument, SITE_DOCUMENT } from "./content-documents.server";
import { documentText, textHash, type ContentStore } from "./content-store.server";
import { usesMedia, type MediaStore } from "./media-store.server";

export async function exportContent(
  store: ContentStore,
  root: string,
  media?: { store: MediaStore; publicRoot: string },
): Promise<{ written: string[]; removed: string[]; images: string[] }> {
  const published = await store.published();
  // The pages' old paths go out with the settings' redirects (the files have no history).
  const documents = new Map([...published].map(([document, { data }]) => [document, data]));
  const paths = currentPaths(documents);
  const moved = movedPathsOf(await store.pastPaths(), paths);
  const written: string[] = [];
  const removed: string[] = [];
  const seen = [];
  for (const [document, revision] of published) {
    if (document !== SITE_DOCUMENT && !isPageDocument(document)) continue;
    const file = path.join(root, `${document}.json`);
    if (revision.data === null) {
      rmSync(file, { force: true });
      removed.push(file);
      continue;
    }
    const data =
      document === SITE_DOCUMENT
        ? settingsWithMoves(revision.data, moved, new Set(paths.values()))
        : revision.data;
    const text = documentText(data);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
    seen.push({ document, data, hash: textHash(text), revision: revision.id });
  }
  await store.sawFiles(seen);
  // The media library's images the content uses, as files of public/media/: the files and
  // git then hold the whole site, and the content check finds them there.
  const images: string[] = [];
  if (media) {
    for (const item of await media.store.list()) {
      if (![...published.values()].some(({ data }) => data !== null && usesMedia(data, item.id))) {
        continue;
      }
      for (const { path: urlPath } of item.files) {
        const file = path.join(media.publicRoot, urlPath);
        const stored = await media.store.file(urlPath);
        if (!stored) continue;
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, stored.body);
        images.push(file);
      }
    }
  }
  return { written, removed, images };
}
