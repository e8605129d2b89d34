/**
 * A running experiment for the tests and benches of experiments: the shipped content's
 * headline test on `/` ("home-h1", ended in content/site.json with the control as its
 * winner, so the home page is public for a CDN) running again, with no end, and the home
 * page's hero carrying variant B's headline. Applied to a copy of the content, on disk
 * (a server's CONTENT_DIR) or in memory (`readContentFiles`' result).
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const EXPERIMENT = "home-h1";
/** Variant B's headline; the control's is the hero's own `h1`. */
export const VARIANT_B_H1 =
  "Bienvenida en Brisamar Casino: 100% de tu primer depósito hasta 500 € y 200 giros gratis";

/** site.json with "home-h1" running: its `end` and `winner` removed. */
export function runExperiment(site: Json): void {
  const experiment = (site.experiments as Json[]).find((entry) => entry.name === EXPERIMENT);
  if (!experiment) throw new Error(`content/site.json declares no "${EXPERIMENT}" experiment`);
  delete experiment.end;
  delete experiment.winner;
}

/** A page file with the experiment on its hero (the first block) when it is `/`. */
export function putExperimentOnHome(page: Json): void {
  if (page.slug !== "/") return;
  page.components[0].experiment = { name: EXPERIMENT, variants: { B: { h1: VARIANT_B_H1 } } };
}

/**
 * Copies `source` (content/ by default) to `target` with the experiment running, then
 * applies `edit` to its site.json; returns `target`.
 */
export function writeRunningExperimentContent(
  target: string,
  { source = "content", edit }: { source?: string; edit?: (site: Json) => void } = {},
): string {
  cpSync(source, target, { recursive: true });
  const rewrite = (file: string, change: (data: Json) => void) => {
    const data = JSON.parse(readFileSync(file, "utf8")) as Json;
    change(data);
    writeFileSync(file, JSON.stringify(data, null, 2));
  };
  rewrite(path.join(target, "site.json"), (site) => {
    runExperiment(site);
    edit?.(site);
  });
  const pages = path.join(target, "pages");
  for (const name of readdirSync(pages).filter((file) => file.endsWith(".json"))) {
    rewrite(path.join(pages, name), putExperimentOnHome);
  }
  return target;
}

/** The same edit on content read into memory (a copy; `files` is left as it was). */
export function withRunningExperiment<
  T extends { siteFile: { data: unknown } | null; pageFiles: { data: unknown }[] },
>(files: T): T {
  const copy = structuredClone(files);
  runExperiment(copy.siteFile!.data as Json);
  for (const page of copy.pageFiles) putExperimentOnHome(page.data as Json);
  return copy;
}
