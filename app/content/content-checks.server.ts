/**
 * One check run over the content directory: the schemas, given a context (the files in
 * public/, the pages' slugs and the routes the site answers), check files, image shapes
 * and links as they parse; then the rules about words (copy-rules.ts) and the SEO advice
 * (seo-advice.ts) read what they accepted.
 *
 * Problems stop `npm run content:check`, the build and the boot. Advice never stops
 * anything; `npm run dev` shows it beside the page.
 */
import type { MovedPath } from "~/redirects/redirects";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

import { imageSize } from "image-size";

import { HEADER_LINK_IDS, isOutboundPath } from "./affiliate-routes";
import type { MediaLookup } from "./content-files.server";
import { advertisingRules, checkCopy, type Placeholders } from "./copy-rules";
import {
  ContentError,
  formatPath,
  parseContent,
  type ContentFile,
  type ParsedContent,
} from "./parse-content";
import { SiteSchema } from "./schema";
import { linkedPath, type ContentContext, type Dimensions } from "./schema/context";
import { splitLinkProblems } from "./schema/splits";
import { recordPaths } from "./record-pages";
import { seoFindings } from "./seo-advice";

export { linkedPath } from "./schema/context";
export { PLACEHOLDER } from "./copy-rules";
export { SEO_LIMITS } from "./seo-advice";

/** Resource routes of remix.config.js a content link may name. */
const RESOURCE_PATHS = new Set(["/sitemap.xml", "/robots.txt"]);

/** Extensions of files a link may name (a missing one is a missing file, not a page). */
const FILE_EXTENSION = /\.(svg|png|jpe?g|webp|avif|gif|ico|pdf|txt|xml|json)$/i;

/**
 * Reads files under public/ once per check run; the media library's files (under /media/,
 * in the database) are asked of its lookup.
 */
