/**
 * Content as documents and as files. The studio stores documents ("site", "pages/home");
 * the content checks read files ({ file, data }, named as an editor reads them). A
 * document is the file `<content>/<document>.json`, so a problem about a stored document
 * names the file `npm run content:export` writes it to, as a problem about a file does.
 */
import path from "node:path";

import {
  contentDirectory,
  displayName,
  readContentFiles,
  type ContentFiles,
  type MediaLookup,
} from "~/content/content-files.server";

import type { MovedPath } from "~/redirects/redirects";

import { documentText, textHash, type FileDocument } from "./content-store.server";

export const SITE_DOCUMENT = "site";
const PAGE_PREFIX = "pages/";

export const isPageDocument = (document: string): boolean =>
  document.startsWith(PAGE_PREFIX) && /^pages\/[a-z0-9-]+$/.test(document);

/** The page document a new page of this slug gets ("/bonos/verano" → "pages/bonos-verano"). */
export function pageDocumentFor(slug: string): string {
  const name = slug.replace(/^\/+/, "").replace(/\//g, "-") || "home";
  return `${PAGE_PREFIX}${name}`;
}

/** The file of a document, as problems name it. */
export const fileOf = (document: string, root = contentDirectory().root): string =>
  displayName(path.join(root, `${document}.json`));

/** Each live page document's path (its slug). */
export function currentPaths(documents: ReadonlyMap<string, unknown>): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [document, data] of documents) {
    const slug = (data as { slug?: unknown } | null)?.slug;
    if (isPageDocument(document) && typeof slug === "string") paths.set(document, slug);
  }
  return paths;
}

/** Content files made of documents (pages in document order, as files are read). */
export function contentFilesOf(
  documents: ReadonlyMap<string, unknown>,
  root = contentDirectory().root,
  media?: MediaLookup,
  moved?: readonly MovedPath[],
): ContentFiles {
  const site = documents.get(SITE_DOCUMENT);
  const pageFiles = [...documents]
    .filter(([document, data]) => isPageDocument(document) && data !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([document, data]) => ({ file: fileOf(document, root), data }));
  return {
    siteFile:
      site === undefined || site === null
        ? null
        : { file: fileOf(SITE_DOCUMENT, root), data: site },
    pageFiles,
    problems:
      site === undefined || site === null
        ? [`${fileOf(SITE_DOCUMENT, root)}: (archivo): falta`]
        : [],
    ...(media ? { media } : {}),
    ...(moved ? { moved } : {}),
  };
}

/** The documents of the content directory, each with the hash of its text as exported. */
export function readFileDocuments(root = contentDirectory().root): {
  documents: FileDocument[];
  problems: string[];
} {
  const files = readContentFiles(root);
  const documents = [files.siteFile, ...files.pageFiles]
    .filter((file) => file !== null)
    .map(({ file, data }) => {
      const relative = path.relative(root, path.resolve(file)).split(path.sep).join("/");
      return {
        document: relative.replace(/\.json$/, ""),
        data,
        hash: textHash(documentText(data)),
      };
    });
  return { documents, problems: files.problems };
}
