/**
 * A copy of the shipped content whose affiliate destinations point at a stub tracker on
 * this machine: every occurrence of the tracker's origin in site.json and the pages is
 * replaced by `origin`. For the destination monitor's tests (`npm run links:check`, the
 * Enlaces page); returns the copy's directory.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The affiliate tracker's origin in the shipped content (a fictional host). */
export const AFFILIATE_ORIGIN = "https://aff.brisamar-partners.example";

export function contentAtOrigin(target: string, origin: string): string {
  cpSync("content", target, { recursive: true });
  for (const file of [
    "site.json",
    ...readdirSync(path.join(target, "pages")).map((name) => `pages/${name}`),
  ]) {
    const at = path.join(target, file);
    writeFileSync(at, readFileSync(at, "utf8").replaceAll(AFFILIATE_ORIGIN, origin));
  }
  return target;
}
