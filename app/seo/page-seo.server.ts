/**
 * Every page's head and structured data, built once per content (the first request after
 * the build loads, or after `npm run dev` reloads the content), never per request.
 */
import { pages, perContent, site } from "~/content/content.server";

import type { MetaDescriptor } from "@remix-run/node";

import { seoDescriptors } from "./seo-head.server";
import { buildSeo } from "./seo.server";

const headOfSlug = perContent(
  () =>
    new Map<string, MetaDescriptor[]>(
      pages.map((page) => [page.slug, seoDescriptors(buildSeo(page, site, pages))]),
    ),
);

/** The prepared head of a page of the content, as Remix meta descriptors. */
export function headOf(slug: string): MetaDescriptor[] | null {
  return headOfSlug().get(slug) ?? null;
}
