/**
 * What a dashboard view is, read from (and written back to) its URL, so a view can be
 * bookmarked and shared: the period, the filters that compose, whether bots show in the
 * chart, whether flagged clicks count as people's, whether the chart shows commission, which column orders the rankings, which figures
 * the rankings show and which ranking shows all its rows. A period that cannot be used (unknown, an impossible date, a range
 * backwards or too long) falls back to the last 30 days with a notice, and its `problem`
 * makes the routes answer 400 (the dashboard with the notice, an export with a line);
 * malformed display settings fall back silently. Never a throw.
 */
import { DIMENSION_NAMES, type DayRange, type Dimension, type Filters } from "~/ledger/dimensions";

export const PERIODS = {
  today: "Hoy",
  "7d": "Últimos 7 días",
  "30d": "Últimos 30 días",
  month: "Este mes",
  "last-month": "Mes pasado",
  custom: "Personalizado",
} as const;
export type Period = keyof typeof PERIODS;

/**
 * What the rankings can be ordered by (most first), with their column headings: the funnel
 * from page views to commission, and the rates (CTR: clicks per view; EPC: commission per
 * click; RPM: commission per 1,000 views).
 */
export const SORTS = {
  views: "Vistas",
  clicks: "Clics",
  ctr: "CTR",
  registrations: "Registros",
  ftds: "FTD",
  commission: "Comisión",
  epc: "EPC",
  rpm: "RPM",
} as const;
export type Sort = keyof typeof SORTS;

/**
 * The figures a ranking can show after its value (`col=`, repeated, in this order): every
 * sort, the share of the period's clicks, and a page's unique visitors. A ranking skips
 * those its dimension has not (sub-ids have no views; only pages have visitors).
 */
export const FIGURES = {
  views: "Vistas",
  visitors: "Visitantes",
  clicks: "Clics",
  share: "Cuota",
  ctr: "CTR",
  registrations: "Registros",
  ftds: "FTD",
  commission: "Comisión",
  epc: "EPC",
  rpm: "RPM",
} as const;
export type Figure = keyof typeof FIGURES;
export const FIGURE_NAMES = Object.keys(FIGURES) as Figure[];

/**
 * The figures shown when the URL names none: the funnel from views to commission, so two
 * rankings fit side by side on a laptop and a phone shows the clicks beside the value.
 */
export const DEFAULT_FIGURES: readonly Figure[] = [
  "views",
  "clicks",
  "ctr",
  "registrations",
  "ftds",
  "commission",
];

/**
 * The figures a URL asks for (`col=views&col=clicks`, or `col=views,clicks`), in the
 * rankings' order, each once; unknown names are left out, and none known (or none asked)
 * gives the default set. Never a throw: at most 20 values of 20 characters are read.
 */
export function readFigures(params: URLSearchParams): Figure[] {
  const asked = new Set(
    params
      .getAll("col")
      .slice(0, 20)
      .flatMap((value) => value.slice(0, 200).split(","))
      .map((value) => value.trim()),
  );
  const figures = FIGURE_NAMES.filter((name) => asked.has(name));
  return figures.length > 0 ? figures : [...DEFAULT_FIGURES];
}

/** The figures a URL writes (`col=` each): none for the default set. */
export const writtenFigures = (figures: readonly Figure[]): readonly Figure[] =>
  figures.length === DEFAULT_FIGURES.length &&
  figures.every((figure, index) => figure === DEFAULT_FIGURES[index])
    ? []
    : figures;

/** Rows of a ranking shown unless the view asks for all of them. */
export const RANKED_ROWS = 10;

/** What the chart shows per day. */
export type ChartKind = "clicks" | "commission";

export type View = {
  period: Period;
  range: DayRange;
  /** The period of the same length just before. */
  previous: DayRange;
  filters: Filters;
  /** Bots stacked on the chart (they never count in the rankings). */
  bots: boolean;
  /**
   * `marcados=1`: clicks flagged as likely not a person's (app/ledger/click-kinds.ts) count
   * as people's, in every figure but unique visitors; left out by default.
   */
  flagged: boolean;
  /** The rankings' order (`sort=`; clicks by default). */
  sort: Sort;
  /** The figures the rankings show (`col=`; DEFAULT_FIGURES when none is named). */
  figures: Figure[];
  /** The one ranking that shows every row (`all=<dimension>`), or null (10 each). */
  all: Dimension | null;
  /** `chart=commission`: EUR commission per day instead of clicks. */
  chart: ChartKind;
  /** Why the URL's period cannot be used, in Spanish; null when it can (answered 400). */
  problem: string | null;
  /** What the dashboard says of it: the problem and the period shown instead. */
  notice: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest custom range: the ledger keeps 400 days. */
export const MAX_DAYS = 400;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** Days from `from` to `to`, both included. */
export function daysIn({ from, to }: DayRange): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000) + 1;
}

