/**
 * `npm run content:check`: reads and checks every content file exactly as the server does
 * at a production boot (app/content/load-content.server.ts), then prints the advice. Exits
 * 1 with one line per problem (file, JSON path, what is wrong); advice never changes the
 * exit code.
 */
import { contentDirectory, displayName } from "../app/content/content-files.server";
import { loadContent } from "../app/content/load-content.server";
import { ContentError } from "../app/content/parse-content";

function printWarnings(warnings: string[]) {
  if (warnings.length === 0) return;
  console.warn(
    `Consejos (${warnings.length}, no impiden publicar):\n${warnings.map((line) => `  - ${line}`).join("\n")}`,
  );
}

function main(): number {
  const directory = contentDirectory();
  try {
    // The build runs this check: text still to write does not get published.
    const { pageCount, warnings } = loadContent(directory, "problem");
    console.log(
      `contenido correcto: ${displayName(directory.root)}/site.json y ${pageCount} páginas`,
    );
    printWarnings(warnings);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    printWarnings(error.warnings);
    return 1;
  }
}

process.exitCode = main();
