/**
 * The figures of one dashboard view, from the ledger's reports: page views, clicks and
 * conversions for the period and the one before (the funnel: views → clicks → registrations
 * → FTDs, with CTR and RPM), clicks and commission per day (every day of the period, zeros
 * included), and the rankings by each dimension, where each value has its views (and, for
 * pages, visitors), clicks, share, CTR, registrations, FTDs, commission, EPC and RPM, in
 * the view's order: the first RANKED_ROWS of each, or every row of the one the view asks
 * for (`all=`). A link (a placement) is measured against the views of its page. Under a
 * filter on a link or a sub-id, views are not defined: every view figure is null. Conversions
 * no click explains close every ranking as one "(sin clic)" row.
 */
import type { Flag } from "~/ledger/click-kinds";
import { DIMENSION_NAMES, type Dimension } from "~/ledger/dimensions";
import { subidsScanned, sumDays, type ReportQueries, type Totals } from "./clicks.server";
import {
  noConversions,
  sumConversions,
  type ConversionFigures,
  type Money,
} from "./conversions.server";

import { sumViewDays, type ViewCount, type ViewRankings } from "./views.server";
import { hasViews } from "~/ledger/view-dimensions";

import { addDays, daysIn, RANKED_ROWS, type Sort, type View } from "./query";
import { ctrOf, epcOf, rpmOf } from "./rates";

/**
 * A period's page views, clicks and conversions. `views` and `visitors` (unique visitors
 * of the pages, from the views) are null where views are not defined (a link or sub-id
 * filter).
 */
export type PeriodFigures = Totals &
  ConversionFigures & {
    views: number | null;
    visitors: number | null;
    /** The variance of a sampled count of `visitors` (./visitors.ts); 0 or absent: exact. */
    visitorsVariance?: number;
  };

export type RankedRow = {
  /** The dimension's value; null when the clicks had none. */
  value: string | null;
  /** The row of the conversions without a click ("(sin clic)"). */
  orphan: boolean;
  /** Words for a link id, from content (its page and button): links only. */
  label: string | null;
  clicks: number;
  share: number;
  registrations: number;
  ftds: number;
  /** Commission in euro cents. */
  commission: number;
  /** Commission in other currencies (never summed with euros). */
  otherCommission: Money;
  /** Euro cents of commission per click by a person; null without clicks. */
  epc: number | null;
  /**
   * Page views: of the value (page, campaign, source, referrer, country, device), or of the
   * link's page (a placement); null where the dimension or the filter has no views.
   */
  views: number | null;
  /**
   * Unique visitors of a page (the sum of its days'); null for every other dimension and
   * where views are not defined.
   */
  visitors: number | null;
  /** People's clicks per view (click-through rate); null without views. */
  ctr: number | null;
  /** Euro cents of commission per 1,000 views; null without views. */
  rpm: number | null;
};

export type Ranking = {
  rows: RankedRow[];
  total: number;
  /**
   * Not computed in this view, only when asked for (`all` names it): the sub-id ranking
   * under a filter, which reads every click and conversion of the period (subidsScanned).
   */
  onDemand?: boolean;
};

/**
 * An offer with what its clicks brought in the period: an offer of the content, or one the
 * ledger recorded that the content no longer has ("retirada").
 */
export type OfferRow = {
  id: string;
  name: string;
  state: "activa" | "programada" | "caducada" | "retirada";
  clicks: number;
  registrations: number;
  ftds: number;
  /** Commission in euro cents. */
  commission: number;
};

/** The offers of the content, each with its state now. */
export type OfferBook = Omit<OfferRow, "clicks" | "registrations" | "ftds" | "commission">[];

export type Dashboard = {
  totals: { current: PeriodFigures; previous: PeriodFigures };
  /**
   * Each offer, with the clicks, registrations, FTDs and commission recorded for it (the
   * ledger's offer: its link's offer at the time of the click), in the period and under the
   * filters; the content's offers first, in its order.
   */
  offers: OfferRow[];
  /**
   * Every day of the period with its clicks and euro commission, and the same figures of the
   * day in the same place of the previous period (`previous.day`), to draw them side by side.
   */
  days: (DayFigures & { previous: DayFigures })[];
  rankings: Record<Dimension, Ranking>;
  /**
   * The period's clicks flagged as likely not a person's, per flag: left out of people's
   * clicks (and so of CTR, EPC and the rankings) unless the view includes them.
   */
  flags: Record<Flag, number>;
  /** How long the queries took, in milliseconds (shown in the page's footer line). */
  queryMs: number;
};

