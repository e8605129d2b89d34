/**
 * Which variant of an experiment a visitor gets, without cookies: a hash of the
 * experiment's name and the visitor's daily key (the clicks' and views' VisitorKeys), so
 * the same visitor sees the same variant all day, on every page and through the page
 * cache, and anyone recomputing it from a stored key finds the same answer. Crawlers and
 * other bots always get the control (the first variant), so search engines index one
 * version. Before its start an experiment shows the control; after its end, its winner
 * (or the control when none was named). Pure: no server code, no content loading.
 */
import { createHash } from "node:crypto";

import type { Experiment } from "~/content/schema/experiments";

export type VariantPlan = { id: string; weight: number };

/** What assignment needs of an experiment declared in content. */
export type ExperimentPlan = {
  name: string;
  /** When it starts and (optionally) ends, epoch milliseconds. */
  start: number;
  end?: number;
  /** The variant everyone gets once it has ended. */
  winner?: string;
  /** At least two; the first is the control. Weights are positive. */
  variants: readonly VariantPlan[];
};

/** The plan of an experiment declared in content (site.json `experiments`). */
export function planOf(experiment: Experiment): ExperimentPlan {
  return {
    name: experiment.name,
    start: Date.parse(experiment.start),
    ...(experiment.end === undefined ? {} : { end: Date.parse(experiment.end) }),
    ...(experiment.winner === undefined ? {} : { winner: experiment.winner }),
    variants: experiment.variants.map(({ id, weight }) => ({ id, weight })),
  };
}

export type ExperimentPhase = "scheduled" | "running" | "ended";

export function phaseOf(plan: ExperimentPlan, at: number): ExperimentPhase {
  if (at < plan.start) return "scheduled";
  return plan.end !== undefined && at >= plan.end ? "ended" : "running";
}

/** A number in [0, 1) from the experiment's name and the visitor key, uniform over keys. */
export function bucketOf(name: string, visitor: string): number {
  const digest = createHash("sha256").update(name).update("\u0000").update(visitor).digest();
  // 48 bits: exact in a double, and more than enough resolution for any weight.
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The variant id `visitor` gets in `plan` at `at`; `visitor` is null for a bot (or a
 * request with no visitor key), which gets the control.
 */
export function variantOf(plan: ExperimentPlan, visitor: string | null, at: number): string {
  const control = plan.variants[0]!.id;
  const phase = phaseOf(plan, at);
  if (phase === "scheduled") return control;
  if (phase === "ended") return plan.winner ?? control;
  if (visitor === null) return control;
  const total = plan.variants.reduce((sum, variant) => sum + variant.weight, 0);
  let point = bucketOf(plan.name, visitor) * total;
  for (const variant of plan.variants) {
    if (point < variant.weight) return variant.id;
    point -= variant.weight;
  }
  return plan.variants[plan.variants.length - 1]!.id;
}

/**
 * The assignment of several experiments as one stable text, "name=variant" joined by "&"
 * in name order: a part of the page cache's key and what a view or click records.
 */
export function assignmentText(
  plans: readonly ExperimentPlan[],
  visitor: string | null,
  at: number,
): string {
  return [...plans]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((plan) => `${plan.name}=${variantOf(plan, visitor, at)}`)
    .join("&");
}
