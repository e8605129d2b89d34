/**
 * The destination monitor: checks every affiliate destination of the content
 * (./destinations.ts) the way a click reaches it (./check.server.ts), on a schedule and on
 * demand (the Enlaces page's "Comprobar ahora"), stores each check (./history.server.ts),
 * and knows which destinations are broken now, which the outbound redirect asks before it
 * sends a visitor (a link's fallback, ./fallbacks.ts).
 *
 * The schedule: every instance ticks once a minute. A tick reads the last checks again
 * (so an instance that did not run the checks learns their verdict within a minute) and,
 * when a run is due (every LINK_CHECK_MINUTES, 60 by default), claims it with the shared
 * lease of the periodic jobs (app/ledger/shared-facts.server.ts): of several instances,
 * one runs it. A run is bounded: 4 destinations at a time, at most 200 destinations, each
 * at most 9 requests and 10 seconds.
 */
import type { Kysely } from "kysely";

import type { AffiliateLink } from "~/content/affiliate-routes";
import type { Site } from "~/content/schema";
import { siteOrigin } from "~/config/site-origin.server";
import { claimJob } from "~/ledger/shared-facts.server";
import type { Database } from "~/ledger/schema";

import { checkDestination, checkerAgent, type CheckResult } from "./check.server";
import { destinationsOf, type Destination } from "./destinations";
import type { LinkHistory, StoredCheck } from "./history.server";

/** What a run checks and how: from the content being served. */
export type CheckPlan = {
  destinations: Destination[];
  affiliate: Site["affiliate"];
  userAgent: string;
  /** The site's name and address, as the alerts say them. */
  site: { name: string; url: string };
};

export function checkPlanOf(site: Site, links: ReadonlyMap<string, AffiliateLink>): CheckPlan {
  const name = site.meta.meta_settings.og_site_name;
  const url = siteOrigin(site);
  return {
    destinations: destinationsOf(site, links),
    affiliate: site.affiliate,
    userAgent: checkerAgent(name, url),
    site: { name, url },
  };
}

/** Destinations checked at once: a run stays a handful of requests at a time. */
const AT_ONCE = 4;
/** Destinations a run checks at most. */
export const MAX_PER_RUN = 200;
/** The job's name in the shared lease. */
const JOB = "link-check";
const MINUTE_MS = 60_000;

/**
 * Checks the plan's destinations (at most MAX_PER_RUN, 4 at a time), each against its
 * check before when `previousOf` knows one; results in the plan's order.
 */
export async function checkAll(
  plan: CheckPlan,
  previousOf: (url: string) => StoredCheck | null = () => null,
): Promise<CheckResult[]> {
  const destinations = plan.destinations.slice(0, MAX_PER_RUN);
  const results: CheckResult[] = new Array(destinations.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, destinations.length) }, async () => {
      while (next < destinations.length) {
        const index = next++;
        const { url } = destinations[index]!;
        results[index] = await checkDestination(url, {
          affiliate: plan.affiliate,
          userAgent: plan.userAgent,
          previous: previousOf(url),
        });
      }
    }),
  );
  return results;
}

export type MonitorOptions = {
  /** How often the destinations are checked (ms); 0: only on demand. */
  everyMs: number;
  log?: (line: string) => void;
  /**
   * What follows each run, with the plan and every destination's last check: the alerts
   * (app/alerts/evaluate.server.ts). A failure is logged; the run's checks stay stored.
   */
  afterRun?: (plan: CheckPlan, latest: ReadonlyMap<string, StoredCheck>) => Promise<void>;
};

export class LinkMonitor {
  private broken: ReadonlySet<string> = new Set();
  private running: Promise<CheckResult[]> | null = null;

  constructor(
    readonly history: LinkHistory,
    readonly db: Kysely<Database>,
    readonly options: MonitorOptions,
  ) {}

  /** Whether the last check of `url` found it broken (roto). */
  isBroken(url: string): boolean {
    return this.broken.has(url);
  }

  /**
   * Checks every destination of `plan` now and stores the checks; a run already under way
   * on this instance is joined rather than doubled.
   */
  run(plan: CheckPlan): Promise<CheckResult[]> {
    this.running ??= (async () => {
      try {
        const before = await this.history.latest();
        const results = await checkAll(plan, (url) => before.get(url) ?? null);
        await this.history.save(results);
        const latest = new Map([
          ...before,
          ...results.map((result) => [result.url, result] as const),
        ]);
        this.broken = brokenOf(latest);
        await this.options.afterRun?.(plan, latest).catch((error: unknown) => {
          console.error(`[alertas] evaluation failed: ${(error as Error).message}`);
        });
        const broken = results.filter((result) => result.health === "roto").length;
        this.options.log?.(`[enlaces] ${results.length} destinos comprobados, ${broken} rotos`);
        return results;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Reads the last checks again: what another instance found counts here too. */
  async refresh(): Promise<void> {
    this.broken = brokenOf(await this.history.latest());
  }

  /**
   * One tick of the schedule: the last checks read again, and a run when one is due and
   * this instance got it. Never throws: a failure is logged and the next tick tries again.
   */
  async tick(plan: CheckPlan | null, now = Date.now()): Promise<void> {
    try {
      await this.refresh();
      if (this.options.everyMs <= 0 || !plan) return;
      if (!(await claimJob(this.db, JOB, this.options.everyMs - MINUTE_MS / 2, now))) return;
      await this.run(plan);
      await this.history.prune(now);
    } catch (error) {
      console.error(`[enlaces] destination check failed: ${(error as Error).message}`);
    }
  }

  /** Ticks now and every minute; returns the function that stops it. */
  schedule(planOf: () => CheckPlan | null): () => void {
    void this.tick(planOf());
    const timer = setInterval(() => void this.tick(planOf()), MINUTE_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}

const brokenOf = (checks: ReadonlyMap<string, Pick<CheckResult, "health">>) =>
  new Set([...checks].filter(([, check]) => check.health === "roto").map(([url]) => url));
