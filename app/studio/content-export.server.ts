/**
 * `npm run content:export`: writes the content the studio published as the files of the
 * content folder (site.json, pages/*.json), two-space JSON as the shipped files, so a
 * developer can read, diff and commit it. A page taken off the site loses its file. The
 * files written are recorded as seen (ContentStore.sawFiles), so the next start knows them
 * for what the studio published, not for a developer's change.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { isPageDocument, SITE_DOCUMENT } from "./content-documents.server";
import { documentText, textHash, type ContentStore } from "./content-store.server";

export async function exportContent(
  store: ContentStore,
  root: string,
): Promise<{ written: string[]; removed: string[] }> {
  const published = await store.published();
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
    const text = documentText(revision.data);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
    seen.push({ document, data: revision.data, hash: textHash(text), revision: revision.id });
  }
  await store.sawFiles(seen);
  return { written, removed };
}
