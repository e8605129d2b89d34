/**
 * `npm run new-page -- /ruleta "Ruleta online"`: writes content/pages/ruleta.json, a valid
 * page with a hero (MainBlock) and questions (Faq) to fill in, then checks the content
 * and prints what is left to do. The hero's artwork and sign-up button are the home
 * page's, so the new page looks like the site from the first save; every text still to
 * write says "[Por completar", which is advice under `npm run dev` and a problem for the
 * build until it is gone.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import {
  contentDirectory,
  displayName,
  readContentFiles,
  type ContentDirectory,
} from "../app/content/content-files.server";
import { NewPageError, newPageData } from "../app/content/new-page";
import { loadContent } from "../app/content/load-content.server";
import { ContentError } from "../app/content/parse-content";

const USAGE = 'Uso: npm run new-page -- /ruleta "Ruleta online"';

/** A reason not to write the page, said to the editor with the usage line. */
export { NewPageError };

export type NewPage = {
  /** The file written. */
  file: string;
  /** What the script prints: what was written and what is left to do. */
  report: string;
  /** Problems of the content with the new page (empty when it is valid). */
  problems: string[];
};

/** Writes the page file for `slug` with `title` into `directory` and checks the content. */
export function newPage(
  directory: ContentDirectory,
  slug: string | undefined,
  title: string | undefined,
  today: Date = new Date(),
): NewPage {
  const { siteFile, pageFiles } = readContentFiles(directory.root);
  const file = path.join(
    directory.root,
    "pages",
    `${(slug ?? "").slice(1).replaceAll("/", "-")}.json`,
  );
  const page = newPageData({
    slug,
    title,
    site: siteFile?.data,
    home: pageFiles.find((page) => (page.data as { slug?: unknown }).slug === "/")?.data,
    taken: (wanted) =>
      pageFiles.find((page) => (page.data as { slug?: unknown }).slug === wanted)?.file ?? null,
    today,
  });
  if (existsSync(file)) throw new NewPageError(`${displayName(file)} ya existe.`);

  writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
  const shown = displayName(file);
  const wrote = `escrito ${shown}: la página ${slug} ya existe.`;
  try {
    // What is left to write is advice here: the page is a draft until the build.
    const { warnings } = loadContent(directory, "advice");
    const own = warnings.filter((line) => line.startsWith(`${shown}: `));
    return {
      file,
      problems: [],
      report: `${wrote}\n\nPendiente en ${shown} (npm run content:check lo lista también):\n${own.map((line) => `  - ${line}`).join("\n")}`,
    };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return {
      file,
      problems: error.problems,
      report: `${wrote}\n\nEl contenido tiene problemas que corregir antes:\n${error.problems.join("\n")}`,
    };
  }
}

function main(): number {
  const [slug, title] = process.argv.slice(2);
  try {
    const { report, problems } = newPage(contentDirectory(), slug, title);
    (problems.length > 0 ? console.error : console.log)(report);
    return problems.length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof NewPageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