class PublicFiles {
  private readonly exists = new Map<string, boolean>();
  private readonly sizes = new Map<string, Dimensions | null>();
  constructor(
    private readonly root: string,
    private readonly media: MediaLookup = () => null,
  ) {}

  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath.replace(/[?#].*$/, ""));
    } catch {
      return null;
    }
    const file = path.join(this.root, decoded);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  has(urlPath: string): boolean {
    if (this.media(urlPath)) return true;
    let known = this.exists.get(urlPath);
    if (known === undefined) {
      const file = this.resolve(urlPath);
      known = file !== null && (statSync(file, { throwIfNoEntry: false })?.isFile() ?? false);
      this.exists.set(urlPath, known);
    }
    return known;
  }

  size(urlPath: string): Dimensions | null {
    const media = this.media(urlPath);
    if (media) return media;
    if (!this.sizes.has(urlPath)) {
      let size: Dimensions | null = null;
      const file = this.resolve(urlPath);
      if (file && this.has(urlPath)) {
        try {
          const { width, height } = imageSize(readFileSync(file));
          if (width && height) size = { width, height };
        } catch {
          size = null;
        }
      }
      this.sizes.set(urlPath, size);
    }
    return this.sizes.get(urlPath) ?? null;
  }
}

const rawSlug = ({ data }: ContentFile): string | null => {
  const slug = (data as { slug?: unknown } | null)?.slug;
  return typeof slug === "string" ? slug : null;
};

/**
 * The context of one run. The routes are asked of the module that makes them
 * (affiliate-routes.ts, with the header as configured in this very content).
 */
function checkContext(
  siteFile: ContentFile,
  pageFiles: ContentFile[],
  publicRoot: string,
  media?: MediaLookup,
  moved: readonly MovedPath[] = [],
) {
  const files = new PublicFiles(publicRoot, media);
  // A path a page has left, or one an admin redirected, still leads somewhere: a 301.
  const manual = (siteFile.data as { redirects?: unknown } | null)?.redirects;
  const redirected = new Set([
    ...moved.map((path) => path.from),
    ...(Array.isArray(manual)
      ? manual.map((redirect) => (redirect as { from?: unknown } | null)?.from)
      : []
    ).filter((from): from is string => typeof from === "string"),
  ]);
  const slugs = new Set([
    ...pageFiles.map(rawSlug).filter((slug) => slug !== null),
    ...recordPaths(siteFile.data),
  ]);
  const header = SiteSchema.shape.header.safeParse(
    (siteFile.data as { header?: unknown } | null)?.header,
  );
  const linkedFrom = new Map<string, Set<string>>();
  let current = siteFile.file;

  const leadsSomewhere = (target: string) => servesItself(target) || redirected.has(target);
  const servesItself = (target: string) =>
    slugs.has(target) ||
    RESOURCE_PATHS.has(target) ||
    (header.success && isOutboundPath(target, { header: header.data })) ||
    files.has(target);

  const context: ContentContext & { enterFile(file: string): void } = {
    hasFile: (urlPath) => files.has(urlPath),
    serves: (path) => servesItself(linkedPath(path) ?? path),
    fileSize: (urlPath) => files.size(urlPath),
    linkProblem(href) {
      const target = linkedPath(href);
      if (target === null) return null;
      if (!leadsSomewhere(target)) {
        return FILE_EXTENSION.test(target)
          ? "no es ningún archivo de public/ (añade el archivo o corrige la ruta)"
          : `no lleva a ninguna página del sitio (páginas: ${[...slugs].sort().join(", ")})`;
      }
      if (!linkedFrom.has(target)) linkedFrom.set(target, new Set());
      linkedFrom.get(target)!.add(current);
      return null;
    },
    enterFile(file) {
      current = file;
    },
  };
  return { context, linkedFrom };
}

export type CheckResult = {
  /** The content, when it has no problem. */
  content: ParsedContent | null;
  problems: string[];
  warnings: string[];
};

/** Checks the raw files of a content directory in one typed pass. */
export function checkContent({
  siteFile,
  pageFiles,
  publicRoot,
  media,
  moved,
  placeholders = "advice",
}: {
  siteFile: ContentFile;
  pageFiles: ContentFile[];
  publicRoot: string;
  media?: MediaLookup | undefined;
  moved?: readonly MovedPath[] | undefined;
  /** "problem" when publishing (build, boot of production), "advice" while writing. */
  placeholders?: Placeholders;
}): CheckResult {
  const { context, linkedFrom } = checkContext(siteFile, pageFiles, publicRoot, media, moved);
  let parsed: ParsedContent;
  try {
    parsed = parseContent(siteFile, pageFiles, context);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { content: null, problems: error.problems, warnings: error.warnings };
  }
  const problems: string[] = [];
  const warnings = [...parsed.advice];
  const fileOf = new Map(pageFiles.map((file) => [rawSlug(file), file]));
  const rules = advertisingRules(parsed.site.advertising_rules);
  // The records' pages are checked with the site config that holds their records.
  const fileOfPage = (page: { slug: string }) => fileOf.get(page.slug) ?? siteFile;
  for (const [file, slug] of [
    [siteFile, null] as const,
    ...parsed.pages
      .filter((page) => fileOf.has(page.slug))
      .map((page) => [fileOfPage(page), page.slug] as const),
  ]) {
    const copy = checkCopy(file, slug, placeholders, rules);
    problems.push(...copy.problems);
    warnings.push(...copy.advice);
  }
  const seo = seoFindings(
    parsed.pages.map((page) => ({ file: fileOfPage(page).file, page })),
    linkedFrom,
  );
  problems.push(...seo.problems);
  warnings.push(...seo.advice);
  // A destination split names a link of a page: known once the pages are routed.
  for (const { path, message } of splitLinkProblems(
    parsed.site.affiliate.splits,
    new Set(parsed.links.keys()),
  )) {
    problems.push(`${siteFile.file}: ${formatPath(path)}: ${message}`);
  }
  // So does a link's fallback, or one of the header's buttons.
  const fallbackLinks = new Set([...parsed.links.keys(), ...Object.values(HEADER_LINK_IDS)]);
  parsed.site.affiliate.fallbacks.forEach(({ link }, index) => {
    if (fallbackLinks.has(link)) return;
    const path = formatPath(["affiliate", "fallbacks", index, "link"]);
    problems.push(
      `${siteFile.file}: ${path}: ningún enlace tiene el id "${link}" (los ids salen en el informe de clics)`,
    );
  });
  return { content: problems.length > 0 ? null : parsed, problems, warnings };
}
