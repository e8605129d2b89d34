/** The site's public origin: configuration, read by SEO, the router, robots.txt and the clicks. */
import type { Site } from "~/content/schema";

import { env } from "./env.server";

/** The public origin: SITE_URL, else the content's site_url. */
export function siteOrigin(site: Site): string {
  return env.SITE_URL ?? new URL(site.meta.site_url).origin;
}
