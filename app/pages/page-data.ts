/** Shapes the page loader sends to the browser (types only). */
import type { Page } from "~/content/schema";

import type { Seo } from "~/seo/seo.server";

export type PageLoaderData = {
  /** The resolved page, or null when neither the slug nor /404 exists. */
  page: Page | null;
  /** Plain text shown when `page` is null. */
  fallbackText: string | null;
  /** Head tags and structured data of the page. */
  seo: Seo | null;
};

/** Data of the 404 thrown when a path fails validation (SPEC §5). */
export type NotFoundErrorData = {
  message: string;
  page: Page | null;
  fallbackText: string;
};

export function isNotFoundErrorData(data: unknown): data is NotFoundErrorData {
  return typeof data === "object" && data !== null && "message" in data && "page" in data;
}
