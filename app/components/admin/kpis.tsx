/**
 * The dashboard's key figures for the period, each with its change against the period
 * before: people's clicks, unique visitors, the share of bots, and what the clicks earned:
 * registrations, FTDs, commission in euros (other currencies apart, never summed), EPC
 * (euro commission per click by a person) and the click→registration and click→FTD rates.
 */
import type { PeriodFigures } from "~/admin/dashboard.server";

import {
  botShare,
  change,
  formatMoney,
  formatNumber,
  formatPercent,
  otherCurrencies,
  pointsChange,
} from "./format";

/** One key figure: how to read it from the totals, and how to write it. */
type Figure = {
  label: string;
  of: (totals: PeriodFigures) => number;
  format: (value: number) => string;
  /** A share: its change is in percentage points, and more is not better. */
  share?: boolean;
  /** What the figure counts, when its name alone could mislead. */
  note?: string;
  /** Amounts in other currencies, shown apart. */
  others?: (totals: PeriodFigures) => string;
};

const rate = (count: number, clicks: number) => (clicks > 0 ? count / clicks : 0);
const epc = (totals: PeriodFigures) => rate(totals.commission.EUR ?? 0, totals.humans);

const FIGURES: Figure[] = [
  { label: "Clics de personas", of: (totals) => totals.humans, format: formatNumber },
  {
    label: "Visitantes únicos",
    of: (totals) => totals.uniques,
    format: formatNumber,
    note: "Suma de los visitantes únicos de cada día: quien vuelve otro día cuenta otra vez.",
  },
  { label: "Cuota de bots", of: botShare, format: formatPercent, share: true },
  { label: "Registros", of: (totals) => totals.registrations, format: formatNumber },
  { label: "FTD (primeros depósitos)", of: (totals) => totals.ftds, format: formatNumber },
  {
    label: "Comisión",
    of: (totals) => totals.commission.EUR ?? 0,
    format: (cents) => formatMoney(cents),
    others: (totals) => otherCurrencies(totals.commission),
  },
  {
    label: "EPC",
    of: epc,
    format: (cents) => formatMoney(cents),
    note: "Comisión en euros por clic de persona.",
  },
  {
    label: "Clic → registro",
    of: (totals) => rate(totals.registrations, totals.humans),
    format: formatPercent,
    share: true,
  },
  {
    label: "Clic → FTD",
    of: (totals) => rate(totals.ftds, totals.humans),
    format: formatPercent,
    share: true,
  },
];

function Kpi({
  figure,
  current,
  previous,
}: {
  figure: Figure;
  current: PeriodFigures;
  previous: PeriodFigures;
}) {
  const [now, before] = [figure.of(current), figure.of(previous)];
  const delta = figure.share
    ? { ...pointsChange(now, before), trend: "flat" as const }
    : change(now, before);
  const others = figure.others?.(current);
  return (
    <div className="admin-kpi">
      <dt>{figure.label}</dt>
      <dd>
        <span className="admin-kpi__value">{figure.format(now)}</span>
        {others ? <span className="admin-kpi__others">también: {others}</span> : null}
        <span className={`admin-kpi__delta admin-kpi__delta--${delta.trend}`}>
          {delta.text} <span className="admin-kpi__previous">(antes: {figure.format(before)})</span>
        </span>
        {figure.note ? <span className="admin-kpi__note">{figure.note}</span> : null}
      </dd>
    </div>
  );
}

export function Kpis({
  totals: { current, previous },
}: {
  totals: { current: PeriodFigures; previous: PeriodFigures };
}) {
  return (
    <dl className="admin-kpis">
      {FIGURES.map((figure) => (
        <Kpi key={figure.label} figure={figure} current={current} previous={previous} />
      ))}
    </dl>
  );
}
