/**
 * The dashboard's key figures for the period, each with its change against the period
 * before: people's clicks, unique visitors and the share of bots.
 */
import type { Dashboard } from "~/admin/dashboard.server";

import { botShare, change, formatNumber, formatPercent, pointsChange } from "./format";

type Totals = Dashboard["totals"]["current"];

/** One key figure: how to read it from the totals, and how to write it. */
type Figure = {
  label: string;
  of: (totals: Totals) => number;
  format: (value: number) => string;
  /** A share: its change is in percentage points, and more is not better. */
  share?: boolean;
};

const FIGURES: Figure[] = [
  { label: "Clics de personas", of: (totals) => totals.humans, format: formatNumber },
  { label: "Visitantes únicos", of: (totals) => totals.uniques, format: formatNumber },
  { label: "Cuota de bots", of: botShare, format: formatPercent, share: true },
];

function Kpi({ figure, current, previous }: { figure: Figure; current: number; previous: number }) {
  const delta = figure.share
    ? { ...pointsChange(current, previous), trend: "flat" as const }
    : change(current, previous);
  return (
    <div className="admin-kpi">
      <dt>{figure.label}</dt>
      <dd>
        <span className="admin-kpi__value">{figure.format(current)}</span>
        <span className={`admin-kpi__delta admin-kpi__delta--${delta.trend}`}>
          {delta.text}{" "}
          <span className="admin-kpi__previous">(antes: {figure.format(previous)})</span>
        </span>
      </dd>
    </div>
  );
}

export function Kpis({ totals: { current, previous } }: { totals: Dashboard["totals"] }) {
  return (
    <dl className="admin-kpis">
      {FIGURES.map((figure) => (
        <Kpi
          key={figure.label}
          figure={figure}
          current={figure.of(current)}
          previous={figure.of(previous)}
        />
      ))}
    </dl>
  );
}
