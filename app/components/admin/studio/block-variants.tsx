/**
 * A block under an experiment, in its editor: the fields its variants replace, side by side
 * with the control's (the block as written), each variant with its share of visitors; and,
 * while the experiment runs, a warning beside a field changed since the last publish that a
 * variant replaces: that share of visitors still sees the variant's text, not the change.
 */
import type { ExperimentSummary } from "~/studio/types";
import { fieldWords } from "~/studio/field-words";

type Block = {
  data?: { content?: Record<string, unknown> };
  experiment?: { name?: unknown; variants?: Record<string, Record<string, unknown>> };
};

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

/** The fields changed since the last publish that a variant of a running experiment replaces. */
export function variantWarnings(
  block: Block | undefined,
  published: Block | undefined,
  experiment: ExperimentSummary | undefined,
): string[] {
  const overrides = block?.experiment?.variants;
  if (!experiment?.running || !overrides) return [];
  const content = block?.data?.content ?? {};
  const before = published?.data?.content ?? {};
  const warnings: string[] = [];
  for (const [id, fields] of Object.entries(overrides)) {
    const variant = experiment.variants.find((each) => each.id === id);
    for (const field of Object.keys(fields ?? {})) {
      if (JSON.stringify(content[field]) === JSON.stringify(before[field])) continue;
      warnings.push(
        `Has cambiado «${fieldWords(field)}», pero el experimento «${experiment.title}» está en marcha: ${
          variant ? `el ${variant.share} % de los visitantes (variante ${id})` : `la variante ${id}`
        } sigue viendo su propio texto, «${shown(fields[field])}». Cámbialo también en la variante (Experimento, más abajo) o termina el experimento en Ajustes del sitio.`,
      );
    }
  }
  return warnings;
}

export function BlockVariants({
  block,
  published,
  experiments,
}: {
  block: Block | undefined;
  published: Block | undefined;
  experiments: Readonly<Record<string, ExperimentSummary>>;
}) {
  const name = block?.experiment?.name;
  const overrides = block?.experiment?.variants;
  if (typeof name !== "string" || !overrides) return null;
  const experiment = experiments[name];
  const content = block?.data?.content ?? {};
  const ids = Object.keys(overrides);
  const fields = [...new Set(ids.flatMap((id) => Object.keys(overrides[id] ?? {})))];
  const control = experiment?.variants[0];
  const share = (id: string) => experiment?.variants.find((each) => each.id === id)?.share;
  const state = !experiment
    ? "no declarado en Ajustes del sitio"
    : experiment.running
      ? "en marcha"
      : experiment.winner
        ? `terminado, ganadora ${experiment.winner}`
        : "sin empezar o terminado";
  const warnings = variantWarnings(block, published, experiment);
  return (
    <section className="studio-variants" aria-label={`Experimento ${name}`}>
      <p className="studio-variants__title">
        Experimento «{experiment?.title ?? name}» ({state})
      </p>
      <div className="studio-table-scroll">
        <table className="studio-changes">
          <thead>
            <tr>
              <th scope="col">Campo</th>
              <th scope="col">
                {control ? `${control.id} (control, ${control.share} %)` : "Control"}
              </th>
              {ids.map((id) => (
                <th scope="col" key={id}>
                  {id}
                  {share(id) !== undefined ? ` (${share(id)} %)` : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{fieldWords(field)}</th>
                <td>{shown(content[field])}</td>
                {ids.map((id) => (
                  <td key={id}>
                    {field in (overrides[id] ?? {})
                      ? shown(overrides[id]![field])
                      : "(como el control)"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {warnings.map((warning) => (
        <p key={warning} className="studio-variants__warning" role="status">
          {warning}
        </p>
      ))}
    </section>
  );
}
