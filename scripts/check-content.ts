/**
 * `npm run content:check`: validates every content file (the same parse the server runs
 * at boot) and checks that every JSON file in content/pages is listed in content/index.ts.
 * Exits 1 with one line per problem: file, JSON path, what is wrong.
 */
import { readdir } from "node:fs/promises";

import { ContentError, parseContent } from "../app/content/parse-content";

async function main(): Promise<number> {
  const problems: string[] = [];
  let manifest: typeof import("../content/index");
  try {
    manifest = await import("../content/index");
  } catch (error) {
    console.error(`content/index.ts: cannot be loaded: ${(error as Error).message}`);
    return 1;
  }
  const listed = new Set(manifest.pageFiles.map(({ file }) => file));
  for (const name of await readdir(new URL("../content/pages", import.meta.url))) {
    if (name.endsWith(".json") && !listed.has(`content/pages/${name}`)) {
      problems.push(`content/pages/${name}: not listed in content/index.ts, so it is not built`);
    }
  }
  try {
    const { pages } = parseContent(manifest.siteFile, manifest.pageFiles);
    if (problems.length === 0) {
      console.log(`content ok: site config and ${pages.length} pages`);
      return 0;
    }
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems);
  }
  console.error(`Invalid content:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  return 1;
}

process.exitCode = await main();
