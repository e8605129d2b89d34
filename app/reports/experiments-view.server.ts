/**
 * What /admin/experiments shows: the experiments declared in content, each with its phase
 * and period, and per variant the figures the reports counted over that period with the
 * goal's estimate, interval, probability to beat the control and verdict (./verdict). The
 * reports come in through `ExperimentReports`, so a test injects them.
 */
import type { Experiment, ExperimentGoal } from "~/content/schema/experiments";
import type { DayRange } from "~/ledger/dimensions";

import { phaseOf, type ExperimentPhase } from "~/experiments/assign.server";
import { compare, estimateOf, trialsOf, wilsonInterval, type VariantFigures } from "./verdict";
import { ctrOf, epcOf, rpmOf } from "./rates";
import { dayIn } from "./reporting-day";

/** An experiment as content declares it (site.json `experiments`, first variant = control). */
export type ExperimentDeclaration = Experiment;

/**
 * What the counting side answers for an experiment: `reports.experiments` of the click
 * ledger (app/reports/experiments.server.ts), per variant in the experiment's order, over
 * the days. Declared here as the part this view reads, so a test injects a fake.
 */
export interface ExperimentReports {
  variants(
    experiment: { name: string; goal: ExperimentGoal; variants: readonly { id: string }[] },
    range: DayRange,
    options?: { includeFlagged?: boolean },
  ): Promise<(VariantFigures & { id: string })[]>;
}

export const GOAL_NAMES: Record<ExperimentGoal, string> = {
  ctr: "CTR (clics por vista)",
  registrations: "Registros por visitante",
  ftds: "FTD por visitante",
  commission: "Comisión por visitante",
};

export const PHASE_NAMES: Record<ExperimentPhase, string> = {
  scheduled: "programada",
  running: "en curso",
  ended: "terminada",
};

export type VariantRow = {
  id: string;
  label: string;
  control: boolean;
  /** The variant's share of the traffic (its weight over the sum). */
  share: number;
  figures: VariantFigures;
  /** clicks / views; null without views. */
  ctr: number | null;
  /** Commission per click and per 1,000 views, EUR cents; null without clicks / views. */
  epc: number | null;
  rpm: number | null;
  /** The goal's estimate (a rate, or cents per visitor for commission). */
  estimate: number;
  /** The goal's 95 % interval (Wilson); null for commission (no variance from sums). */
  interval: { low: number; high: number } | null;
  /** The rest is against the control: null on the control's own row. */
  probabilityToBeat: number | null;
  verdict: { kind: string; text: string } | null;
};

export type ExperimentView = {
  name: string;
  title: string;
  goal: ExperimentGoal;
  goalName: string;
  phase: ExperimentPhase;
  phaseName: string;
  /** Start and end as the marketer reads them, in the report time zone. */
  startText: string;
  endText: string | null;
  /** The winner's label, once ended and named. */
  winner: string | null;
  /** The reporting days counted; null before the start. */
  days: DayRange | null;
  /** Null before the start, or when the reports are off. */
  variants: VariantRow[] | null;
};

/** The reporting day (YYYY-MM-DD) of an instant in a time zone. */

function dateTimeText(timeZone: string, at: number): string {
  return new Intl.DateTimeFormat("es-ES", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(at));
}

/** The counts alone (the reports add their own rates, which this view recomputes). */
const countsOf = ({
  views,
  visitors,
  clicks,
  registrations,
  ftds,
  commission,
}: VariantFigures) => ({
  views,
  visitors,
  clicks,
  registrations,
  ftds,
  commission,
});

/** The 95 % interval of a rate goal (the control's too, to read both side by side). */
function intervalOf(goal: ExperimentGoal, figures: VariantFigures) {
  if (goal === "commission") return null;
  const { successes, trials } = trialsOf(goal, figures);
  return wilsonInterval(successes, trials);
}

function rowsOf(declaration: ExperimentDeclaration, figures: Map<string, VariantFigures>) {
  const zero = { views: 0, visitors: 0, clicks: 0, registrations: 0, ftds: 0, commission: 0 };
  const total = declaration.variants.reduce((sum, variant) => sum + variant.weight, 0);
  const arms = declaration.variants.map((variant) => ({
    id: variant.id,
    figures: figures.get(variant.id) ?? zero,
  }));
  const control = arms[0]!;
  return declaration.variants.map((variant, index): VariantRow => {
    const arm = arms[index]!;
    const own = arm.figures;
    const against = index === 0 ? null : compare(declaration.goal, control, arm);
    return {
      id: variant.id,
      label: variant.label,
      control: index === 0,
      share: variant.weight / total,
      figures: own,
      ctr: ctrOf(own.clicks, own.views),
      epc: epcOf(own.commission, own.clicks),
      rpm: rpmOf(own.commission, own.views),
      estimate: against?.estimate ?? estimateOf(declaration.goal, own),
      interval: intervalOf(declaration.goal, own),
      probabilityToBeat: against?.probabilityToBeat ?? null,
      verdict: against?.verdict ?? null,
    };
  });
}

/**
 * The view of every declared experiment at `now`, running ones first, then scheduled,
 * then ended (newest start first within each). `reports` is null when the ledger is off.
 */
export async function loadExperimentsView(
  declarations: readonly ExperimentDeclaration[],
  reports: ExperimentReports | null,
  now: number,
  timeZone: string,
  /** Clicks flagged as likely not a person's count as people's (app/ledger/click-kinds.ts). */
  includeFlagged = false,
): Promise<ExperimentView[]> {
  const order: Record<ExperimentPhase, number> = { running: 0, scheduled: 1, ended: 2 };
  const views = await Promise.all(
    declarations.map(async (declaration): Promise<ExperimentView> => {
      const start = Date.parse(declaration.start);
      const end = declaration.end === undefined ? undefined : Date.parse(declaration.end);
      const phase = phaseOf(
        { name: declaration.name, start, end, variants: declaration.variants },
        now,
      );
      // The last day counted is the end's (exclusive instant: a millisecond before) or today.
      const days =
        phase === "scheduled"
          ? null
          : { from: dayIn(timeZone, start), to: dayIn(timeZone, Math.min(now, (end ?? now) - 1)) };
      const counted =
        days && reports ? await reports.variants(declaration, days, { includeFlagged }) : null;
      const figures = counted && new Map(counted.map((row) => [row.id, countsOf(row)]));
      const winner = declaration.variants.find((variant) => variant.id === declaration.winner);
      return {
        name: declaration.name,
        title: declaration.title,
        goal: declaration.goal,
        goalName: GOAL_NAMES[declaration.goal],
        phase,
        phaseName: PHASE_NAMES[phase],
        startText: dateTimeText(timeZone, start),
        endText: end === undefined ? null : dateTimeText(timeZone, end),
        winner: phase === "ended" && winner ? `${winner.id} · ${winner.label}` : null,
        days,
        variants: figures ? rowsOf(declaration, figures) : null,
      };
    }),
  );
  return views
    .map((view, index) => ({ view, start: Date.parse(declarations[index]!.start) }))
    .sort((a, b) => order[a.view.phase] - order[b.view.phase] || b.start - a.start)
    .map(({ view }) => view);
}

/** The ledger's experiment reports (`reports.experiments`); null when the ledger is off. */
export function experimentReportsOf(context: {
  reports: { experiments: ExperimentReports } | null;
}): ExperimentReports | null {
  return context.reports?.experiments ?? null;
}
