/**
 * Turns the server-computed Seo object into Remix meta descriptors (runs on server and
 * client; types only from the server modules). Custom tags become plain elements with
 * React's attribute names; JSON-LD goes through Remix's "script:ld+json", which escapes
 * "<" so content can never close the script element.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";

import type { CustomTag } from "~/content/custom-tags";
import { errorTextsFor } from "~/content/status-texts";

import type { PublicSite } from "~/content/public-site";
import type { Seo } from "./seo.server";

/** HTML attribute names that React spells differently. */
const REACT_ATTRIBUTE: Record<string, string> = { hreflang: "hrefLang", itemprop: "itemProp" };

function customTagDescriptor({ tagName, attributes }: CustomTag): MetaDescriptor {
  const props = Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [REACT_ATTRIBUTE[name] ?? name, value]),
  );
  return tagName === "link" ? { tagName: "link", ...props } : props;
}

function iconType(href: string): string | undefined {
  if (href.endsWith(".svg")) return "image/svg+xml";
  if (href.endsWith(".png")) return "image/png";
  return undefined;
}

export function iconDescriptors(icons: Seo["icons"]): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "icon", href: icons.favicon, type: iconType(icons.favicon) },
    { tagName: "link", rel: "apple-touch-icon", href: icons.appleTouchIcon },
  ];
}

export function seoDescriptors(seo: Seo): MetaDescriptor[] {
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: seo.robots },
    ...(seo.canonical ? [{ tagName: "link", rel: "canonical", href: seo.canonical }] : []),
    ...seo.alternates.map(({ hreflang, href }) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: hreflang,
      href,
    })),
    ...seo.openGraph.map(([property, content]) => ({ property, content })),
    ...seo.twitter.map(([name, content]) => ({ name, content })),
    ...iconDescriptors(seo.icons),
    ...seo.customTags.map(customTagDescriptor),
    ...(seo.jsonLd ? [{ "script:ld+json": seo.jsonLd }] : []),
  ];
}

/** Head of an error page: its title, noindex and the site's icons. */
export function errorDescriptors(error: unknown, site: PublicSite | undefined): MetaDescriptor[] {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const texts = site ? errorTextsFor(status, site.errors) : undefined;
  const title = texts?.title ?? String(status);
  return [
    { title },
    { name: "robots", content: "noindex" },
    ...(site
      ? iconDescriptors({ favicon: site.favicon, appleTouchIcon: site.appleTouchIcon })
      : []),
  ];
}
