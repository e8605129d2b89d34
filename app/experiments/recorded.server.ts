/**
 * What a view or a click records of the experiments (migration 006): the
 * assignment text of those that were running for it, and for a click on a link with a
 * destination split, the variant's destination. The plans come from the current build's
 * facade (`experimentsFor`, `splitFor`, app/server-app.server.ts), read like `viewedPage`
 * and `outboundTarget`. Only running experiments are recorded: before its start and after
 * its end everyone sees the same version, which the reports (app/reports/experiments.server.ts) must not
 * count for a variant.
 */
import { experimentsOnPage } from "~/content/experiment-variants";
import type { Page } from "~/content/schema";
import type { Experiment } from "~/content/schema/experiments";

import { assignmentText, phaseOf, planOf, variantOf, type ExperimentPlan } from "./assign.server";

/** A link's destination split: the control keeps the link's own destination. */
export type DestinationSplit = {
  plan: ExperimentPlan;
  /** Variant id → https URL, for the non-control variants that have one. */
  destinations: Readonly<Record<string, string>>;
};

/**
 * The splits of content (`affiliate.splits`, checked by app/content/schema/splits.ts) by
 * link id, with their experiments' plans: what the entry's `splitFor` looks up. A split
 * whose experiment has no plan is left out (the content check refuses it anyway).
 */
export function splitsByLink(
  splits: readonly { link: string; experiment: string; destinations: Record<string, string> }[],
  plans: ReadonlyMap<string, ExperimentPlan>,
): Map<string, DestinationSplit> {
  const byLink = new Map<string, DestinationSplit>();
  for (const split of splits) {
    const plan = plans.get(split.experiment);
    if (plan) byLink.set(split.link, { plan, destinations: split.destinations });
  }
  return byLink;
}

/** Where the plans come from: the build entry's exports, or a test's. */
export type ExperimentLookup = {
  /** The experiments with a block on the page at this path. */
  experimentsFor: (pagePath: string) => readonly ExperimentPlan[];
  /** The split of this link, or null. */
  splitFor: (linkId: string) => DestinationSplit | null;
};

export const NO_EXPERIMENTS: ExperimentLookup = {
  experimentsFor: () => [],
  splitFor: () => null,
};

/**
 * The assignment text of the plans running at `at` for `visitor` (null: a bot, the
 * control), or null when none is running.
 */
export function recordedVariants(
  plans: readonly ExperimentPlan[],
  visitor: string | null,
  at: number,
): string | null {
  const running = plans.filter((plan) => phaseOf(plan, at) === "running");
  return running.length > 0 ? assignmentText(running, visitor, at) : null;
}

export type ClickAssignment = {
  /** What the click records (null: no experiment running for it). */
  variants: string | null;
  /** The split's destination for the visitor's variant; null: the link's own. */
  destination: string | null;
};

/**
 * A click's experiments: those of the page it came from and its link's split (the same
 * experiment counted once), and where the split sends this visitor. A split ended or not
 * yet started sends everyone where its winner or control goes, and records nothing.
 */
export function clickAssignment(
  pagePlans: readonly ExperimentPlan[],
  split: DestinationSplit | null,
  visitor: string | null,
  at: number,
): ClickAssignment {
  const plans =
    split && !pagePlans.some((plan) => plan.name === split.plan.name)
      ? [...pagePlans, split.plan]
      : pagePlans;
  const variants = recordedVariants(plans, visitor, at);
  if (!split) return { variants, destination: null };
  // A running split's variant is read back from the text (names are slugs, ids letters),
  // so each experiment costs one hash per click; otherwise variantOf hashes nothing.
  const variant =
    (variants && new URLSearchParams(variants).get(split.plan.name)) ??
    variantOf(split.plan, visitor, at);
  return { variants, destination: split.destinations[variant] ?? null };
}

/** slug → the plans of the experiments its blocks take part in (pages with none: absent). */
export function plansByPage(
  plans: ReadonlyMap<string, ExperimentPlan>,
  pages: readonly Page[],
): Map<string, ExperimentPlan[]> {
  const bySlug = new Map<string, ExperimentPlan[]>();
  for (const page of pages) {
    // The content check refuses a block naming an unknown experiment.
    const names = experimentsOnPage(page).filter((name) => plans.has(name));
    if (names.length > 0)
      bySlug.set(
        page.slug,
        names.map((name) => plans.get(name)!),
      );
  }
  return bySlug;
}

/**
 * What views and clicks on each page of `pages` record (recordedVariants), for writers
 * outside the server: the demo seed (`npm run seed-clicks`) gives its synthetic traffic
 * the variants the live recorders would have given it.
 */
export function variantsByPage(
  experiments: readonly Experiment[],
  pages: readonly Page[],
): (page: string, visitor: string | null, at: number) => string | null {
  const bySlug = plansByPage(
    new Map(experiments.map((experiment) => [experiment.name, planOf(experiment)])),
    pages,
  );
  return (page, visitor, at) => {
    const onPage = bySlug.get(page);
    return onPage ? recordedVariants(onPage, visitor, at) : null;
  };
}
