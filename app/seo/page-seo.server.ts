/**
 * Every page's head and structured data, built once when the server build loads: content
 * does not change within a build, so no request builds them again.
 */
import { pages, site } from "~/content/content.server";

import { buildSeo, type Seo } from "./seo.server";

const seoOfSlug = new Map<string, Seo>(
  pages.map((page) => [page.slug, buildSeo(page, site, pages)]),
);

/** The prepared head of a page of the content. */
export function seoOf(slug: string): Seo | null {
  return seoOfSlug.get(slug) ?? null;
}
