/**
 * Reads, validates and checks the content directory: what the server build does once as
 * it loads (app/content/content.server.ts), what `npm run content:check` runs, and what
 * `npm run dev` repeats on every save. Throws a ContentError listing every problem.
 */
import { checkContent } from "./content-checks.server";
import { contentDirectory, readContentFiles, type ContentDirectory } from "./content-files.server";
import { ContentError, parseContent, type Content } from "./parse-content";

export type LoadedContent = Content & {
  /** Advice that does not stop anything (see content-checks.server.ts). */
  warnings: string[];
  /** How many page files were read. */
  pageCount: number;
  /** The file of each page, by slug, and of the site config (for the advice of one page). */
  files: { site: string; pages: ReadonlyMap<string, string> };
};

export function loadContent(directory: ContentDirectory = contentDirectory()): LoadedContent {
  const files = readContentFiles(directory.root);
  const problems = [...files.problems];
  let content: Content | null = null;
  if (files.siteFile) {
    try {
      content = parseContent(files.siteFile, files.pageFiles);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (!content || !files.siteFile || problems.length > 0) throw new ContentError(problems);
  const { problems: found, warnings } = checkContent({
    siteFile: files.siteFile,
    pageFiles: files.pageFiles,
    publicRoot: directory.publicRoot,
  });
  if (found.length > 0) throw new ContentError(found, warnings);
  const pages = new Map(
    files.pageFiles.map(({ file, data }) => [(data as { slug: string }).slug, file]),
  );
  return {
    ...content,
    warnings,
    pageCount: files.pageFiles.length,
    files: { site: files.siteFile.file, pages },
  };
}
