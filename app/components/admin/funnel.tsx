/**
 * The period's funnel for the view's filters: page views → people's clicks → registrations
 * → FTDs, each step with its rate against the step before and against the views. An
 * ordered list, so the figures are the text itself (screen readers read the list); each
 * step's bar is an SVG sized by attributes (the CSP allows no inline style), on a
 * logarithmic scale so a step of 0,1 % of the views still shows. Under a link or sub-id
 * filter views are not defined: the funnel starts at the clicks and says why.
 */
import type { PeriodFigures } from "~/reports/dashboard.server";

import { formatNumber, formatPercent } from "./format";

type Step = { label: string; count: number | null; rateLabel: string };

/** A bar's length (0–100) on a log scale whose full length is `max`. */
function barLength(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, (100 * Math.log10(count + 1)) / Math.log10(max + 1));
}

const rateOf = (count: number, of: number | null) =>
  of === null || of === 0 ? "—" : formatPercent(count / of);

export function Funnel({ totals }: { totals: PeriodFigures }) {
  const steps: Step[] = [
    { label: "Vistas de página", count: totals.views, rateLabel: "" },
    { label: "Clics de personas", count: totals.humans, rateLabel: "de las vistas (CTR)" },
    { label: "Registros", count: totals.registrations, rateLabel: "de los clics" },
    { label: "FTD (primeros depósitos)", count: totals.ftds, rateLabel: "de los registros" },
  ];
  const max = Math.max(0, ...steps.map((step) => step.count ?? 0));
  return (
    <section className="admin-funnel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">Embudo: de la vista al primer depósito</h2>
      <ol className="admin-funnel__steps">
        {steps.map((step, index) => {
          const before = index > 0 ? steps[index - 1]!.count : null;
          return (
            <li key={step.label} className="admin-funnel__step">
              <span className="admin-funnel__label">{step.label}</span>
              <span className="admin-funnel__count">
                {step.count === null ? "—" : formatNumber(step.count)}
              </span>
              <svg
                className="admin-funnel__bar"
                viewBox="0 0 100 6"
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <rect width="100" height="6" className="admin-funnel__track" />
                <rect width={step.count === null ? 0 : barLength(step.count, max)} height="6" />
              </svg>
              {index > 0 && step.count !== null ? (
                <span className="admin-funnel__rate">
                  {rateOf(step.count, before)} {step.rateLabel}
                  {index > 1 && totals.views ? (
                    <> · {rateOf(step.count, totals.views)} de las vistas</>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {totals.views === null ? (
        <p className="admin-funnel__note" role="note">
          Con un filtro de enlace o de sub-id no hay vistas: una vista de página no tiene enlace ni
          sub-id. Vistas, visitantes, CTR y RPM se muestran como «—».
        </p>
      ) : (
        <p className="admin-funnel__note">
          Barras en escala logarítmica. Registros y FTD cuentan los de todos los clics del periodo.
        </p>
      )}
    </section>
  );
}
