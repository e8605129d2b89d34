/**
 * Reads, validates and checks the content directory: what the server build does once as
 * it loads (app/content/content.server.ts), what `npm run content:check` runs, and what
 * `npm run dev` repeats on every save. Throws a ContentError listing every problem.
 */
import { checkContent } from "./content-checks.server";
import type { Placeholders } from "./copy-rules";
import {
  contentDirectory,
  readContentFiles,
  type ContentDirectory,
  type ContentFiles,
} from "./content-files.server";
import { ContentError, type Content } from "./parse-content";

export type LoadedContent = Content & {
  /** Advice that does not stop anything (see content-checks.server.ts). */
  warnings: string[];
  /** How many page files were read. */
  pageCount: number;
  /** The file of each page, by slug, and of the site config (for the advice of one page). */
  files: { site: string; pages: ReadonlyMap<string, string> };
};

/**
 * Text still to write is a problem in production (the boot, and the check the build
 * runs) and advice while writing (`npm run dev`, tests).
 */
export const placeholdersFor = (
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Placeholders => (environment.NODE_ENV === "production" ? "problem" : "advice");

export function loadContent(
  directory: ContentDirectory = contentDirectory(),
  placeholders: Placeholders = placeholdersFor(),
): LoadedContent {
  return checkContentFiles(readContentFiles(directory.root), directory, placeholders);
}

/**
 * Validates and checks content already read: from the content directory (loadContent), or
 * the documents the studio stores, with a draft applied (app/studio).
 */
export function checkContentFiles(
  files: ContentFiles,
  directory: ContentDirectory = contentDirectory(),
  placeholders: Placeholders = placeholdersFor(),
): LoadedContent {
  // A file that cannot be read is the one problem to show: checking the others without it
  // would add its consequences (links to its page that lead nowhere) as problems of their own.
  if (!files.siteFile || files.problems.length > 0) throw new ContentError(files.problems);
  const { content, problems, warnings } = checkContent({
    siteFile: files.siteFile,
    pageFiles: files.pageFiles,
    publicRoot: directory.publicRoot,
    media: files.media,
    moved: files.moved,
    placeholders,
  });
  if (!content || files.problems.length > 0) {
    throw new ContentError([...files.problems, ...problems], warnings);
  }
  const pages = new Map(
    files.pageFiles.map(({ file, data }) => [(data as { slug: string }).slug, file]),
  );
  const { site, pages: parsed, links, variants } = content;
  return {
    site,
    pages: parsed,
    links,
    variants,
    warnings,
    pageCount: files.pageFiles.length,
    files: { site: files.siteFile.file, pages },
  };
}
