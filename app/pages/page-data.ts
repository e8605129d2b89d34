/** What the page route's loader sends to the browser (types only). */
import type { Page } from "~/content/schema";
import type { Seo } from "~/seo/seo.server";

export type PageLoaderData = {
  /** The resolved page, or null when neither the slug nor /404 exists. */
  page: Page | null;
  /** Plain text shown when `page` is null. */
  fallbackText: string | null;
  /** Head tags and structured data of the page. */
  seo: Seo | null;
  /**
   * The check-page notice of a path that failed validation ("Page Not Found: {path}"),
   * shown under the 404 page's content; null otherwise.
   */
  notice: string | null;
  /**
   * `npm run dev` only: the content advice about this page (SEO lengths, links, alt
   * text, headings), shown in a panel at the foot of the page; null in production.
   */
  advice: string[] | null;
  /**
   * The page promotes the brand (it has an affiliate link): it carries the advertising
   * notice, 18+ and the safe-play message under its first call to action.
   */
  promotional: boolean;
  /**
   * The visitor's country is blocked and this informational page stays open to them: it
   * shows the restriction notice (the header hides its calls to action).
   */
  restricted: boolean;
};
