/**
 * The site's content, read from the content directory (content/, or CONTENT_DIR) and
 * validated once when the server build loads. Invalid content throws a ContentError
 * naming file, JSON path and problem, so the server does not start; in development the
 * server shows that list instead of the site until the files are fixed
 * (server/dev-content.ts).
 */
import { loadContent } from "./load-content.server";
import { toPublicSite } from "./public-site";

export const { site, pages, links, warnings, files } = loadContent();

/** The advice (content-checks.server.ts) about one page's file and the site config. */
export function adviceFor(slug: string): string[] {
  const own = [files.pages.get(slug), files.site].map((file) => `${file}: `);
  return warnings.filter((line) => own.some((prefix) => line.startsWith(prefix)));
}

/** What the root loader sends to every page (no affiliate destinations). */
export const publicSite = toPublicSite(site);
