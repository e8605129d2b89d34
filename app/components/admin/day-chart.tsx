/**
 * Clicks per day as stacked bars (people, then bots when shown), or euro commission per
 * day (`chart=commission`), each against the previous period, in the frame both share
 * (chart-frame.tsx: axes, the day's figure on hover, focus and tap, the table). A day whose
 * commission is negative (an adjustment) draws no bar; the table and the day's figure say
 * how much.
 */
import { Link } from "@remix-run/react";

import type { Dashboard, DayFigures } from "~/reports/dashboard.server";
import { viewSearch, type View } from "~/reports/query";

import { ChartFrame } from "./chart-frame";
import { formatMoney, formatNumber, longDay, shortDay } from "./format";

type Days = Dashboard["days"];

/** The day's bars, with its data table. */
export function DayChart({ days, view }: { days: Days; view: View }) {
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

const period = (days: Days) =>
  `del ${longDay(days[0]!.day)} al ${longDay(days[days.length - 1]!.day)}`;

function CommissionChart({ days, view }: { days: Days; view: View }) {
  const max = Math.max(1, ...days.map((day) => day.commission));
  const total = days.reduce((sum, day) => sum + day.commission, 0);
  return (
    <ChartFrame
      days={days}
      title="Comisión por día (EUR)"
      unit="Comisión al día"
      legend={
        <>
          <span className="admin-legend__commission">Comisión</span>
          <span>Máx.: {formatMoney(max)}/día</span>
        </>
      }
      action={<ChartSwitch view={view} />}
      summary={`Comisión en euros por día ${period(days)}: ${formatMoney(total)} en total, máximo ${formatMoney(max)} en un día.`}
      total={`${formatMoney(total)} de comisión en total.`}
      value={(figures) => figures.commission}
      formatTick={formatMoney}
      describe={(day) =>
        `${longDay(day.day)}: ${formatMoney(day.commission)} de comisión. Periodo anterior (${shortDay(day.previous.day)}): ${formatMoney(day.previous.commission)}.`
      }
      columns={["Comisión"]}
      cells={(figures) => [formatMoney(figures.commission)]}
      bars={({ bar, x, y }) =>
        days.map((day, index) => (
          <rect
            key={day.day}
            className="admin-chart__commission"
            x={x(index)}
            width={bar}
            y={y(day.commission)}
            height={y(0) - y(day.commission)}
          />
        ))
      }
    />
  );
}

/** Clicks per day as stacked bars (people, then bots when shown). */
function ClickChart({ days, view }: { days: Days; view: View }) {
  const bots = view.bots;
  const clicks = (figures: DayFigures) => figures.humans + (bots ? figures.bots : 0);
  const max = Math.max(1, ...days.map(clicks));
  const total = days.reduce((sum, day) => sum + clicks(day), 0);
  const inWords = (figures: DayFigures) =>
    bots
      ? `${formatNumber(clicks(figures))} clics (${formatNumber(figures.humans)} de personas, ${formatNumber(figures.bots)} de bots)`
      : `${formatNumber(figures.humans)} clics de personas`;
  return (
    <ChartFrame
      days={days}
      title="Clics por día"
      unit={bots ? "Clics al día" : "Clics de personas al día"}
      legend={
        <>
          <span className="admin-legend__humans">Personas</span>
          {bots ? <span className="admin-legend__bots">Bots</span> : null}
          <span>Máx.: {formatNumber(max)}/día</span>
        </>
      }
      action={<ChartSwitch view={view} />}
      summary={`Clics por día ${period(days)}: ${formatNumber(total)} en total, máximo ${formatNumber(max)} en un día.`}
      total={`${formatNumber(total)} ${bots ? "clics" : "clics de personas"} en total.`}
      value={clicks}
      formatTick={formatNumber}
      describe={(day) =>
        `${longDay(day.day)}: ${inWords(day)}. Periodo anterior (${shortDay(day.previous.day)}): ${inWords(day.previous)}.`
      }
      columns={["Personas", "Bots"]}
      cells={(figures) => [formatNumber(figures.humans), formatNumber(figures.bots)]}
      bars={({ bar, x, y }) =>
        days.map((day, index) => {
          const humansTop = y(day.humans);
          const botsTop = y(day.humans + day.bots);
          return (
            <g key={day.day}>
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
        })
      }
    />
  );
}