/** A day's people's and bots' clicks and its commission in euro cents. */
export type DayFigures = { day: string; humans: number; bots: number; commission: number };

/**
 * Where a link id sits, for its placement CTR: its page's path, null for a link on every
 * page (the header's), undefined when unknown (then it has no views).
 */
export type PageOfLink = (linkId: string) => string | null | undefined;

/** The view's order: most first by the sort column, then most clicks, then by value. */
export function compareRows(sort: Sort) {
  return (a: RankedRow, b: RankedRow): number => {
    const [x, y] = [a[sort] ?? Number.NEGATIVE_INFINITY, b[sort] ?? Number.NEGATIVE_INFINITY];
    if (x !== y) return y - x;
    if (a.clicks !== b.clicks) return b.clicks - a.clicks;
    if (a.value === b.value) return 0;
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return a.value < b.value ? -1 : 1;
  };
}

function rowOf(
  value: string | null,
  clicks: number,
  figures: ConversionFigures,
  humans: number,
  seen: ViewCount | null = null,
): Omit<RankedRow, "label"> {
  const { EUR: commission = 0, ...otherCommission } = figures.commission;
  const views = seen?.views ?? null;
  return {
    views,
    visitors: seen?.visitors ?? null,
    ctr: ctrOf(clicks, views),
    rpm: rpmOf(figures.commission.EUR ?? 0, views),
    value,
    orphan: false,
    clicks,
    share: humans > 0 ? clicks / humans : 0,
    registrations: figures.registrations,
    ftds: figures.ftds,
    commission,
    otherCommission,
    epc: epcOf(figures.commission.EUR ?? 0, clicks),
  };
}

