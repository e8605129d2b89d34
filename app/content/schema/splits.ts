/**
 * Destination splits (docs/experiments.md, docs/affiliate-links.md): `affiliate.splits` in site.json
 * sends the visitors of an experiment's variants to other affiliate destinations from one
 * link, e.g. to compare two landing pages of the program. The control keeps the link's
 * own destination; each other variant may name one. Checked here: the shape, that the
 * experiment exists and the variants are its own (not its control), and the click id's
 * placement as for every destination; that the link exists is checked once the pages'
 * links are known (splitLinkProblems, parse-content.ts).
 */
import { z } from "zod";

import { clickIdProblem } from "~/affiliate/outbound-location";

import { httpsUrl } from "./primitives";

export const splitsSchema = z
  .array(
    z.strictObject({
      link: z
        .string()
        .regex(
          /^[a-z0-9-]{1,120}$/,
          "debe ser el id de un enlace (a-z, 0-9 y -), p. ej. home-hero-1-button-1",
        )
        .describe(
          "The id of the link, as the click reports name it (e.g. home-main-block-1-button-1).",
        ),
      experiment: z.string().describe("The name of the experiment (experiments[].name)."),
      destinations: z
        .record(z.string(), httpsUrl)
        .describe(
          'Variant id → affiliate URL (https) for the variants other than the control, e.g. {"B": "https://…"}. The control keeps the link\'s own destination.',
        ),
    }),
  )
  .default([])
  .describe(
    "Destination splits: a link that sends each variant of an experiment to its own affiliate URL. The same visitor always gets the same one; bots get the control's.",
  );

export type Split = z.output<typeof splitsSchema>[number];

/** What a split needs of the experiments (site.json `experiments`). */
type DeclaredExperiment = { name: string; variants: readonly { id: string }[] };

type SplitProblem = { path: (string | number)[]; message: string };

/**
 * The problems of the splits against the experiments and the click id's setting; paths
 * from the site's root.
 */
export function splitProblems(
  splits: readonly Split[],
  experiments: readonly DeclaredExperiment[],
  clickId: { send: boolean; param: string },
): SplitProblem[] {
  const problems: SplitProblem[] = [];
  const seen = new Set<string>();
  splits.forEach((split, index) => {
    const at = ["affiliate", "splits", index];
    if (seen.has(split.link)) {
      problems.push({
        path: [...at, "link"],
        message: `el enlace "${split.link}" ya tiene otro reparto`,
      });
    }
    seen.add(split.link);
    const experiment = experiments.find((declared) => declared.name === split.experiment);
    if (!experiment) {
      const names = experiments.map((declared) => declared.name).join(", ") || "ninguno";
      problems.push({
        path: [...at, "experiment"],
        message: `no existe el experimento "${split.experiment}" (experimentos: ${names})`,
      });
      return;
    }
    const [control, ...others] = experiment.variants.map((variant) => variant.id);
    for (const [id, destination] of Object.entries(split.destinations)) {
      if (!others.includes(id)) {
        problems.push({
          path: [...at, "destinations", id],
          message:
            id === control
              ? `"${id}" es el control: conserva el destino del enlace`
              : `el experimento "${experiment.name}" no tiene la variante "${id}" (variantes: ${others.join(", ")})`,
        });
        continue;
      }
      const problem = clickId.send ? clickIdProblem(destination, clickId.param) : null;
      if (problem) problems.push({ path: [...at, "destinations", id], message: problem });
    }
  });
  return problems;
}

/** The splits whose link no page nor the header has; paths from the site's root. */
export function splitLinkProblems(
  splits: readonly Split[],
  linkIds: ReadonlySet<string>,
): SplitProblem[] {
  return splits.flatMap((split, index) =>
    linkIds.has(split.link)
      ? []
      : [
          {
            path: ["affiliate", "splits", index, "link"],
            message: `ningún enlace tiene el id "${split.link}" (los ids salen en el informe de clics)`,
          },
        ],
  );
}
