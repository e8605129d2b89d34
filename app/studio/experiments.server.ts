/**
 * The site's experiments as a block's editor shows them (docs/experiments.md): for each, its
 * title, its variants with their share of visitors, and whether it is running now, read from
 * the published site settings. A block under a running experiment shows its variants side
 * by side, and a change to a field a variant overrides says who still sees the variant
 * (app/components/admin/studio/block-variants.tsx).
 */
import type { ExperimentSummary } from "./types";

type DeclaredExperiment = {
  name?: unknown;
  title?: unknown;
  start?: unknown;
  end?: unknown;
  winner?: unknown;
  variants?: Array<{ id?: unknown; label?: unknown; weight?: unknown }>;
};

export function experimentsOf(site: unknown, now: number): Record<string, ExperimentSummary> {
  const declared = ((site as { experiments?: unknown } | null | undefined)?.experiments ??
    []) as DeclaredExperiment[];
  const summaries: Record<string, ExperimentSummary> = {};
  for (const experiment of Array.isArray(declared) ? declared : []) {
    if (typeof experiment.name !== "string") continue;
    const variants = (experiment.variants ?? []).filter(
      (variant): variant is { id: string; label: string; weight: number } =>
        typeof variant.id === "string" &&
        typeof variant.label === "string" &&
        typeof variant.weight === "number",
    );
    const total = variants.reduce((sum, variant) => sum + variant.weight, 0) || 1;
    const start = typeof experiment.start === "string" ? Date.parse(experiment.start) : NaN;
    const end = typeof experiment.end === "string" ? Date.parse(experiment.end) : NaN;
    summaries[experiment.name] = {
      title: typeof experiment.title === "string" ? experiment.title : experiment.name,
      running: start <= now && !(end <= now),
      winner: typeof experiment.winner === "string" ? experiment.winner : null,
      variants: variants.map((variant) => ({
        id: variant.id,
        label: variant.label,
        share: Math.round((variant.weight / total) * 100),
      })),
    };
  }
  return summaries;
}
