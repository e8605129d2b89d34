/**
 * What both day charts share (day-chart.tsx): the caption, a y-axis with round ticks and its
 * unit, as many dates as the width holds, the previous period as a thin step line over the
 * bars, the figure of one day on hover, keyboard focus and tap, and every figure as a table
 * (chart-table.tsx).
 *
 * The site's CSP allows no inline style, so everything is sized by SVG attributes. To keep
 * text at its size, the SVG's coordinates are the box's own pixels: the server draws it
 * CHART_WIDTH wide (scaled to the box), and once in the browser it measures the box and
 * redraws at its width, becoming a slider over the days (arrows, Home, End) whose value is
 * the day's figure. This is the admin bundle: none of it reaches a public page.
 */
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from "react";

import type { DayFigures, Dashboard } from "~/reports/dashboard.server";

import { ChartTable } from "./chart-table";
import { dateTicks, roundTicks } from "./chart-ticks";
import { shortDay } from "./format";

type Days = Dashboard["days"];

/** Where the bars go: `x` of a day's bar `bar` wide, `y` of a value (0 at the baseline). */
export type Plot = { bar: number; x: (index: number) => number; y: (value: number) => number };

/** The width drawn before the browser measures the box (a laptop's chart). */
const CHART_WIDTH = 720;
const HEIGHT = 240;
/** Room above the plot for the unit, below it for the dates, right of it for the last date. */
const PAD = { top: 28, bottom: 26, right: 22 };
/** Room for one date label ("30 sept") and the gap to the next. */
const DATE_ROOM = 64;
/** About how wide a character of the ticks is at their size, to leave room for the labels. */
const CHAR = 7;
/** Keys that move the chosen day, and by how many days. */
const STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageDown: -7,
  PageUp: 7,
};

/** The width of the element `ref` points at, in pixels; null until the browser measured it. */
function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry!.contentRect.width);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function ChartFrame({
  days,
  title,
  unit,
  legend,
  action,
  summary,
  total,
  value,
  formatTick,
  describe,
  columns,
  cells,
  bars,
}: {
  days: Days;
  title: string;
  /** The y-axis's label ("Clics al día"). */
  unit: string;
  legend: ReactNode;
  /** A link after the legend (the other chart). */
  action: ReactNode;
  /** The chart in one sentence: its accessible name. */
  summary: string;
  /** The period's total, shown while no day is chosen ("10.189 clics de personas en total."). */
  total: string;
  /** A day's drawn value (its bars' top), also the previous period's line. */
  value: (figures: DayFigures) => number;
  formatTick: (value: number) => string;
  /** A day's exact figures and those of its day in the previous period, in words. */
  describe: (day: Days[number]) => string;
  /** The table's figure columns, each once for the period and once for the one before. */
  columns: string[];
  cells: (figures: DayFigures) => string[];
  bars: (plot: Plot) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const measured = useWidth(box);
  const width = measured ?? CHART_WIDTH;
  const [chosen, choose] = useState<number | null>(null);
  const active = chosen !== null && chosen < days.length ? chosen : null;

  const ticks = roundTicks(Math.max(...days.flatMap((day) => [value(day), value(day.previous)])));
  const top = ticks.at(-1)!;
  const left = Math.max(...ticks.map((tick) => formatTick(tick).length)) * CHAR + 10;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (width - left - PAD.right) / days.length;
  const plot: Plot = {
    bar: Math.max(1, slot * 0.8),
    x: (index) => left + index * slot + slot * 0.1,
    y: (amount) => PAD.top + plotHeight - (Math.max(0, amount) / top) * plotHeight,
  };
  const center = (index: number) => left + (index + 0.5) * slot;
  // A step per day at its value in the previous period, across the day's slot.
  const previousLine = days
    .map((day, index) => {
      const [from, to] = [left + index * slot, left + (index + 1) * slot];
      return `${index ? "L" : "M"}${from},${plot.y(value(day.previous))}H${to}`;
    })
    .join("");

  /** The day under a pointer: the slot its x falls in. */
  const dayAt = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) * width) / rect.width;
    return Math.min(days.length - 1, Math.max(0, Math.floor((x - left) / slot)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const last = days.length - 1;
    const from = active ?? last;
    const to =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? last
          : event.key in STEPS
            ? Math.min(last, Math.max(0, from + STEPS[event.key]!))
            : null;
    if (to === null) return;
    event.preventDefault();
    choose(to);
  };
  const interactive = measured !== null;
  /** The slider's value: the chosen day, or the last one. */
  const focused = active ?? days.length - 1;

  return (
    <figure className="admin-chart">
      <figcaption>
        <h2>{title}</h2>
        <span className="admin-legend">
          {legend}
          <span className="admin-legend__previous">Periodo anterior</span>
          {action}
        </span>
      </figcaption>
      <p className="admin-chart__readout">
        <span className="admin-chart__total" aria-hidden={active !== null || undefined}>
          {total}
          {interactive ? " Toca un día, pasa el cursor o usa las flechas para ver su cifra." : null}
        </span>
        <span className="admin-chart__day" aria-hidden={active === null || undefined}>
          {describe(days[focused]!)}
        </span>
      </p>
      <div className="admin-chart__plot" ref={box}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role={interactive ? "slider" : "img"}
          aria-label={summary}
          tabIndex={interactive ? 0 : undefined}
          aria-valuemin={interactive ? 1 : undefined}
          aria-valuemax={interactive ? days.length : undefined}
          aria-valuenow={interactive ? focused + 1 : undefined}
          aria-valuetext={interactive ? describe(days[focused]!) : undefined}
          onPointerDown={(event) => choose(dayAt(event))}
          onPointerMove={(event) => choose(dayAt(event))}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") choose(null);
          }}
          onFocus={() => choose((day) => day ?? days.length - 1)}
          onBlur={() => choose(null)}
          onKeyDown={onKeyDown}
        >
          <text className="admin-chart__unit" x={0} y={12}>
            {unit}
          </text>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                className={tick ? "admin-chart__grid" : "admin-chart__axis"}
                x1={left}
                x2={width - PAD.right}
                y1={plot.y(tick)}
                y2={plot.y(tick)}
              />
              <text className="admin-chart__ytick" x={left - 6} y={plot.y(tick)} dy="0.35em">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {active !== null ? (
            <rect
              className="admin-chart__focus"
              x={left + active * slot}
              width={slot}
              y={PAD.top}
              height={plotHeight}
            />
          ) : null}
          {bars(plot)}
          <path className="admin-chart__previous" d={previousLine} />
          {dateTicks(days.length, width - left - PAD.right, DATE_ROOM).map((index) => (
            <text
              key={index}
              className="admin-chart__xtick"
              x={Math.min(width - 24, Math.max(24, center(index)))}
              y={HEIGHT - 6}
            >
              {shortDay(days[index]!.day)}
            </text>
          ))}
        </svg>
      </div>
      <ChartTable days={days} title={title} columns={columns} cells={cells} />
    </figure>
  );
}
