/**
 * A copy of content/ for a bench's server (CONTENT_DIR), edited as JSON: site.json and every
 * page file. Benches compare the shipped content with a variant of it in the same run
 * (without experiments).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Json = Record<string, unknown>;

export function editedContent(
  work: string,
  edit: { site?: (site: Json) => void; page?: (page: Json) => void },
): string {
  const directory = path.join(work, `content-${readdirSync(work).length}`);
  cpSync("content", directory, { recursive: true });
  const rewrite = (file: string, change: (data: Json) => void) => {
    const data = JSON.parse(readFileSync(file, "utf8")) as Json;
    change(data);
    writeFileSync(file, JSON.stringify(data));
  };
  if (edit.site) rewrite(path.join(directory, "site.json"), edit.site);
  if (edit.page) {
    const pages = path.join(directory, "pages");
    for (const name of readdirSync(pages).filter((file) => file.endsWith(".json"))) {
      rewrite(path.join(pages, name), edit.page);
    }
  }
  return directory;
}
