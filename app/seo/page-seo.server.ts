/**
 * Every page's head and structured data, built once per content and set of offers valid
 * (the first request after the build loads, after `npm run dev` reloads the content, or
 * after an offer starts or ends), never per request.
 */
import { pages, perContent, site } from "~/content/content.server";
import { activeOffers, pageAt, showsOfferHead } from "~/content/offers";

import type { MetaDescriptor } from "@remix-run/node";

import { seoDescriptors } from "./seo-head.server";
import { buildSeo } from "./seo.server";

/** Per set of valid offers (their ids, sorted and joined), each page's head. */
const headsByOffers = perContent(() => new Map<string, Map<string, MetaDescriptor[]>>());
const pageOfSlug = perContent(() => new Map(pages.map((page) => [page.slug, page] as const)));

/**
 * The prepared head of a page of the content at `now`, as Remix meta descriptors: made from
 * the page as served then (pageAt: no question or block of an offer not valid, so neither
 * in the structured data), with its fallback title and description when its own claim an
 * offer not valid (showsOfferHead).
 */
export function headOf(slug: string, now: number): MetaDescriptor[] | null {
  const page = pageOfSlug().get(slug);
  if (!page) return null;
  const valid = [...activeOffers(site, now)].sort().join(",");
  let heads = headsByOffers().get(valid);
  if (!heads) {
    heads = new Map();
    headsByOffers().set(valid, heads);
  }
  let head = heads.get(slug);
  if (!head) {
    const served = pageAt(page, site, now);
    const { fallback } = page.meta;
    const meta =
      fallback && !showsOfferHead(page, site, now) ? { ...page.meta, ...fallback } : page.meta;
    head = seoDescriptors(buildSeo({ ...served, meta }, site, pages));
    heads.set(slug, head);
  }
  return head;
}
