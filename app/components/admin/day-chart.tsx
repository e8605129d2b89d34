/**
 * Clicks per day as stacked bars (people, then bots when shown), or euro commission per
 * day (`chart=commission`), drawn as SVG shapes sized by attributes (the site's CSP allows
 * no inline style), with the same figures as a table for screen readers and anyone who
 * wants the numbers. A day whose commission is negative (an adjustment) draws no bar; the
 * table says how much.
 */
import { Link } from "@remix-run/react";

import type { Dashboard } from "~/admin/dashboard.server";
import { viewSearch, type View } from "~/admin/query";

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

function CommissionChart({ days, view }: { days: Dashboard["days"]; view: View }) {
  const max = Math.max(1, ...days.map((day) => day.commission));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left) / days.length;
  const bar = Math.max(1, slot * 0.8);
  const y = (cents: number) => CHART.top + plotHeight - (Math.max(0, cents) / max) * plotHeight;
  const total = days.reduce((sum, day) => sum + day.commission, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const summary = `Comisión en euros por día del ${longDay(first.day)} al ${longDay(last.day)}: ${formatMoney(total)} en total, máximo ${formatMoney(max)} en un día.`;
  return (
    <figure className="admin-chart">
      <figcaption>
        <h2>Comisión por día (EUR)</h2>
        <span className="admin-legend">
          <span className="admin-legend__commission">Comisión</span>
          <span>Máx.: {formatMoney(max)}/día</span>
          <ChartSwitch view={view} />
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line className="admin-chart__axis" x1={CHART.left} x2={CHART.width} y1={y(0)} y2={y(0)} />
        {days.map((day, index) => {
          const top = y(day.commission);
          return (
            <g key={day.day}>
              <title>{`${longDay(day.day)}: ${formatMoney(day.commission)}`}</title>
              <rect
                className="admin-chart__commission"
                x={CHART.left + index * slot + (slot - bar) / 2}
                width={bar}
                y={top}
                height={y(0) - top}
              />
            </g>
          );
        })}
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
              <th scope="col">Comisión</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                <td>{formatMoney(day.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Clicks per day as stacked bars (people, then bots when shown). */
function ClickChart({ days, view }: { days: Dashboard["days"]; view: View }) {
  const bots = view.bots;
  const values = days.map((day) => day.humans + (bots ? day.bots : 0));
  const max = Math.max(1, ...values);
  const plotWidth = CHART.width - CHART.left;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / days.length;
  const bar = Math.max(1, slot * 0.8);
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  const total = values.reduce((sum, value) => sum + value, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const summary = `Clics por día del ${longDay(first.day)} al ${longDay(last.day)}: ${formatNumber(total)} en total, máximo ${formatNumber(max)} en un día.`;
  return (
    <figure className="admin-chart">
      <figcaption>
        <h2>Clics por día</h2>
        <span className="admin-legend">
          <span className="admin-legend__humans">Personas</span>
          {bots ? <span className="admin-legend__bots">Bots</span> : null}
          <span>Máx.: {formatNumber(max)}/día</span>
          <ChartSwitch view={view} />
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line className="admin-chart__axis" x1={CHART.left} x2={CHART.width} y1={y(0)} y2={y(0)} />
        <line
          className="admin-chart__grid"
          x1={CHART.left}
          x2={CHART.width}
          y1={y(max)}
          y2={y(max)}
        />
        {days.map((day, index) => {
          const x = CHART.left + index * slot + (slot - bar) / 2;
          const humansTop = y(day.humans);
          const botsTop = y(day.humans + day.bots);
          return (
            <g key={day.day}>
              <title>{`${longDay(day.day)}: ${formatNumber(day.humans)} de personas${bots ? `, ${formatNumber(day.bots)} de bots` : ""}`}</title>
              <rect
                className="admin-chart__humans"
                x={x}
                width={bar}
                y={humansTop}
                height={y(0) - humansTop}
              />
              {bots && day.bots > 0 ? (
                <rect
                  className="admin-chart__bots"
                  x={x}
                  width={bar}
                  y={botsTop}
                  height={humansTop - botsTop}
                />
              ) : null}
            </g>
          );
        })}
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
              <th scope="col">Personas</th>
              <th scope="col">Bots</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                <td>{formatNumber(day.humans)}</td>
                <td>{formatNumber(day.bots)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
