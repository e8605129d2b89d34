/**
 * The dashboard's key figures for the period, in three groups, each with its change against
 * the period before: traffic (page views, unique visitors from the views, people's clicks,
 * CTR = clicks ÷ views, the share of bots), money (registrations, FTDs, commission in euros,
 * other currencies apart and never summed, EPC per click and RPM per 1,000 views) and
 * conversion (the visitors who clicked, the click→registration and click→FTD rates).
 * A figure that needs views is "—" where views are not defined (a link or sub-id filter).
 * Unique visitors are counted under any filter; under one, the figures say how
 * (app/reports/visitors.ts).
 */
import type { PeriodFigures } from "~/reports/dashboard.server";
import { marginOf, type Estimate } from "~/reports/visitors";
import { SAMPLE_RATE } from "~/ledger/visitor-prints";

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
  /** How the figure is counted under filters, when not as without them. */
  filteredNote?: string;
  /** The figure's count and variance, where it may be estimated from a sample. */
  estimate?: (totals: PeriodFigures) => Estimate | null;
};

const NO_VIEWS = "Sin vistas con un filtro de enlace o de sub-id: una vista no tiene enlace.";

/** Unique visitors under filters: distinct prints of 36 bits (app/ledger/visitor-prints.ts). */
const BY_PRINTS =
  "Con filtros se cuentan por una huella de cada visitante: error medio menor que 0,001 %.";

/** A count from the sample of prints (app/reports/visitors.ts), with its margin. */
const sampledNote = (margin: number) =>
  `Estimación con una muestra de 1 de cada ${SAMPLE_RATE} visitantes: ±${formatPercent(margin)} (95 %).`;

/** A rate per click by a person: 0 without clicks. */
const perClick = (count: number, totals: PeriodFigures) => ratio(count, totals.humans) ?? 0;
/** A rate per view: null where views are not counted (a link filter), 0 without views. */
const perView = (rate: number | null, views: number | null) =>
  views === null ? null : (rate ?? 0);

/** A group of figures under its heading, one row on a laptop (its `id` names its heading). */
type Group = { id: string; title: string; figures: Figure[] };

const GROUPS: Group[] = [
  {
    id: "kpis-trafico",
    title: "Tráfico",
    figures: [
      { label: "Vistas de página", of: (totals) => totals.views, format: formatNumber },
      {
        label: "Visitantes únicos",
        of: (totals) => totals.visitors,
        format: formatNumber,
        note: "Quienes vieron alguna página, sumados día a día: quien vuelve otro día cuenta otra vez.",
        filteredNote: BY_PRINTS,
        estimate: (totals) =>
          totals.visitors === null
            ? null
            : { count: totals.visitors, variance: totals.visitorsVariance ?? 0 },
      },
      { label: "Clics de personas", of: (totals) => totals.humans, format: formatNumber },
      {
        label: "CTR",
        of: (totals) => perView(ctrOf(totals.humans, totals.views), totals.views),
        format: formatPercent,
        share: true,
        note: "Clics ÷ vistas.",
      },
      { label: "Cuota de bots", of: botShare, format: formatPercent, share: true },
    ],
  },
  {
    id: "kpis-dinero",
    title: "Dinero",
    figures: [
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
    ],
  },
  {
    id: "kpis-conversion",
    title: "Conversión",
    figures: [
      {
        label: "Visitantes que hicieron clic",
        of: (totals) => totals.uniques,
        format: formatNumber,
        note: "Quienes hicieron algún clic, sumados día a día.",
        filteredNote: BY_PRINTS,
        estimate: (totals) => ({ count: totals.uniques, variance: totals.uniquesVariance ?? 0 }),
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
    ],
  },
];

function Kpi({
  figure,
  current,
  previous,
  filtered,
}: {
  figure: Figure;
  current: PeriodFigures;
  previous: PeriodFigures;
  filtered: boolean;
}) {
  const [now, before] = [figure.of(current), figure.of(previous)];
  const others = figure.others?.(current);
  if (now === null || before === null) {
    return (
      <div className="admin-kpi">
        <dt>{figure.label}</dt>
        <dd>
          <span className="admin-kpi__value">—</span>
          <span className="admin-kpi__note">{NO_VIEWS}</span>
        </dd>
      </div>
    );
  }
  const estimate = figure.estimate?.(current);
  const margin = estimate ? marginOf(estimate) : 0;
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
        {margin > 0 ? (
          <span className="admin-kpi__note">{sampledNote(margin)}</span>
        ) : filtered && figure.filteredNote ? (
          <span className="admin-kpi__note">{figure.filteredNote}</span>
        ) : null}
      </dd>
    </div>
  );
}

export function Kpis({
  totals: { current, previous },
  filtered,
}: {
  totals: { current: PeriodFigures; previous: PeriodFigures };
  /** Whether the view has filters (some figures are then counted another way). */
  filtered: boolean;
}) {
  return (
    <div className="admin-kpis">
      {GROUPS.map((group) => (
        <section key={group.id} className="admin-kpis__group" aria-labelledby={group.id}>
          <h2 id={group.id}>{group.title}</h2>
          <dl className="admin-kpis__list">
            {group.figures.map((figure) => (
              <Kpi
                key={figure.label}
                figure={figure}
                current={current}
                previous={previous}
                filtered={filtered}
              />
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
