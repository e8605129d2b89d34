/**
 * A/B experiments in content (docs/experiments.md): the site config declares each one
 * (`experiments`), and a block of a page names one and gives, per variant, the fields of
 * that block it replaces (`experiment`). The control is the first variant and keeps the
 * block as written. Whether a variant's block is valid is checked on the whole page with
 * that variant applied (parse-content.ts), so a variant passes exactly the control's checks.
 */
import { z } from "zod";

import { text } from "./primitives";

/** An experiment's name, e.g. "home-h1": it keys the page cache and the reports. */
export const experimentName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'debe tener de 1 a 40 caracteres de a-z, 0-9 y "-"');

/** A variant's id, e.g. "A", "B". */
const variantId = z
  .string()
  .regex(
    /^[A-Z][A-Za-z0-9]{0,7}$/,
    'debe empezar por una mayúscula (p. ej. "A", "B"), hasta 8 caracteres',
  );

/** An instant with its offset, e.g. "2026-11-25T00:00:00+01:00". */
const instant = z.iso
  .datetime({ offset: true })
  .describe('Fecha y hora con zona, p. ej. "2026-11-25T00:00:00+01:00".');

/** What an experiment is judged by (docs/experiments.md). */
export const EXPERIMENT_GOALS = ["ctr", "registrations", "ftds", "commission"] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

export const experimentSchema = z
  .strictObject({
    name: experimentName.describe('Unique name, e.g. "home-h1"; the blocks of pages name it.'),
    title: text.describe("What the experiment tests, in Spanish, for the dashboard."),
    start: instant.describe("When visitors start getting the variants (before it: the control)."),
    end: instant
      .optional()
      .describe("When it ends (after start). From then everyone gets the winner, or the control."),
    goal: z
      .enum(EXPERIMENT_GOALS)
      .describe("What decides the winner: ctr, registrations, ftds or commission."),
    winner: variantId
      .optional()
      .describe("The variant everyone gets after the end (only with end)."),
    variants: z
      .array(
        z.strictObject({
          id: variantId,
          label: text.describe("The variant in words, in Spanish, for the dashboard."),
          weight: z
            .number()
            .positive("debe ser un número positivo")
            .describe("Share of visitors, relative to the others' weights."),
        }),
      )
      .min(2, "un experimento necesita al menos dos variantes (la primera es el control)")
      .describe("The variants, the control first."),
  })
  .superRefine((experiment, ctx) => {
    const ids = experiment.variants.map((variant) => variant.id);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        ctx.addIssue({
          code: "custom",
          path: ["variants", index, "id"],
          message: `id de variante repetido "${id}"`,
        });
      }
    });
    if (
      experiment.end !== undefined &&
      Date.parse(experiment.end) <= Date.parse(experiment.start)
    ) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "debe ser posterior a start" });
    }
    if (experiment.winner !== undefined) {
      if (experiment.end === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["winner"],
          message: "solo puede haber ganadora con end (fin del experimento)",
        });
      }
      if (!ids.includes(experiment.winner)) {
        ctx.addIssue({
          code: "custom",
          path: ["winner"],
          message: `"${experiment.winner}" no es ninguna de sus variantes (${ids.join(", ")})`,
        });
      }
    }
  });

export type Experiment = z.output<typeof experimentSchema>;

/** The site config's list of experiments, names unique. */
export const experimentsField = z
  .array(experimentSchema)
  .default([])
  .superRefine((experiments, ctx) => {
    const names = experiments.map((experiment) => experiment.name);
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `experimento repetido "${name}"`,
        });
      }
    });
  })
  .describe("A/B experiments (docs/experiments.md): blocks of pages name them.");

/**
 * A block's experiment: its name and, for each variant but the control, the fields of the
 * block's content it replaces, e.g. { "name": "home-h1", "variants": { "B": { "h1": "…" } } }.
 */
export const blockExperiment = z
  .strictObject({
    name: experimentName.describe("An experiment of the site config (site.json `experiments`)."),
    variants: z
      .record(variantId, z.record(z.string(), z.unknown()))
      .describe("Variant id → the fields of this block's content that variant replaces."),
  })
  .optional()
  .describe("An A/B experiment on this block (docs/experiments.md).");
