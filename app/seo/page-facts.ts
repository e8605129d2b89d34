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

/** One formatter per time zone: making one costs far more than using it. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of a time zone on a day, e.g. "+01:00" for Madrid in winter. */
export function offsetOn(day: string, timeZone: string): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name =
    format.formatToParts(new Date(`${day}T12:00:00Z`)).find((part) => part.type === "timeZoneName")
      ?.value ?? "GMT";
  return name === "GMT" ? "+00:00" : name.slice(3);
}

/**
 * The last change as a full ISO 8601 date-time with the site's offset (midnight of the
 * day content gives), for dateModified, og:updated_time and article:modified_time.
 */
export function modifiedTime(page: Page, timeZone: string): string | undefined {
  const day = lastModified(page);
  return day ? `${day}T00:00:00${offsetOn(day, timeZone)}` : undefined;
}
