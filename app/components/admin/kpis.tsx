/**
 * The dashboard's key figures for the period, each with its change against the period
 * before: people's clicks, unique visitors and the share of bots.
 */
import type { Dashboard } from "~/admin/dashboard.server";

import { botShare, change, formatNumber, formatPercent, pointsChange } from "./format";

function Kpi({
  label,
  value,
  previous,
  current,
  previousValue,
  share = false,
}: {
  label: string;
  value: string;
  current: number;
  previous: number;
  previousValue: string;
  /** A share: its change is in percentage points, and more is not better. */
  share?: boolean;
}) {
  const delta = share
    ? { ...pointsChange(current, previous), trend: "flat" as const }
    : change(current, previous);
  return (
    <div className="admin-kpi">
      <dt>{label}</dt>
      <dd>
        <span className="admin-kpi__value">{value}</span>
        <span className={`admin-kpi__delta admin-kpi__delta--${delta.trend}`}>
          {delta.text} <span className="admin-kpi__previous">(antes: {previousValue})</span>
        </span>
      </dd>
    </div>
  );
}

export function Kpis({ totals: { current, previous } }: { totals: Dashboard["totals"] }) {
  return (
    <dl className="admin-kpis">
      <Kpi
        label="Clics de personas"
        value={formatNumber(current.humans)}
        current={current.humans}
        previous={previous.humans}
        previousValue={formatNumber(previous.humans)}
      />
      <Kpi
        label="Visitantes únicos"
        value={formatNumber(current.uniques)}
        current={current.uniques}
        previous={previous.uniques}
        previousValue={formatNumber(previous.uniques)}
      />
      <Kpi
        label="Cuota de bots"
        value={formatPercent(botShare(current))}
        current={botShare(current)}
        previous={botShare(previous)}
        previousValue={formatPercent(botShare(previous))}
        share
      />
    </dl>
  );
}
