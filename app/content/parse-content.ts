/**
 * Validates the raw JSON of the site config and the pages, file by file, and checks the
 * rules that span files (unique slugs, a home page). Every problem names the file, the
 * JSON path inside it and what is wrong, so both `npm run content:check` and the server
 * boot fail with a message an editor can act on.
 */
import type { z } from "zod";

import { findAffiliateLinkProblems } from "./affiliate-links";
import { routeAffiliateLinks, type AffiliateLink } from "./affiliate-routes";
import { orderBlocks } from "./order-blocks";
import { PageSchema, pageSchema, SiteSchema, siteSchema, type Page, type Site } from "./schema";
import { isAdvice, type ContentContext } from "./schema/context";

export type ContentFile = { file: string; data: unknown };
export type Content = {
  site: Site;
  pages: Page[];
  /** Every affiliate link of the content by id (see affiliate-routes.ts). */
  links: ReadonlyMap<string, AffiliateLink>;
};

/** Content and the advice its schemas gave (an image without alt text, a skipped heading). */
export type ParsedContent = Content & { advice: string[] };

/** The context of a check run, told which file is being parsed (for the links it records). */
export type ParseContext = ContentContext & { enterFile(file: string): void };

export class ContentError extends Error {
  constructor(
    readonly problems: string[],
    /** Advice found alongside, shown next to the problems. */
    readonly warnings: string[] = [],
  ) {
    super(`Contenido no válido:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ContentError";
  }
}

/** Formats a zod issue path as JSON-path-like text: `components[3].data.content.h1`. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(String(key)))
      out += out ? `.${String(key)}` : String(key);
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || "(root)";
}

type Schemas<T> = { checked: z.ZodType<T>; plain: z.ZodType<T> };

/**
 * Parses one file. Advice issues do not make the file invalid: when they are all there
 * is, the file is parsed again without a context for its data (the checks that found
 * them do not change the output).
 */
function check<T>(
  schemas: Schemas<T>,
  { file, data }: ContentFile,
  problems: string[],
  advice: string[],
): T | null {
  const result = schemas.checked.safeParse(data);
  if (result.success) return result.data;
  let valid = true;
  for (const issue of result.error.issues) {
    const line = `${file}: ${formatPath(issue.path)}: ${issue.message}`;
    if (isAdvice(issue)) advice.push(line);
    else {
      problems.push(line);
      valid = false;
    }
  }
  if (!valid || schemas.checked === schemas.plain) return null;
  const plain = schemas.plain.safeParse(data);
  return plain.success ? plain.data : null;
}

/**
 * Parses every file; throws a ContentError listing every problem found. With a context
 * (content-checks.server.ts), the schemas also check files, image shapes and links, and
 * give advice.
 */
export function parseContent(
  siteFile: ContentFile,
  pageFiles: ContentFile[],
  context?: ParseContext,
): ParsedContent {
  const problems: string[] = [];
  const advice: string[] = [];
  const siteSchemas = { checked: context ? siteSchema(context) : SiteSchema, plain: SiteSchema };
  const pageSchemas = { checked: context ? pageSchema(context) : PageSchema, plain: PageSchema };
  context?.enterFile(siteFile.file);
  const site = check(siteSchemas, siteFile, problems, advice);
  const pages: Page[] = [];
  const fileOfPage = new Map<Page, string>();
  const fileOfSlug = new Map<string, string>();

  for (const pageFile of pageFiles) {
    context?.enterFile(pageFile.file);
    const page = check(pageSchemas, pageFile, problems, advice);
    if (!page) continue;
    const other = fileOfSlug.get(page.slug);
    if (other) {
      problems.push(`${pageFile.file}: slug: slug repetido "${page.slug}" (también en ${other})`);
      continue;
    }
    fileOfSlug.set(page.slug, pageFile.file);
    fileOfPage.set(page, pageFile.file);
    pages.push(page);
  }

  // Checked against the raw slugs too, so a home page that failed validation is not
  // also reported as missing.
  const rawSlugs = new Set(pageFiles.map(({ data }) => (data as { slug?: unknown } | null)?.slug));
  if (!rawSlugs.has("/")) {
    problems.push(`content/pages: ninguna página tiene el slug "/" (la portada es obligatoria)`);
  }
  site?.meta.meta_scripts_settings.pages.forEach((listed, index) => {
    if (!rawSlugs.has(listed)) {
      problems.push(
        `${siteFile.file}: meta.meta_scripts_settings.pages[${index}]: ninguna página tiene el slug "${listed}"`,
      );
    }
  });
  if (site) {
    for (const page of pages) {
      for (const { path, message } of findAffiliateLinkProblems(page, site)) {
        problems.push(`${fileOfPage.get(page)}: ${formatPath(path)}: ${message}`);
      }
    }
  }
  if (problems.length > 0 || !site) throw new ContentError(problems, advice);
  const ordered = pages.map((page) => ({ ...page, components: orderBlocks(page.components) }));
  const routed = routeAffiliateLinks(ordered, site);
  if (routed.problems.length > 0) {
    const fileOfSlugs = new Map(pages.map((page) => [page.slug, fileOfPage.get(page)]));
    throw new ContentError(
      routed.problems.map(
        ({ slug, path, message }) => `${fileOfSlugs.get(slug)}: ${formatPath(path)}: ${message}`,
      ),
      advice,
    );
  }
  return { site, pages: ordered, links: routed.links, advice };
}
