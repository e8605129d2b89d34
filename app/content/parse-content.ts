/**
 * Validates the raw JSON of the site config and the pages, file by file, and checks the
 * rules that span files (unique slugs, a home page). Every problem names the file, the
 * JSON path inside it and what is wrong, so both `npm run content:check` and the server
 * boot fail with a message an editor can act on.
 */
import type { z } from "zod";

import { findAffiliateLinkProblems } from "./affiliate-links";
import { routeAffiliateLinks, type AffiliateLink } from "./affiliate-routes";
import { variantFilesOf, type PageVariants, type VariantFile } from "./experiment-variants";
import { orderBlocks } from "./order-blocks";
import { offerProblems, withOfferTerms } from "./offers";
import { bylineProblems, recordPages, withRecords } from "./record-pages";
import { STATUS_OF_SLUG } from "./resolve-page";
import { PageSchema, pageSchema, SiteSchema, siteSchema, type Page, type Site } from "./schema";
import { isAdvice, type ContentContext } from "./schema/context";

/** Pages that answer with an error status: no byline. */
const STATUS_SLUGS: ReadonlySet<string> = new Set(Object.keys(STATUS_OF_SLUG));

export type ContentFile = { file: string; data: unknown };
export type Content = {
  site: Site;
  pages: Page[];
  /** Every affiliate link of the content by id (see affiliate-routes.ts). */
  links: ReadonlyMap<string, AffiliateLink>;
  /** The variant pages of the pages under experiments, by slug (experiment-variants.ts). */
  variants: ReadonlyMap<string, PageVariants>;
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
  const variantFiles: { slug: string; file: VariantFile }[] = [];

  for (const pageFile of pageFiles) {
    context?.enterFile(pageFile.file);
    const page = check(pageSchemas, pageFile, problems, advice);
    if (!page) continue;
    if (site) {
      const variants = variantFilesOf(pageFile, site.experiments);
      problems.push(...variants.problems);
      variantFiles.push(...variants.files.map((file) => ({ slug: page.slug, file })));
    }
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
    if (rawSlugs.has(listed)) return;
    // A path a page has left (a 301 now): advice, so renaming the page is not refused.
    if (context?.serves?.(listed) === false && context.linkProblem(listed) === null) {
      advice.push(
        `${siteFile.file}: meta.meta_scripts_settings.pages[${index}]: "${listed}" es una ruta antigua que ahora redirige: pon la ruta nueva de la página`,
      );
    } else {
      problems.push(
        `${siteFile.file}: meta.meta_scripts_settings.pages[${index}]: ninguna página tiene el slug "${listed}"`,
      );
    }
  });
  if (site) {
    for (const page of pages) {
      for (const { path, message } of [
        ...bylineProblems(page, site, STATUS_SLUGS),
        ...offerProblems(page, site),
        ...withRecords(page, site).problems,
      ]) {
        problems.push(`${fileOfPage.get(page)}: ${formatPath(path)}: ${message}`);
      }
    }
    // The records' pages: a page file may not take their paths.
    for (const page of recordPages(site, pages)) {
      const other = fileOfSlug.get(page.slug);
      if (other) {
        problems.push(
          `${other}: slug: "${page.slug}" es la página de un registro de ${siteFile.file} (cambia uno de los dos)`,
        );
      } else {
        pages.push(page);
      }
    }
    for (const page of pages) {
      for (const { path, message } of findAffiliateLinkProblems(page, site)) {
        problems.push(`${fileOfPage.get(page)}: ${formatPath(path)}: ${message}`);
      }
    }
  }
  // A variant's page meets the control's checks. What it finds in the blocks it shares
  // with the control is said once, of the page's own file; its advice is dropped likewise.
  const variantPages: { slug: string; file: VariantFile; page: Page }[] = [];
  for (const { slug, file } of variantFiles) {
    context?.enterFile(file.file);
    const found: string[] = [];
    const page = check(pageSchemas, file, found, []);
    if (page && site) {
      for (const { path, message } of findAffiliateLinkProblems(page, site)) {
        found.push(`${file.file}: ${formatPath(path)}: ${message}`);
      }
    }
    const own = (problem: string) =>
      !problems.includes(`${file.source}${problem.slice(file.file.length)}`);
    problems.push(...found.filter(own));
    if (page && site) variantPages.push({ slug, file, page });
  }
  if (problems.length > 0 || !site) throw new ContentError(problems, advice);
  const order = (page: Page) => ({
    ...page,
    components: orderBlocks(withOfferTerms(withRecords(page, site).page, site).components),
  });
  const ordered = pages.map(order);
  const routed = routeAffiliateLinks(ordered, site);
  const variants = routeVariants(
    variantPages.map((variant) => ({ ...variant, page: order(variant.page) })),
    site,
    routed.links,
  );
  if (routed.problems.length > 0 || variants.problems.length > 0) {
    const fileOfSlugs = new Map(pages.map((page) => [page.slug, fileOfPage.get(page)]));
    const own = routed.problems.map(
      ({ slug, path, message }) => `${fileOfSlugs.get(slug)}: ${formatPath(path)}: ${message}`,
    );
    const variantsOwn = variants.problems
      .filter(
        ({ file, problem }) => !own.includes(`${file.source}${problem.slice(file.file.length)}`),
      )
      .map(({ problem }) => problem);
    throw new ContentError([...own, ...variantsOwn], advice);
  }
  return { site, pages: ordered, links: routed.links, variants: variants.bySlug, advice };
}

/**
 * Routes the affiliate links of the variant pages as the pages' own. A variant may change
 * a link's text, not where it leads nor its id: the click table has one destination per
 * link (a destination test is a split, `affiliate.splits`).
 */
function routeVariants(
  variantPages: { slug: string; file: VariantFile; page: Page }[],
  site: Site,
  links: ReadonlyMap<string, AffiliateLink>,
): { bySlug: Map<string, Map<string, Page>>; problems: { file: VariantFile; problem: string }[] } {
  const bySlug = new Map<string, Map<string, Page>>();
  const problems: { file: VariantFile; problem: string }[] = [];
  for (const { slug, file, page } of variantPages) {
    const routed = routeAffiliateLinks([page], site);
    for (const { path, message } of routed.problems) {
      problems.push({ file, problem: `${file.file}: ${formatPath(path)}: ${message}` });
    }
    for (const [id, link] of routed.links) {
      if (links.get(id)?.destination !== link.destination) {
        problems.push({
          file,
          problem: `${file.file}: enlace "${id}": una variante no puede cambiar un enlace de afiliado ni su destino (usa affiliate.splits)`,
        });
      }
    }
    if (!bySlug.has(slug)) bySlug.set(slug, new Map());
    bySlug.get(slug)!.set(`${file.experiment}=${file.variant}`, page);
  }
  return { bySlug, problems };
}
