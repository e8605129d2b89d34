/**
 * Clicks per day as stacked bars (people, then bots when shown), or euro commission per
 * day (`chart=commission`), drawn as SVG shapes sized by attributes (the site's CSP allows
 * no inline style), with the same figures as a table for screen readers and anyone who
 * wants the numbers. A day whose commission is negative (an adjustment) draws no bar; the
 * table says how much.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { Dashboard } from "~/reports/dashboard.server";
import { viewSearch, type View } from "~/reports/query";

import { formatMoney, formatNumber, longDay, shortDay } from "./format";

const CHART = { width: 720, height: 200, top: 8, bottom: 0, left: 0 };

/** The day's bars, with its data table. */
export function DayChart({ days, view }: { days: Dashboard["days"]; view: View }) {
  return view.chart === "commission" ? (
    <CommissionChart days={days} view={view} />
  ) : (
    <ClickChart days={days} view={view} />
  );
}

/** Links between the two charts, kept in the URL. */
function ChartSwitch({ view }: { view: View }) {
  const other = view.chart === "commission" ? "clicks" : "commission";
  return (
    <Link
      className="admin-chart__switch"
      to={`${viewSearch(view, { chart: other })}`}
      preventScrollReset
    >
      {other === "commission" ? "Ver comisión por día" : "Ver clics por día"}
    </Link>
  );
}

/** Bar geometry of a chart of `count` days whose tallest bar is `max` (none below zero). */
function barScale(count: number, max: number) {
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left) / count;
  const bar = Math.max(1, slot * 0.8);
  return {
    bar,
    x: (index: number) => CHART.left + index * slot + (slot - bar) / 2,
    y: (value: number) => CHART.top + plotHeight - (Math.max(0, value) / max) * plotHeight,
  };
}

type Days = Dashboard["days"];

/**
 * What both charts share: the caption with its legend and the switch, the SVG (its
 * summary as the accessible name, the axis at `baseline`, the bars as children), the first
 * and last days, and the figures as a table (a column per `columns`, cells by `cells`).
 */
function ChartFrame({
  days,
  view,
  title,
  legend,
  summary,
  baseline,
  columns,
  cells,
  children,
}: {
  days: Days;
  view: View;
  title: string;
  legend: ReactNode;
  summary: string;
  baseline: number;
  columns: string[];
  cells: (day: Days[number]) => string[];
  children: ReactNode;
}) {
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return (
    <figure className="admin-chart">
      <figcaption>
        <h2>{title}</h2>
        <span className="admin-legend">
          {legend}
          <ChartSwitch view={view} />
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line
          className="admin-chart__axis"
          x1={CHART.left}
          x2={CHART.width}
          y1={baseline}
          y2={baseline}
        />
        {children}
      </svg>
      <p className="admin-chart__labels" aria-hidden="true">
        <span>{shortDay(first.day)}</span>
        <span>{shortDay(last.day)}</span>
      </p>
      <details className="admin-chart__data">
        <summary>Ver los datos del gráfico</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Día</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                {cells(day).map((cell, index) => (
                  <td key={columns[index]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const period = (days: Days) =>
  `del ${longDay(days[0]!.day)} al ${longDay(days[days.length - 1]!.day)}`;

function CommissionChart({ days, view }: { days: Days; view: View }) {
  const max = Math.max(1, ...days.map((day) => day.commission));
  const { bar, x, y } = barScale(days.length, max);
  const total = days.reduce((sum, day) => sum + day.commission, 0);
  return (
    <ChartFrame
      days={days}
      view={view}
      title="Comisión por día (EUR)"
      legend={
        <>
          <span className="admin-legend__commission">Comisión</span>
          <span>Máx.: {formatMoney(max)}/día</span>
        </>
      }
      summary={`Comisión en euros por día ${period(days)}: ${formatMoney(total)} en total, máximo ${formatMoney(max)} en un día.`}
      baseline={y(0)}
      columns={["Comisión"]}
      cells={(day) => [formatMoney(day.commission)]}
    >
      {days.map((day, index) => {
        const top = y(day.commission);
        return (
          <g key={day.day}>
            <title>{`${longDay(day.day)}: ${formatMoney(day.commission)}`}</title>
            <rect
              className="admin-chart__commission"
              x={x(index)}
              width={bar}
              y={top}
              height={y(0) - top}
            />
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** Clicks per day as stacked bars (people, then bots when shown). */
function ClickChart({ days, view }: { days: Days; view: View }) {
  const bots = view.bots;
  const values = days.map((day) => day.humans + (bots ? day.bots : 0));
  const max = Math.max(1, ...values);
  const { bar, x, y } = barScale(days.length, max);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <ChartFrame
      days={days}
      view={view}
      title="Clics por día"
      legend={
        <>
          <span className="admin-legend__humans">Personas</span>
          {bots ? <span className="admin-legend__bots">Bots</span> : null}
          <span>Máx.: {formatNumber(max)}/día</span>
        </>
      }
      summary={`Clics por día ${period(days)}: ${formatNumber(total)} en total, máximo ${formatNumber(max)} en un día.`}
      baseline={y(0)}
      columns={["Personas", "Bots"]}
      cells={(day) => [formatNumber(day.humans), formatNumber(day.bots)]}
    >
      <line
        className="admin-chart__grid"
        x1={CHART.left}
        x2={CHART.width}
        y1={y(max)}
        y2={y(max)}
      />
      {days.map((day, index) => {
        const humansTop = y(day.humans);
        const botsTop = y(day.humans + day.bots);
        return (
          <g key={day.day}>
            <title>{`${longDay(day.day)}: ${formatNumber(day.humans)} de personas${bots ? `, ${formatNumber(day.bots)} de bots` : ""}`}</title>
            <rect
              className="admin-chart__humans"
              x={x(index)}
              width={bar}
              y={humansTop}
              height={y(0) - humansTop}
            />
            {bots && day.bots > 0 ? (
              <rect
                className="admin-chart__bots"
                x={x(index)}
                width={bar}
                y={botsTop}
                height={humansTop - botsTop}
              />
            ) : null}
          </g>
        );
      })}
    </ChartFrame>
  );
}
