/** GET /sitemap.xml: every indexable page with lastmod and hreflang alternates. */
import { pages, site } from "~/content/content.server";
import { buildSitemap } from "~/seo/crawlers.server";
import { siteOrigin } from "~/config/site-origin.server";

export function loader() {
  return new Response(buildSitemap(pages, site, siteOrigin(site)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600, s-maxage=600",
    },
  });
}
