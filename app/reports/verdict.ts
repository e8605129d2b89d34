/**
 * The decision of an A/B experiment: for each variant that is not the control,
 * its goal's estimate with a 95 % interval, the probability that it beats the control and
 * a verdict in Spanish. Pure and deterministic (no sampling), so a test recomputes the
 * same numbers; docs/experiments-reading.md explains the method to the marketer.
 *
 * Rates (CTR = clicks / views; registrations and FTDs per visitor) are Binomial: each
 * trial converts or not. With a uniform Beta(1, 1) prior the posterior of a rate is
 * Beta(1 + successes, 1 + failures), and P(B > A) has an exact finite sum (Evan Miller,
 * "Formulas for Bayesian A/B testing", 2015), computed in log space. The interval is
 * Wilson's score interval (Wilson 1927), the usual 95 % interval for a proportion that
 * stays inside [0, 1] for small counts.
 *
 * Commission per visitor is a mean of amounts. The reports hold only daily sums of
 * commission, not each visitor's amount, so no variance can be computed: no interval and
 * no probability for it. An experiment whose goal is "commission" shows its estimate and
 * is decided on the FTD rate (the event that earns the commission); the view says so.
 */
import type { ExperimentGoal } from "~/content/schema/experiments";

/** What the reports count for one variant over the experiment's period. */
export type VariantFigures = {
  views: number;
  visitors: number;
  clicks: number;
  registrations: number;
  ftds: number;
  /** EUR cents. */
  commission: number;
};

/** Below these, no verdict: the posterior is still mostly the prior. */
export const MIN_VISITORS_PER_VARIANT = 100;
export const MIN_CONVERSIONS_TOTAL = 10;
/** P(B > A) at or above this: B wins; at or below 1 − this: the control wins. */
export const WIN_PROBABILITY = 0.95;

/** What the verdict says, as a kind (for its style) and a Spanish text. */
export type Verdict = {
  kind: "insufficient" | "variant" | "control" | "none";
  /** "sin datos suficientes", "gana B", "gana A (control)" or "sin diferencia". */
  text: string;
};

/** A variant's id and what the reports counted for it. */
export type Arm = { id: string; figures: VariantFigures };

export type Interval = { low: number; high: number };

export type Comparison = {
  /** The goal's estimate for the variant (a rate, or cents per visitor for commission). */
  estimate: number;
  /** 95 % interval of the estimate; null when it cannot be computed (commission). */
  interval: Interval | null;
  /** P(variant beats the control) on the goal the verdict is decided on; null without data. */
  probabilityToBeat: number | null;
  verdict: Verdict;
};

/** The goal a verdict is decided on: commission has no variance (see the header). */
export const decidingGoal = (goal: ExperimentGoal): Exclude<ExperimentGoal, "commission"> =>
  goal === "commission" ? "ftds" : goal;

/** Successes and trials of a rate goal: CTR is per view, the others per visitor. */
export function trialsOf(goal: Exclude<ExperimentGoal, "commission">, figures: VariantFigures) {
  const trials = goal === "ctr" ? figures.views : figures.visitors;
  const successes = goal === "ctr" ? figures.clicks : figures[goal];
  // A click without its counted view (a blocked view beacon) can push clicks above views;
  // a rate above 1 is not a Binomial, so it is capped at the trials.
  return { successes: Math.min(successes, trials), trials };
}

/** The goal's point estimate: a rate, or cents per visitor for commission. */
export function estimateOf(goal: ExperimentGoal, figures: VariantFigures): number {
  if (goal === "commission")
    return figures.visitors > 0 ? figures.commission / figures.visitors : 0;
  const { successes, trials } = trialsOf(goal, figures);
  return trials > 0 ? successes / trials : 0;
}

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** Wilson's score interval for `successes` out of `trials` (95 %); [0, 1] with no trials. */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return {
    low: Math.max(0, (centre - spread) / denominator),
    high: Math.min(1, (centre + spread) / denominator),
  };
}

// Lanczos approximation (g = 7, n = 9), relative error below 1e-15 for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln B(a, b), the Beta function. */
export const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/**
 * P(pB > pA) when pA ~ Beta(aA, bA) and pB ~ Beta(aB, bB), aB a positive integer:
 * Σ_{i=0}^{aB−1} B(aA+i, bA+bB) / ((bB+i) · B(1+i, bB) · B(aA, bA)).
 */
export function probabilityBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  // The sum has aB terms; with continuous posteriors P(B > A) = 1 − P(A > B), so a site
  // with many more of B's successes sums over A's instead (a CTR can count thousands).
  if (aB > aA && Number.isInteger(aA)) return 1 - probabilityBBeatsA(aB, bB, aA, bA);
  let total = 0;
  const base = logBeta(aA, bA);
  for (let i = 0; i < aB; i++) {
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - base);
  }
  return Math.min(1, Math.max(0, total));
}

/** P(the variant's rate > the control's) under Beta(1, 1) priors. */
export function probabilityToBeatControl(
  control: { successes: number; trials: number },
  variant: { successes: number; trials: number },
): number {
  return probabilityBBeatsA(
    1 + control.successes,
    1 + control.trials - control.successes,
    1 + variant.successes,
    1 + variant.trials - variant.successes,
  );
}

/** The variant against the control (the first variant) on the experiment's goal. */
export function compare(goal: ExperimentGoal, controlArm: Arm, variantArm: Arm): Comparison {
  const control = controlArm.figures;
  const variant = variantArm.figures;
  const rateGoal = decidingGoal(goal);
  const a = trialsOf(rateGoal, control);
  const b = trialsOf(rateGoal, variant);
  const estimate = estimateOf(goal, variant);
  const interval = goal === "commission" ? null : wilsonInterval(b.successes, b.trials);
  const enough =
    control.visitors >= MIN_VISITORS_PER_VARIANT &&
    variant.visitors >= MIN_VISITORS_PER_VARIANT &&
    a.successes + b.successes >= MIN_CONVERSIONS_TOTAL;
  const probabilityToBeat = a.trials > 0 && b.trials > 0 ? probabilityToBeatControl(a, b) : null;
  const verdict = verdictOf(enough, probabilityToBeat, controlArm.id, variantArm.id);
  return { estimate, interval, probabilityToBeat, verdict };
}

function verdictOf(
  enough: boolean,
  probability: number | null,
  controlId: string,
  variantId: string,
): Verdict {
  if (!enough || probability === null)
    return { kind: "insufficient", text: "sin datos suficientes" };
  if (probability >= WIN_PROBABILITY) return { kind: "variant", text: `gana ${variantId}` };
  if (probability <= 1 - WIN_PROBABILITY) {
    return { kind: "control", text: `gana ${controlId} (control)` };
  }
  return { kind: "none", text: "sin diferencia" };
}