/** A real day of the calendar: "2026-02-30" and "2026-13-45" are not. */
function isDay(value: string | null): value is string {
  if (value === null || !DAY.test(value)) return false;
  const date = toDate(value);
  return !Number.isNaN(date.getTime()) && toDay(date) === value;
}

function rangeOf(period: Exclude<Period, "custom">, today: string): DayRange {
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "last-month": {
      const to = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
  }
}

export function readView(params: URLSearchParams, today: string): View {
  const filters: View["filters"] = {};
  for (const name of DIMENSION_NAMES) {
    const value = params.get(name)?.trim();
    if (value && value.length <= 256) filters[name] = value;
  }
  const bots = params.get("bots") === "1";
  const flagged = params.get("marcados") === "1";
  const sortParam = params.get("sort") ?? "";
  const sort: Sort = sortParam in SORTS ? (sortParam as Sort) : "clicks";
  const figures = readFigures(params);
  const allParam = params.get("all") ?? "";
  const all = (DIMENSION_NAMES as string[]).includes(allParam) ? (allParam as Dimension) : null;
  const chart: ChartKind = params.get("chart") === "commission" ? "commission" : "clicks";
  // Dates without a period ask for them (`?from=…&to=…`); the form always sends one.
  const dated = params.has("from") || params.has("to");
  let period = (params.get("period") ?? (dated ? "custom" : "30d")) as Period;
  let problem: string | null = null;
  if (!(period in PERIODS)) {
    period = "30d";
    problem = "Periodo desconocido";
  }
  let range: DayRange;
  if (period === "custom") {
    const from = params.get("from");
    const to = params.get("to");
    if (isDay(from) && isDay(to) && from <= to && daysIn({ from, to }) <= MAX_DAYS) {
      range = { from, to };
    } else {
      period = "30d";
      range = rangeOf("30d", today);
      problem = `Fechas no válidas (desde ≤ hasta, como mucho ${MAX_DAYS} días)`;
    }
  } else range = rangeOf(period, today);
  const length = daysIn(range);
  const previous = { from: addDays(range.from, -length), to: addDays(range.from, -1) };
  const notice = problem && `${problem}: se muestran los últimos 30 días.`;
  return {
    period,
    range,
    previous,
    filters,
    bots,
    flagged,
    sort,
    figures,
    all,
    chart,
    problem,
    notice,
  };
}

type Setting = Dimension | "period" | "bots" | "marcados" | "sort" | "all" | "chart";

/** The URL query of a view with some of its settings changed (undefined removes one). */
export function viewSearch(
  view: Pick<View, "period" | "range" | "filters" | "bots"> &
    Partial<Pick<View, "flagged" | "sort" | "figures" | "all" | "chart">>,
  change: Partial<Record<Setting, string | undefined>> = {},
): string {
  const params = new URLSearchParams();
  const period = "period" in change ? change.period : view.period;
  if (period && period !== "30d") params.set("period", period);
  if (period === "custom") {
    params.set("from", view.range.from);
    params.set("to", view.range.to);
  }
  for (const name of DIMENSION_NAMES) {
    const value = name in change ? change[name] : view.filters[name];
    if (value) params.set(name, value);
  }
  const bots = "bots" in change ? change.bots === "1" : view.bots;
  if (bots) params.set("bots", "1");
  const flagged = "marcados" in change ? change.marcados === "1" : Boolean(view.flagged);
  if (flagged) params.set("marcados", "1");
  const setting = (name: "sort" | "all" | "chart", fallback: string | null) => {
    const value = name in change ? change[name] : (view[name] ?? undefined);
    if (value && value !== fallback) params.set(name, value);
  };
  setting("sort", "clicks");
  for (const figure of writtenFigures(view.figures ?? [])) params.append("col", figure);
  setting("all", null);
  setting("chart", "clicks");
  const text = params.toString();
  return text ? `?${text}` : "";
}
