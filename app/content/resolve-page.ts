/**
 * Page resolution (docs/decisions/001-product-rules.md): validates the requested path (the check-page step),
 * joins its segments into a slug and looks the page up. Pure, so unit tests can drive it
 * with a fixture page list.
 */
import { SLUG_PATTERN } from "./schema/primitives";

/** Longest path the site answers with anything but a validation 404. */
export const MAX_PATH_LENGTH = 256;

/** Shown when a slug has no page and the /404 page is missing too (docs/decisions/001-product-rules.md). */
export const MISSING_404_TEXT = "Page not found.";

/** The page shown to visitors from a blocked country (docs/decisions/001-product-rules.md). */
export const FORBIDDEN_SLUG = "/403";
/** The page shown for an unknown path. */
export const NOT_FOUND_SLUG = "/404";

/** Pages whose own URL answers with an error status; they are never indexed. */
export const STATUS_OF_SLUG: Readonly<Record<string, number>> = {
  [FORBIDDEN_SLUG]: 403,
  [NOT_FOUND_SLUG]: 404,
};

type WithSlug = { slug: string };

export type Resolution<P extends WithSlug> =
  | { kind: "page"; page: P; status: number }
  | { kind: "redirect"; location: string }
  | { kind: "not-found"; page: P | null; status: 404 }
  | {
      kind: "invalid";
      /** The path as a reader would type it. */ path: string;
      page: P | null;
      status: 404;
    };

/** Joins slug segments with "/"; no segments (or only empty ones) mean "/". */
export function slugFromSegments(segments: readonly string[]): string {
  const joined = segments.filter((segment) => segment !== "").join("/");
  return `/${joined}`;
}

/** The check-page rule: "/" or lowercase a-z, 0-9 and "-" segments, at most 256 characters. */
export function isValidPath(pathname: string): boolean {
  return pathname.length <= MAX_PATH_LENGTH && SLUG_PATTERN.test(pathname);
}

/** The path as a reader would type it, for the validation message (rendered as text). */
export function displayPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed percent-encoding: show the path as it arrived.
  }
  return decoded.length > 120 ? `${decoded.slice(0, 120)}…` : decoded;
}

export function resolvePage<P extends WithSlug>(
  pages: readonly P[],
  pathname: string,
): Resolution<P> {
  const find = (slug: string) => pages.find((page) => page.slug === slug) ?? null;
  const notFound = find(NOT_FOUND_SLUG);

  // "/terms/" and "/Terms" name "/terms": redirect to the one canonical form. The target
  // is a validated path, so it is always same-site ("//host" fails validation).
  let canonical = pathname.toLowerCase();
  if (canonical.length > 1 && canonical.endsWith("/")) canonical = canonical.slice(0, -1);
  if (canonical !== pathname && isValidPath(canonical) && find(canonical)) {
    return { kind: "redirect", location: canonical };
  }

  if (!isValidPath(pathname)) {
    return {
      kind: "invalid",
      path: displayPath(pathname),
      page: notFound,
      status: 404,
    };
  }

  const page = find(slugFromSegments(pathname.split("/")));
  if (page) return { kind: "page", page, status: STATUS_OF_SLUG[page.slug] ?? 200 };
  return { kind: "not-found", page: notFound, status: 404 };
}
