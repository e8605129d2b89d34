/**
 * Turns the Seo object of a page into Remix meta descriptors, on the server: the page's
 * loader sends them ready, so the browser's bundle carries none of this. Custom tags
 * become plain elements with React's attribute names; JSON-LD goes through Remix's
 * "script:ld+json", which escapes "<" so content can never close the script element.
 */
import type { MetaDescriptor } from "@remix-run/node";

import type { CustomTag } from "~/content/custom-tags";

import { iconDescriptors } from "./seo-meta";
import type { Seo } from "./seo.server";

/** HTML attribute names that React spells differently. */
const REACT_ATTRIBUTE: Record<string, string> = { hreflang: "hrefLang", itemprop: "itemProp" };

function customTagDescriptor({ tagName, attributes }: CustomTag): MetaDescriptor {
  const props = Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [REACT_ATTRIBUTE[name] ?? name, value]),
  );
  return tagName === "link" ? { tagName: "link", ...props } : props;
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
