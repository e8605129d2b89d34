/**
 * The experiments of /admin/experiments, one card each: its title and name, phase, dates
 * and goal, then the variants side by side (a column each, the control first) with a row
 * per figure, ending with the goal's estimate and interval, the probability to beat the
 * control and the verdict. The table scrolls inside its card on a narrow screen. How to
 * read it: docs/experiments-reading.md.
 */
import type { ExperimentView, VariantRow } from "~/reports/experiments-view.server";

import { formatMoney, formatNumber, formatPercent, longDay, shortDay } from "./format";

const dash = "—";

/** The goal's estimate of a row: a rate, or an amount per visitor for commission. */
function goalValue(view: ExperimentView, value: number): string {
  return view.goal === "commission" ? formatMoney(value) : formatPercent(value);
}

/** The figure rows of the table: a heading and how a variant fills its cell. */
function figureRows(view: ExperimentView): [string, (row: VariantRow) => string][] {
  return [
    ["Reparto del tráfico", (row) => formatPercent(row.share)],
    ["Vistas", (row) => formatNumber(row.figures.views)],
    ["Visitantes", (row) => formatNumber(row.figures.visitors)],
    ["Clics", (row) => formatNumber(row.figures.clicks)],
    ["CTR", (row) => (row.ctr === null ? dash : formatPercent(row.ctr))],
    ["Registros", (row) => formatNumber(row.figures.registrations)],
    ["FTD", (row) => formatNumber(row.figures.ftds)],
    ["Comisión", (row) => formatMoney(row.figures.commission)],
    ["EPC", (row) => (row.epc === null ? dash : formatMoney(row.epc))],
    ["RPM", (row) => (row.rpm === null ? dash : formatMoney(row.rpm))],
    ["Objetivo (estimación)", (row) => goalValue(view, row.estimate)],
    [
      "Intervalo del 95\u00a0%",
      (row) =>
        row.interval
          ? `${goalValue(view, row.interval.low)} – ${goalValue(view, row.interval.high)}`
          : dash,
    ],
    [
      "P(gana al control)",
      (row) => (row.probabilityToBeat === null ? dash : formatPercent(row.probabilityToBeat)),
    ],
  ];
}

function VariantsTable({ view, variants }: { view: ExperimentView; variants: VariantRow[] }) {
  const captionId = `experiment-${view.name}-caption`;
  return (
    <div className="admin-import__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-experiment__table">
        {/* Read aloud, not shown: the card's heading and its "Periodo" say the same. */}
        <caption id={captionId} className="visually-hidden">
          {`Variantes de «${view.title}» lado a lado${
            view.days ? `, del ${longDay(view.days.from)} al ${longDay(view.days.to)}` : ""
          }`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Cifra</th>
            {variants.map((row) => (
              <th scope="col" key={row.id}>
                {`${row.id} · ${row.label}${row.control ? " (control)" : ""}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figureRows(view).map(([heading, cell]) => (
            <tr key={heading}>
              <th scope="row">{heading}</th>
              {variants.map((row) => (
                <td key={row.id}>{cell(row)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">Veredicto</th>
            {variants.map((row) => (
              <td key={row.id}>
                {row.verdict ? (
                  <strong
                    className={`admin-experiment__verdict admin-experiment__verdict--${row.verdict.kind}`}
                  >
                    {row.verdict.text}
                  </strong>
                ) : (
                  "referencia"
                )}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function ExperimentCard({ view }: { view: ExperimentView }) {
  const titleId = `experiment-${view.name}`;
  return (
    <section className="admin-rank admin-experiment" aria-labelledby={titleId}>
      <h2 id={titleId}>{view.title}</h2>
      <dl className="admin-experiment__facts">
        <div>
          <dt>Nombre</dt>
          <dd>
            <code>{view.name}</code>
          </dd>
        </div>
        <div>
          <dt>Fase</dt>
          <dd>
            <span className={`admin-experiment__phase admin-experiment__phase--${view.phase}`}>
              {view.phaseName}
            </span>
            {view.winner ? ` · ganadora: ${view.winner}` : ""}
          </dd>
        </div>
        <div>
          <dt>Fechas</dt>
          <dd>{`${view.startText} → ${view.endText ?? "sin fecha de fin"}`}</dd>
        </div>
        {view.days ? (
          <div>
            <dt>Periodo contado</dt>
            <dd>{`${shortDay(view.days.from)} – ${shortDay(view.days.to)}`}</dd>
          </div>
        ) : null}
        <div>
          <dt>Objetivo</dt>
          <dd>{view.goalName}</dd>
        </div>
      </dl>
      {view.goal === "commission" ? (
        <p className="admin-experiment__note">
          La comisión por visitante no tiene intervalo: los informes solo guardan sumas diarias, sin
          la varianza por visitante. El veredicto se decide con la tasa de FTD por visitante.
        </p>
      ) : null}
      {view.variants ? (
        <VariantsTable view={view} variants={view.variants} />
      ) : (
        <p className="admin-rank__empty">
          {view.phase === "scheduled"
            ? "Todavía no ha empezado: no hay cifras."
            : "Sin cifras: los informes de experimentos no están disponibles (registro desactivado o todavía sin conectar)."}
        </p>
      )}
    </section>
  );
}

export function ExperimentsList({ experiments }: { experiments: ExperimentView[] }) {
  if (experiments.length === 0) {
    return (
      <p className="admin-rank__empty">
        No hay experimentos declarados en el contenido (site.experiments).
      </p>
    );
  }
  return (
    <div className="admin-experiments__list">
      {experiments.map((view) => (
        <ExperimentCard key={view.name} view={view} />
      ))}
    </div>
  );
}
