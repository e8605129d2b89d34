/**
 * Every page's head and structured data, built once per content (the first request after
 * the build loads, or after `npm run dev` reloads the content), never per request.
 */
import { pages, perContent, site } from "~/content/content.server";

import { buildSeo, type Seo } from "./seo.server";

const seoOfSlug = perContent(
  () => new Map<string, Seo>(pages.map((page) => [page.slug, buildSeo(page, site, pages)])),
);

/** The prepared head of a page of the content. */
export function seoOf(slug: string): Seo | null {
  return seoOfSlug().get(slug) ?? null;
}