export async function loadDashboard(
  reports: ReportQueries,
  view: View,
  /** Words for each link id (content's link table). */
  labelOf: (linkId: string) => string | undefined = () => undefined,
  /** The page of each link id (content's link table; the header's are on every page). */
  pageOf: PageOfLink = () => undefined,
  offerBook: OfferBook = [],
): Promise<Dashboard> {
  const started = performance.now();
  const both = { from: view.previous.from, to: view.range.to };
  // The sub-id ranking under a filter reads every click of the period: on demand only.
  const subids = !subidsScanned(view.filters) || view.all === "subid";
  // One pass over both periods (they are consecutive) and one for every ranking, for
  // clicks and conversions alike.
  const [clickDays, conversionDays, viewDays, clickRanks, conversionRanks, viewRanks] =
    await Promise.all([
      reports.days(both, view.filters, { includeFlagged: view.flagged }),
      reports.conversions.days(both, view.filters),
      reports.views.days(both, view.filters),
      reports.rankings(view.range, view.filters, { subids, includeFlagged: view.flagged }),
      reports.conversions.rankings(view.range, view.filters, { subids }),
      reports.views.rankings(view.range, view.filters),
    ]);
  const inCurrent = <T extends { day: string }>(rows: T[]) =>
    rows.filter((row) => row.day >= view.range.from);
  const inPrevious = <T extends { day: string }>(rows: T[]) =>
    rows.filter((row) => row.day < view.range.from);
  const viewsOf = (days: typeof viewDays) =>
    days === null ? { views: null, visitors: null } : sumViewDays(days);
  const current: PeriodFigures = {
    ...sumDays(inCurrent(clickDays)),
    ...sumConversions(inCurrent(conversionDays)),
    ...viewsOf(viewDays && inCurrent(viewDays)),
  };
  const previous: PeriodFigures = {
    ...sumDays(inPrevious(clickDays)),
    ...sumConversions(inPrevious(conversionDays)),
    ...viewsOf(viewDays && inPrevious(viewDays)),
  };

  const clicksOn = new Map(clickDays.map((row) => [row.day, row]));
  const commissionOn = new Map(conversionDays.map((row) => [row.day, row.commission.EUR ?? 0]));
  const figuresOn = (day: string): DayFigures => {
    const row = clicksOn.get(day);
    return {
      day,
      humans: row?.humans ?? 0,
      bots: row?.bots ?? 0,
      commission: commissionOn.get(day) ?? 0,
    };
  };
  // The previous period has the same length (readView): day i of one faces day i of the other.
  const days = Array.from({ length: daysIn(view.range) }, (_, index) => ({
    ...figuresOn(addDays(view.range.from, index)),
    previous: figuresOn(addDays(view.previous.from, index)),
  }));

  const order = compareRows(view.sort);
  let offerRows: RankedRow[] = [];
  const seenOf = viewsSeen(viewRanks, current.views, pageOf);
  const rankings = Object.fromEntries(
    DIMENSION_NAMES.map((name) => {
      const converted = conversionRanks.values[name];
      const seen = hasViews(name) ? viewRanks?.[name] : undefined;
      const values = new Set([
        ...clickRanks[name].map((row) => row.value),
        ...converted.keys(),
        ...(seen?.keys() ?? []),
      ]);
      const clicksOf = new Map(clickRanks[name].map((row) => [row.value, row.clicks]));
      const all = [...values]
        .map((value) => ({
          ...rowOf(
            value,
            clicksOf.get(value) ?? 0,
            converted.get(value) ?? noConversions(),
            current.humans,
            seenOf(name, value),
          ),
          label: name === "link" && value !== null ? (labelOf(value) ?? null) : null,
        }))
        .sort(order);
      if (name === "offer") offerRows = all;
      // A copy either way: the orphans' row below is not one of the values (not in `total`).
      const rows = view.all === name ? [...all] : all.slice(0, RANKED_ROWS);
      const orphans = conversionRanks.orphans;
      if (orphans.registrations + orphans.ftds + orphans.deposits > 0 || hasMoney(orphans)) {
        rows.push({ ...rowOf(null, 0, orphans, current.humans), orphan: true, label: null });
      }
      if (name === "subid" && !subids) return [name, { rows: [], total: 0, onDemand: true }];
      return [name, { rows, total: all.length }];
    }),
  ) as Record<Dimension, Ranking>;

  const recorded = new Map(offerRows.map((row) => [row.value, row]));
  const retired = offerRows.filter(
    (row) => row.value !== null && !offerBook.some((offer) => offer.id === row.value),
  );
  const offers: OfferRow[] = [
    ...offerBook,
    ...retired.map((row) => ({ id: row.value!, name: row.value!, state: "retirada" as const })),
  ].map((offer) => {
    const row = recorded.get(offer.id);
    return {
      ...offer,
      clicks: row?.clicks ?? 0,
      registrations: row?.registrations ?? 0,
      ftds: row?.ftds ?? 0,
      commission: row?.commission ?? 0,
    };
  });

  return {
    totals: { current, previous },
    offers,
    days,
    rankings,
    flags: current.flagged,
    queryMs: Math.round(performance.now() - started),
  };
}

/**
 * A ranking value's views: its own for a view dimension (0 when it had none), its page's
 * for a link (the site's for a link on every page), none for a sub-id or where views are
 * not defined.
 */
function viewsSeen(rankings: ViewRankings | null, siteViews: number | null, pageOf: PageOfLink) {
  return (name: Dimension, value: string | null): ViewCount | null => {
    if (rankings === null) return null;
    if (hasViews(name)) {
      return rankings[name].get(value) ?? { views: 0, visitors: name === "page" ? 0 : null };
    }
    if (name !== "link" || value === null) return null;
    const page = pageOf(value);
    if (page === undefined) return null;
    return {
      views: page === null ? (siteViews ?? 0) : (rankings.page.get(page)?.views ?? 0),
      visitors: null,
    };
  };
}

const hasMoney = (figures: ConversionFigures) =>
  Object.keys(figures.commission).length > 0 || Object.keys(figures.depositAmount).length > 0;
