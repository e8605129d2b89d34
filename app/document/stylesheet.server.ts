/** Reads a built stylesheet (public/build/…) once, for inlining. */
import { readFileSync } from "node:fs";
import path from "node:path";

const texts = new Map<string, string>();

/** The text of the stylesheet at `href` (a /build/ path, or a CDN URL of one). */
export function stylesheetText(href: string): string {
  let text = texts.get(href);
  if (text === undefined) {
    const pathname = new URL(href, "http://localhost").pathname;
    text = readFileSync(path.join(process.cwd(), "public", pathname), "utf8");
    texts.set(href, text);
  }
  return text;
}
