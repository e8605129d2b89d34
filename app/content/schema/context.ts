/**
 * What the schemas may ask about the world outside one file, the way Astro's image()
 * asks for the file it names: which files public/ holds and their size, and where a site
 * path leads. Built per check run by app/content/content-checks.server.ts; schemas made
 * without a context (the JSON Schemas, the types) check shapes only.
 */
import type { z } from "zod";

export type Dimensions = { width: number; height: number };

export interface ContentContext {
  /** True when public/ holds a file at this URL path ("/images/logo.svg"). */
  hasFile(urlPath: string): boolean;
  /** The file's own width and height, when it has them (raster, or SVG with a size). */
  fileSize(urlPath: string): Dimensions | null;
  /**
   * Null when a link target leads somewhere (a page, a route, a file, another site),
   * else why not. Records the link, for the advice about pages nothing links to.
   */
  linkProblem(href: string): string | null;
  /** True when the site answers this path itself (a page, a route, a file): never a redirect's source. */
  serves?(path: string): boolean;
}

/** Marks an issue as advice: shown to the editor, never stops the build. */
export const ADVICE = { severity: "advice" } as const;

export const isAdvice = (issue: z.core.$ZodIssue): boolean =>
  issue.code === "custom" &&
  (issue as { params?: { severity?: unknown } }).params?.severity === ADVICE.severity;

/** Declared and intrinsic shapes differ by at most 2 % (rounding of a few pixels). */
export function sameShape(declared: Dimensions, file: Dimensions): boolean {
  const ratio = declared.width / declared.height;
  const actual = file.width / file.height;
  return Math.abs(ratio - actual) / actual <= 0.02;
}

/** The path a link names, without #fragment, ?query or a trailing slash; null if not a site path. */
export function linkedPath(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const bare = href.replace(/[?#].*$/, "");
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : "/";
}
