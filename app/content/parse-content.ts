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
import { PageSchema, SiteSchema, type Page, type Site } from "./schema";

export type ContentFile = { file: string; data: unknown };
export type Content = {
  site: Site;
  pages: Page[];
  /** Every affiliate link of the content by id (see affiliate-routes.ts). */
  links: ReadonlyMap<string, AffiliateLink>;
};

export class ContentError extends Error {
  constructor(
    readonly problems: string[],
    /** Advice found alongside (content-checks.server.ts), shown next to the problems. */
    readonly warnings: string[] = [],
  ) {
    super(`Invalid content:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
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

function check<T>(schema: z.ZodType<T>, { file, data }: ContentFile, problems: string[]): T | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    problems.push(`${file}: ${formatPath(issue.path)}: ${issue.message}`);
  }
  return null;
}

/** Parses every file; throws a ContentError listing every problem found. */
export function parseContent(siteFile: ContentFile, pageFiles: ContentFile[]): Content {
  const problems: string[] = [];
  const site = check(SiteSchema, siteFile, problems);
  const pages: Page[] = [];
  const fileOfPage = new Map<Page, string>();
  const fileOfSlug = new Map<string, string>();

  for (const pageFile of pageFiles) {
    const page = check(PageSchema, pageFile, problems);
    if (!page) continue;
    const other = fileOfSlug.get(page.slug);
    if (other) {
      problems.push(`${pageFile.file}: slug: duplicate slug "${page.slug}" (also in ${other})`);
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
    problems.push(`content/pages: no page has slug "/" (the home page is required)`);
  }
  site?.meta.meta_scripts_settings.pages.forEach((listed, index) => {
    if (!rawSlugs.has(listed)) {
      problems.push(
        `${siteFile.file}: meta.meta_scripts_settings.pages[${index}]: no page has slug "${listed}"`,
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
  if (problems.length > 0 || !site) throw new ContentError(problems);
  const ordered = pages.map((page) => ({ ...page, components: orderBlocks(page.components) }));
  const routed = routeAffiliateLinks(ordered, site);
  if (routed.problems.length > 0) {
    const fileOfSlugs = new Map(pages.map((page) => [page.slug, fileOfPage.get(page)]));
    throw new ContentError(
      routed.problems.map(
        ({ slug, path, message }) => `${fileOfSlugs.get(slug)}: ${formatPath(path)}: ${message}`,
      ),
    );
  }
  return { site, pages: ordered, links: routed.links };
}
