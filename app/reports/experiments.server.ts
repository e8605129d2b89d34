/**
 * An experiment's results per variant for the dashboard: views, unique
 * visitors, people's clicks, registrations, FTDs and commission (EUR cents), and the rates
 * the marketer compares (CTR, EPC, RPM, the goal per visitor). What each row was shown is
 * its `variants` text (migration 006, recorded.server.ts); the reports read the period's
 * rows grouped by (day, variants), through the (day, variants, …) indexes, and split the
 * text in code, so one query per table serves any experiment and any number of them.
 *
 * Unique visitors are counted per day (the visitor key changes every day by design) and
 * per variant in SQL, over the text with "&" on both sides: a visitor who saw two pages
 * with different sets of experiments that day still counts once for the variant.
 */
import { sql, type Kysely } from "kysely";

import type { DayRange } from "~/ledger/dimensions";
import type { Database } from "~/ledger/schema";
import { peopleWhere } from "./people-where";
import { dayIn } from "./reporting-day";
import type { ExperimentGoal } from "~/content/schema/experiments";

import { ctrOf, epcOf, ratio, rpmOf } from "./rates";
import type { VariantFigures } from "./verdict";

/** What the report needs of an experiment declared in content. */
export type ExperimentSpec = {
  name: string;
  goal: ExperimentGoal;
  /** Its variants' ids, the control first. */
  variants: readonly { id: string }[];
};

/** A variant's counts (./verdict) with the rates the marketer compares (./rates). */
export type VariantReport = VariantFigures & {
  id: string;
  /** Clicks ÷ views; null without views. */
  ctr: number | null;
  /** Commission (cents) ÷ clicks; null without clicks. */
  epc: number | null;
  /** Commission (cents) per 1,000 views; null without views. */
  rpm: number | null;
  /** The goal (clicks, registrations, FTDs or commission cents) ÷ visitors; null without. */
  goalRate: number | null;
};

/**
 * The days an experiment is read over: from its start's day to its end's day, or to today
 * while it runs (or when the end is still ahead), in the reporting time zone.
 */
export function experimentPeriod(
  plan: { start: number; end?: number },
  timeZone: string,
  now = Date.now(),
): DayRange {
  const last = plan.end === undefined ? now : Math.min(plan.end, now);
  return { from: dayIn(timeZone, plan.start), to: dayIn(timeZone, Math.max(last, plan.start)) };
}

/** The variant an assignment text gives the experiment `name`, or null when it has none. */
export function variantIn(text: string | null | undefined, name: string): string | null {
  if (!text) return null;
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (part.slice(0, at) === name) return part.slice(at + 1);
  }
  return null;
}

function derived(counts: VariantFigures & { id: string }, goal: ExperimentGoal): VariantReport {
  const reached = {
    ctr: counts.clicks,
    registrations: counts.registrations,
    ftds: counts.ftds,
    commission: counts.commission,
  }[goal];
  return {
    ...counts,
    ctr: ctrOf(counts.clicks, counts.views),
    epc: epcOf(counts.commission, counts.clicks),
    rpm: rpmOf(counts.commission, counts.views),
    goalRate: ratio(reached, counts.visitors),
  };
}

/** The experiment reports, read through `db` (the ledger's reader: database.server.ts). */
export function experimentReports(db: Kysely<Database>) {
  /** Rows whose text names the experiment (a prefilter: the split in code decides). */
  const naming = (name: string) => `%${name}=%`;

  return {
    /**
     * Per variant of `experiment`, in its order: the views and clicks of `range`
     * (experimentPeriod; people's clicks, flagged ones too with `includeFlagged`), and the
     * conversions from its first day on, whenever they came:
     * only clicks of the running experiment carry its name.
     */
    async variants(
      experiment: ExperimentSpec,
      range: DayRange,
      { includeFlagged = false } = {},
    ): Promise<VariantReport[]> {
      const { name } = experiment;
      const ids = experiment.variants.map((variant) => variant.id);
      const [views, visitors, clicks, conversions] = await Promise.all([
        db
          .selectFrom("views")
          .where("day", ">=", range.from)
          .where("day", "<=", range.to)
          .where("variants", "like", naming(name))
          .select((eb) => ["variants", eb.fn.countAll<number>().as("views")])
          .groupBy(["day", "variants"])
          .execute(),
        // Per variant in SQL: a day's distinct keys over all the texts that give it.
        db
          .selectFrom("views")
          .where("day", ">=", range.from)
          .where("day", "<=", range.to)
          .where("variants", "like", naming(name))
          .select(
            ids.map((id, index) =>
              sql<number>`count(distinct case when '&' || variants || '&' like ${`%&${name}=${id}&%`} then visitor end)`.as(
                `v${index}`,
              ),
            ),
          )
          .groupBy("day")
          .execute(),
        db
          .selectFrom("clicks")
          .where("day", ">=", range.from)
          .where("day", "<=", range.to)
          .where("variants", "like", naming(name))
          .where(peopleWhere(includeFlagged))
          .select((eb) => ["variants", eb.fn.countAll<number>().as("clicks")])
          .groupBy(["day", "variants"])
          .execute(),
        // No end: a player registers or deposits days after the click the variant brought.
        db
          .selectFrom("conversions")
          .where("day", ">=", range.from)
          .where("variants", "like", naming(name))
          .where("event", "in", ["registration", "ftd", "commission"])
          .select((eb) => [
            "variants",
            "event",
            "currency",
            eb.fn.countAll<number>().as("conversions"),
            eb.fn.sum<number>("amount_cents").as("cents"),
          ])
          .groupBy(["day", "variants", "event", "currency"])
          .execute(),
      ]);

      const figures = new Map(
        ids.map((id) => [
          id,
          { id, views: 0, visitors: 0, clicks: 0, registrations: 0, ftds: 0, commission: 0 },
        ]),
      );
      const of = (text: string | null | undefined) => figures.get(variantIn(text, name) ?? "");
      for (const row of views) {
        const counts = of(row.variants);
        if (counts) counts.views += Number(row.views);
      }
      for (const row of visitors) {
        ids.forEach((id, index) => {
          figures.get(id)!.visitors += Number((row as Record<string, unknown>)[`v${index}`]);
        });
      }
      for (const row of clicks) {
        const counts = of(row.variants);
        if (counts) counts.clicks += Number(row.clicks);
      }
      for (const row of conversions) {
        const counts = of(row.variants);
        if (!counts) continue;
        if (row.event === "registration") counts.registrations += Number(row.conversions);
        else if (row.event === "ftd") counts.ftds += Number(row.conversions);
        else if (row.currency === "EUR") counts.commission += Number(row.cents);
      }
      return ids.map((id) => derived(figures.get(id)!, experiment.goal));
    },
  };
}

export type ExperimentReports = ReturnType<typeof experimentReports>;
