/** GET /robots.txt: crawl rules and the sitemap's absolute URL. */
import { site } from "~/content/content.server";
import { buildRobotsTxt } from "~/seo/crawlers.server";
import { env } from "~/config/env.server";
import { siteOrigin } from "~/config/site-origin.server";

export function loader() {
  return new Response(buildRobotsTxt(site, siteOrigin(site), env.SITE_INDEXABLE), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=600, s-maxage=600",
    },
  });
}
