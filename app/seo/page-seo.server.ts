/**
 * Every page's head and structured data, built once per content (the first request after
 * the build loads, or after `npm run dev` reloads the content), never per request.
 */
import { pages, perContent, site } from "~/content/content.server";
import { showsOfferHead } from "~/content/offers";

import type { MetaDescriptor } from "@remix-run/node";

import { seoDescriptors } from "./seo-head.server";
import { buildSeo } from "./seo.server";

const headOfSlug = perContent(
  () =>
    new Map(
      pages.map((page) => {
        const head = seoDescriptors(buildSeo(page, site, pages));
        // A head that claims an offer also gets its fallback's, shown outside the offer.
        const { fallback } = page.meta;
        const withoutOffer = fallback
          ? seoDescriptors(buildSeo({ ...page, meta: { ...page.meta, ...fallback } }, site, pages))
          : head;
        return [page.slug, { page, head, withoutOffer }] as const;
      }),
    ),
);

/** The prepared head of a page of the content at `now`, as Remix meta descriptors. */
export function headOf(slug: string, now: number): MetaDescriptor[] | null {
  const entry = headOfSlug().get(slug);
  if (!entry) return null;
  return showsOfferHead(entry.page, site, now) ? entry.head : entry.withoutOffer;
}
