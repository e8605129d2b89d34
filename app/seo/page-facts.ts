/** Facts derived from a page's blocks, shared by the head, the JSON-LD and the sitemap. */
import { STATUS_OF_SLUG } from "~/content/resolve-page";
import type { BlockContent, Page } from "~/content/schema";

/** Every question and answer of the page's FAQ blocks, in page order. */
/** The questions of the page's Faq blocks that opt into FAQPage structured data. */
export function faqItems(page: Page): BlockContent<7>["items"] {
  return page.components.flatMap((component) =>
    component.component_id === 7 && component.data.content.structured_data
      ? component.data.content.items
      : [],
  );
}

/** Last change: the page's `updated`, else its InfoBlock's `updated`. */
export function lastModified(page: Page): string | undefined {
  if (page.updated) return page.updated;
  for (const component of page.components) {
    if (component.component_id === 12 && component.data.content.updated) {
      return component.data.content.updated;
    }
  }
  return undefined;
}

/** Pages that answer with an error status and are never indexed. */
export const STATUS_PAGE_SLUGS: ReadonlySet<string> = new Set(Object.keys(STATUS_OF_SLUG));
