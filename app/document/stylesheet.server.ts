/** Reads a built stylesheet (public/build/…, .dev/public/build/… under `npm run dev`) once, for inlining. */
import { readFileSync } from "node:fs";
import path from "node:path";

import { env } from "~/config/env.server";

const texts = new Map<string, string>();
/** Where the build's browser files are: `remix dev` writes its own in .dev/ (remix.config.js). */
const publicRoot = env.NODE_ENV === "development" ? ".dev/public" : "public";

/** The text of the stylesheet at `href` (a /build/ path, or a CDN URL of one). */
export function stylesheetText(href: string): string {
  let text = texts.get(href);
  if (text === undefined) {
    const pathname = new URL(href, "http://localhost").pathname;
    text = readFileSync(path.join(process.cwd(), publicRoot, pathname), "utf8");
    texts.set(href, text);
  }
  return text;
}
