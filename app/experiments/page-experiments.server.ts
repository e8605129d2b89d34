/**
 * The experiments of a page, from the current content (it reloads in development): what
 * the server needs to assign a request its variants before the page cache
 * (`experimentsFor`, exported by app/entry.server.tsx), what the outbound redirect needs
 * to send a split link's click to its variant's destination (`splitFor`, exported too),
 * and what the page loader needs to render them and to say whether a CDN may share the
 * answer (`runningOn`).
 */
import { pages, perContent, site } from "~/content/content.server";
import type { Page } from "~/content/schema";
import { pageShown } from "~/views/viewed-page.server";

import { phaseOf, planOf, type ExperimentPlan } from "./assign.server";
import { plansByPage, splitsByLink, type DestinationSplit } from "./recorded.server";

/** name → plan of every experiment of the content. */
const plansByName = perContent(
  () => new Map(site.experiments.map((experiment) => [experiment.name, planOf(experiment)])),
);

/** slug → the plans of the experiments its blocks take part in (pages with none: absent). */
const plansBySlug = perContent(() => plansByPage(plansByName(), pages));

const NONE: ExperimentPlan[] = [];

/** Paths whose plans are remembered at most. */
const PATH_MEMO_LIMIT = 1_000;
const plansByPath = perContent(() => new Map<string, ExperimentPlan[]>());

/**
 * The experiments that apply to a request's path: those with a block on the page the path
 * shows (none for a redirect's or the 404 page's path).
 */
export function experimentsFor(pagePath: string): ExperimentPlan[] {
  // Development starts before its content is read (server/dev-content.ts).
  if (!site) return NONE;
  const bySlug = plansBySlug();
  if (bySlug.size === 0) return NONE;
  // Every request for a page asks: its path is resolved once (a table cleared when full,
  // since anyone can send any path).
  const byPath = plansByPath();
  let plans = byPath.get(pagePath);
  if (!plans) {
    plans = bySlug.get(pageShown(pagePath)) ?? NONE;
    if (byPath.size >= PATH_MEMO_LIMIT) byPath.clear();
    byPath.set(pagePath, plans);
  }
  return plans;
}

/** link id → its destination split (`affiliate.splits`) with its experiment's plan. */
const splits = perContent(() => splitsByLink(site.affiliate.splits, plansByName()));

/** The destination split of an affiliate link, or null (read by server/outbound.ts). */
export function splitFor(linkId: string): DestinationSplit | null {
  if (!site) return null;
  return splits().get(linkId) ?? null;
}

/** Whether one of the page's experiments is running: its answer is then per visitor. */
export function runningOn(page: Page, at: number): boolean {
  return (plansBySlug().get(page.slug) ?? NONE).some((plan) => phaseOf(plan, at) === "running");
}
