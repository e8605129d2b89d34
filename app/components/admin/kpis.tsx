/**
 * The dashboard's key figures for the period, each with its change against the period
 * before: the funnel's page views, unique visitors (from the views), people's clicks and
 * CTR (clicks ÷ views), the visitors who clicked, the share of bots, and what the clicks
 * earned: registrations, FTDs, commission in euros (other currencies apart, never summed),
 * EPC (per click), RPM (per 1,000 views) and the click→registration and click→FTD rates.
 * A figure that needs views is "—" where views are not defined (a link or sub-id filter);
 * the visitors who clicked are "—" under any filter (counted without filters only).
 */
import type { PeriodFigures } from "~/reports/dashboard.server";

import {
  botShare,
  change,
  formatMoney,
  formatNumber,
  formatPercent,
  otherCurrencies,
  pointsChange,
} from "./format";
import { ctrOf, epcOf, ratio, rpmOf } from "~/reports/rates";

/** One key figure: how to read it from the totals (null: not defined), and how to write it. */
type Figure = {
  label: string;
  of: (totals: PeriodFigures) => number | null;
  format: (value: number) => string;
  /** A share: its change is in percentage points, and more is not better. */
  share?: boolean;
  /** What the figure counts, when its name alone could mislead. */
  note?: string;
  /** Amounts in other currencies, shown apart. */
  others?: (totals: PeriodFigures) => string;
  /** Why the figure is "—" when it is not counted (default: no views under the filter). */
  unknown?: string;
  /** Counted from the clicks alone: its "—" is never for want of views. */
  fromClicks?: boolean;
};

const NO_VIEWS = "Sin vistas con un filtro de enlace o de sub-id: una vista no tiene enlace.";

/** A rate per click by a person: 0 without clicks. */
const perClick = (count: number, totals: PeriodFigures) => ratio(count, totals.humans) ?? 0;
/** A rate per view: null where views are not counted (a link filter), 0 without views. */
const perView = (rate: number | null, views: number | null) =>
  views === null ? null : (rate ?? 0);

const FIGURES: Figure[] = [
  { label: "Vistas de página", of: (totals) => totals.views, format: formatNumber },
  {
    label: "Visitantes únicos",
    of: (totals) => totals.visitors,
    format: formatNumber,
    note: "Quienes vieron alguna página, sumados día a día: quien vuelve otro día cuenta otra vez.",
    unknown: "Se cuentan sin filtros o con un solo filtro de página.",
  },
  { label: "Clics de personas", of: (totals) => totals.humans, format: formatNumber },
  {
    label: "CTR",
    of: (totals) => perView(ctrOf(totals.humans, totals.views), totals.views),
    format: formatPercent,
    share: true,
    note: "Clics ÷ vistas.",
  },
  {
    label: "Visitantes que hicieron clic",
    of: (totals) => totals.uniques,
    format: formatNumber,
    note: "Quienes hicieron algún clic, sumados día a día.",
    unknown: "Se cuentan sin filtros.",
    fromClicks: true,
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
    of: (totals) => epcOf(totals.commission.EUR ?? 0, totals.humans) ?? 0,
    format: (cents) => formatMoney(cents),
    note: "Comisión en euros por clic de persona.",
  },
  {
    label: "RPM",
    of: (totals) => perView(rpmOf(totals.commission.EUR ?? 0, totals.views), totals.views),
    format: (cents) => formatMoney(cents),
    note: "Comisión en euros por cada 1.000 vistas.",
  },
  {
    label: "Clic → registro",
    of: (totals) => perClick(totals.registrations, totals),
    format: formatPercent,
    share: true,
  },
  {
    label: "Clic → FTD",
    of: (totals) => perClick(totals.ftds, totals),
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
  const others = figure.others?.(current);
  if (now === null || before === null) {
    return (
      <div className="admin-kpi">
        <dt>{figure.label}</dt>
        <dd>
          <span className="admin-kpi__value">—</span>
          <span className="admin-kpi__note">
            {current.views === null && !figure.fromClicks ? NO_VIEWS : (figure.unknown ?? NO_VIEWS)}
          </span>
        </dd>
      </div>
    );
  }
  const delta = figure.share
    ? { ...pointsChange(now, before), trend: "flat" as const }
    : change(now, before);
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
