/**
 * Everything the head of a page needs, computed on the server from content and the one
 * configured origin (SITE_URL, else content's site_url). Nothing here reads the request's
 * Host or X-Forwarded-Host, and query strings never reach the canonical URL.
 */
import type { CustomTag } from "~/content/custom-tags";
import type { Page, Site } from "~/content/schema";

import { env } from "~/config/env.server";
import { siteOrigin } from "~/config/site-origin.server";
import { SOCIAL_IMAGE_SIZE, absoluteUrl, buildJsonLd } from "./json-ld.server";
import { STATUS_PAGE_SLUGS, modifiedTime } from "./page-facts";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
};

/** The MIME type of an image path, from its extension (og:image:type). */
export function imageType(path: string): string {
  return IMAGE_TYPES[path.split(".").pop()?.toLowerCase() ?? ""] ?? "image/png";
}

export type Seo = {
  title: string;
  description: string;
  lang: string;
  robots: string;
  /** Absent on pages that are never indexed (403, 404). */
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  /** [property, content] pairs, in order. */
  openGraph: [string, string][];
  /** [name, content] pairs, in order. */
  twitter: [string, string][];
  icons: { favicon: string; appleTouchIcon: string };
  customTags: CustomTag[];
  /**
   * The JSON-LD graph, as plain JSON (built with schema-dts types in json-ld.server); null
   * on the status pages (/403, /404): structured data there would describe an error as a
   * page of the site.
   */
  jsonLd: JsonLd | null;
};

export type JsonLd = { "@context": string; "@graph": Record<string, unknown>[] };

export const ROBOTS_INDEX = "index, follow, max-image-preview:large";
export const ROBOTS_NOINDEX = "noindex";
export const ROBOTS_STAGING = "noindex, nofollow";

/** The robots directive of a page. */
export function robotsFor(page: Page, indexable = env.SITE_INDEXABLE): string {
  if (!indexable) return ROBOTS_STAGING;
  return STATUS_PAGE_SLUGS.has(page.slug) ? ROBOTS_NOINDEX : ROBOTS_INDEX;
}

export function buildSeo(page: Page, site: Site, pages: readonly Page[]): Seo {
  const origin = siteOrigin(site);
  const url = (path: string) => absoluteUrl(origin, path);
  const settings = site.meta.meta_settings;
  const lang = page.meta.lang ?? settings.lang;
  const modified = STATUS_PAGE_SLUGS.has(page.slug)
    ? undefined
    : modifiedTime(page, settings.time_zone);
  const canonical = STATUS_PAGE_SLUGS.has(page.slug)
    ? null
    : url(page.meta.canonical_url ?? page.slug);
  const cluster = site.meta.hreflang;
  const alternates = cluster.some((entry) => entry.slug === page.slug)
    ? cluster.map((entry) => ({ hreflang: entry.hreflang, href: url(entry.slug) }))
    : [];

  return {
    title: page.meta.title,
    description: page.meta.description,
    lang,
    robots: robotsFor(page),
    canonical,
    alternates,
    openGraph: [
      ["og:type", "website"],
      ["og:title", page.meta.title],
      ["og:description", page.meta.description],
      ...(canonical ? [["og:url", canonical] as [string, string]] : []),
      ["og:image", url(settings.image_url)],
      ["og:image:secure_url", url(settings["og:image:secure_url"])],
      ["og:image:width", String(SOCIAL_IMAGE_SIZE.width)],
      ["og:image:height", String(SOCIAL_IMAGE_SIZE.height)],
      ["og:image:type", imageType(settings.image_url)],
      ["og:image:alt", settings.twitter_image_alt],
      ["og:locale", settings.og_locale],
      ["og:site_name", settings.og_site_name],
      ...(modified
        ? ([
            ["og:updated_time", modified],
            ["article:modified_time", modified],
          ] as [string, string][])
        : []),
    ],
    twitter: [
      ["twitter:card", "summary_large_image"],
      ["twitter:site", settings.twitter_site],
      ["twitter:creator", settings.twitter_creator],
      ["twitter:title", page.meta.title],
      ["twitter:description", page.meta.description],
      ["twitter:image", url(settings.twitter_image_src)],
      ["twitter:image:alt", settings.twitter_image_alt],
    ],
    icons: {
      favicon: page.meta.links_settings?.favicon ?? site.meta.links_settings.favicon,
      appleTouchIcon:
        page.meta.links_settings?.apple_touch_icon ?? site.meta.links_settings.apple_touch_icon,
    },
    customTags: page.meta.custom_tags,
    jsonLd: STATUS_PAGE_SLUGS.has(page.slug)
      ? null
      : (buildJsonLd({ page, site, pages, origin, lang }) as unknown as JsonLd),
  };
}
