/**
 * The import map of the build: the SHA-384 of every JavaScript module in public/build,
 * keyed by the URL the browser imports it from (the assets path: /build/ or the CDN's).
 * Computed once, when the first document is rendered.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

function* modulesUnder(directory: string, prefix = ""): Generator<[string, string]> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* modulesUnder(file, `${prefix}${entry.name}/`);
    else if (entry.name.endsWith(".js")) yield [`${prefix}${entry.name}`, file];
  }
}

/** `{"integrity": {url: "sha384-…"}}` for every module of the build in `directory`. */
export function buildImportMap(directory: string, assetsPath: string): string {
  const integrity: Record<string, string> = {};
  for (const [relative, file] of modulesUnder(directory)) {
    const digest = createHash("sha384").update(readFileSync(file)).digest("base64");
    integrity[`${assetsPath}${relative}`] = `sha384-${digest}`;
  }
  // "<" can never close the script element it is written in.
  return JSON.stringify({ integrity }).replace(/</g, "\\u003c");
}

let importMap: string | undefined;

/** The running build's import map (public/build under the working directory). */
export function buildModulesImportMap(assetsPath: string): string {
  importMap ??= buildImportMap(path.join(process.cwd(), "public", "build"), assetsPath);
  return importMap;
}
