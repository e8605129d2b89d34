/**
 * `npm run links:check`: checks every affiliate destination the content can send a visitor
 * to (app/link-health/destinations.ts), the way the destination monitor does
 * (app/link-health/check.server.ts): as a click would reach it, with test ids, following
 * its redirects. Prints one row per destination and exits 1 when any is broken (roto), so
 * a deploy pipeline can stop on it; 2 when the content cannot be read. It writes nothing:
 * no click, no view, no conversion. The content is CONTENT_DIR's (default content/).
 */
import type { CheckResult } from "../app/link-health/check.server";
import { nameOfUse, type Destination } from "../app/link-health/destinations";
import { checkAll, checkPlanOf, MAX_PER_RUN } from "../app/link-health/monitor.server";
import { contentDirectory } from "../app/content/content-files.server";
import { loadContent } from "../app/content/load-content.server";
import { ContentError } from "../app/content/parse-content";

const WORDS = { sano: "sano", aviso: "AVISO", roto: "ROTO" } as const;

function row(destination: Destination, result: CheckResult): string {
  const target = new URL(destination.url);
  const uses = destination.uses.map((use) => `${use.kind} ${nameOfUse(use)}`);
  const shownUses = uses.length > 3 ? [...uses.slice(0, 3), `y ${uses.length - 3} más`] : uses;
  const chain = result.hops.map((hop) => `${hop.status} ${hop.host}`).join(" → ") || "—";
  return [
    `${WORDS[result.health].padEnd(5)} ${target.host}${target.pathname}${target.search}`,
    `      usado en: ${shownUses.join(", ")}`,
    `      saltos: ${chain} · ${result.ms} ms`,
    ...result.reasons.map((reason) => `      motivo: ${reason}`),
  ].join("\n");
}

async function main(): Promise<number> {
  let content;
  try {
    content = loadContent(contentDirectory());
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    return 2;
  }
  const plan = checkPlanOf(content.site, content.links);
  const destinations = plan.destinations.slice(0, MAX_PER_RUN);
  const results = await checkAll(plan);
  destinations.forEach((destination, index) => console.log(row(destination, results[index]!)));
  const count = (health: CheckResult["health"]) =>
    results.filter((result) => result.health === health).length;
  console.log(
    `\n${destinations.length} destinos: ${count("sano")} sanos, ${count("aviso")} con aviso, ${count("roto")} rotos`,
  );
  return count("roto") > 0 ? 1 : 0;
}

process.exitCode = await main();
