/**
 * The head of an error page, made in the browser too (a page's own head is made on the
 * server: seo-head.server.ts). Types only from the server modules.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";

import { errorTextsFor } from "~/content/status-texts";

import type { PublicSite } from "~/content/public-site";
import type { Seo } from "./seo.server";

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
