/**
 * sitemap.xml and robots.txt, built from content and the configured origin.
 */
import type { Page, Site } from "~/content/schema";

import { GO_PREFIX } from "~/content/affiliate-routes";

import { absoluteUrl } from "./json-ld.server";
import { STATUS_PAGE_SLUGS, lastModified } from "./page-facts";

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Every indexable page (not /403, /404), with lastmod and hreflang alternates. */
export function buildSitemap(pages: readonly Page[], site: Site, origin: string): string {
  const cluster = site.meta.hreflang;
  const urls = pages
    .filter((page) => !STATUS_PAGE_SLUGS.has(page.slug))
    .map((page) => {
      const lines = [`    <loc>${escapeXml(absoluteUrl(origin, page.slug))}</loc>`];
      const modified = lastModified(page);
      if (modified) lines.push(`    <lastmod>${modified}</lastmod>`);
      if (cluster.some((entry) => entry.slug === page.slug)) {
        for (const entry of cluster) {
          const href = escapeXml(absoluteUrl(origin, entry.slug));
          lines.push(
            `    <xhtml:link rel="alternate" hreflang="${escapeXml(entry.hreflang)}" href="${href}"/>`,
          );
        }
      }
      return `  <url>\n${lines.join("\n")}\n  </url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Allows the site but the outbound routes: /login and /sing-up in both forms (robots rules
 * match by prefix, so the form without the slash covers both) and the click ledger's
 * /go/ links, and names the sitemap.
 * On staging (not indexable) it allows everything and names no sitemap: every answer says
 * `X-Robots-Tag: noindex, nofollow`, and a crawler must be allowed to fetch a page to read
 * that (a `Disallow: /` would hide the noindex and leave known URLs in the index).
 */
export function buildRobotsTxt(site: Site, origin: string, indexable: boolean): string {
  if (!indexable) return ["User-agent: *", "Allow: /", ""].join("\n");
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${site.header.login_link.replace(/\/$/, "")}`,
    `Disallow: ${site.header.signup_link.replace(/\/$/, "")}`,
    `Disallow: ${GO_PREFIX}`,
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
