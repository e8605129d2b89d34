/**
 * The site's content, read from the content directory (content/, or CONTENT_DIR) and
 * validated as a whole (load-content.server.ts). Invalid content throws a ContentError
 * naming file, JSON path and problem.
 *
 * A production build reads it once, as the build loads: invalid content stops the boot.
 * A development build reads it when the dev server asks, right after loading the build
 * and again on every save in the content folder (server/dev-content.ts): the content is
 * reloaded as data, the code is not imported again (docs/decisions/010-content-reload-in-development.md).
 *
 * The exports below are live bindings: code that reads `site` or `pages` while it answers
 * sees the current content. Anything derived from the content once and kept goes through
 * `perContent`, so it follows a reload.
 */
import type { ContentFiles } from "./content-files.server";
import { checkContentFiles, loadContent, type LoadedContent } from "./load-content.server";
import { ContentError } from "./parse-content";
import { toPublicSite, type PublicSite } from "./public-site";
import { redirectMap, type MovedPath } from "~/redirects/redirects";

export let site: LoadedContent["site"];
export let pages: LoadedContent["pages"];
export let links: LoadedContent["links"];
/** The variant pages of experiments, by slug (experiment-variants.ts). */
export let variants: LoadedContent["variants"];
/** The advice (content-checks.server.ts) about the whole content. */
export let warnings: LoadedContent["warnings"];
export let files: LoadedContent["files"];
/** What the root loader sends to every page (no affiliate destinations). */
export let publicSite: PublicSite;

/** Counts the content read so far; derived values remember the one they were made from. */
let version = 0;

/**
 * Reads the content directory again and puts it in place of the current content. Throws a
 * ContentError when the content is invalid; the last valid content then stays in place.
 */
export function reloadContent(): void {
  serve(loadContent());
}

/** The old paths of the pages, where they are now (the studio's revisions; none without it). */
let movedPaths: readonly MovedPath[] = [];

/**
 * Puts content the studio stores in place of the current content (server/content-sync.ts):
 * checked as a whole first; a ContentError leaves the last valid content in place. Its
 * `moved` are the paths pages have left (app/redirects/redirects.ts).
 */
export function applyContent(documents: ContentFiles): void {
  const loaded = checkContentFiles(documents);
  movedPaths = documents.moved ?? [];
  serve(loaded);
}

function serve(loaded: LoadedContent): void {
  ({ site, pages, links, variants, warnings, files } = loaded);
  publicSite = toPublicSite(site);
  version += 1;
}

/**
 * A value derived from the content, made on first use and made again after a reload.
 * Module-level derivations (a map of pages by slug, every page's head) use it so they never
 * hold the content of an earlier save.
 */
export function perContent<T>(derive: () => T): () => T {
  let madeFrom = 0;
  let value: T;
  return () => {
    if (madeFrom !== version) {
      value = derive();
      madeFrom = version;
    }
    return value;
  };
}

/** Every 301 the site answers, by old path (app/redirects/redirects.ts). */
export const redirects = perContent(() =>
  redirectMap(movedPaths, site.redirects ?? [], new Set(pages.map((page) => page.slug))),
);

/** Pages with an affiliate link: they promote the brand (advertising notice, country gate). */
export const promotionalSlugs = perContent(
  () => new Set([...links.values()].map((link) => link.page)),
);

/**
 * Why the content files could not be served as the build loaded, or null. With the studio
 * the content the database holds serves instead (server/content-sync.ts); without it the
 * server stops, naming the problems.
 */
export let filesProblem: ContentError | null = null;

// `process.env.NODE_ENV` is the build's mode here (the Remix compiler replaces it).
if (process.env.NODE_ENV !== "development") {
  try {
    reloadContent();
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    filesProblem = error;
  }
}

/** True once some content is in place (the files', or the studio's). */
export const hasContent = (): boolean => version > 0;

/** The advice (content-checks.server.ts) about one page's file and the site config. */
export function adviceFor(slug: string): string[] {
  const own = [files.pages.get(slug), files.site].map((file) => `${file}: `);
  return warnings.filter((line) => own.some((prefix) => line.startsWith(prefix)));
}
