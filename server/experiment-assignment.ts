/**
 * Assigns a request its experiment variants before the page cache (docs/experiments.md,
 * docs/decisions/014-experiments.md): the experiments of the page its path shows (the
 * build's facade, `experimentsFor`: the content reloads as data in development), and the
 * visitor's daily key from the client address and the User-Agent, the key the views and
 * clicks record. A crawler, or a request without a User-Agent, has no key and gets the
 * control. Nothing a visitor sends names a variant: not the query, not a header.
 */
import type { IncomingMessage } from "node:http";

import { agentOf, visitorKeys } from "~/clicks/click-record.server";
import { assignmentText, type ExperimentPlan } from "~/experiments/assign.server";
import { dayIn } from "~/reports/reporting-day";
import type { ServerApp } from "~/server-app.server";

import { targetOf } from "./request-target";

/** Visitors remembered at most (a table cleared when full, like the clicks' agent memo). */
const RECENT_LIMIT = 10_000;

/** The next instant after `at` when one of the plans starts or ends. */
function nextChange(plans: readonly ExperimentPlan[], at: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const plan of plans) {
    for (const instant of [plan.start, plan.end ?? Number.POSITIVE_INFINITY]) {
      if (instant > at && instant < next) next = instant;
    }
  }
  return next;
}

export type AssignmentOptions = {
  /** The current build's facade (app-build.ts). */
  app: () => Pick<ServerApp, "experimentsFor">;
  clientAddress: (req: IncomingMessage) => string;
  /** The reporting day's zone: the visitor key changes with that day. */
  timeZone: string;
  now?: () => number;
};

/**
 * `of(req)`: the request's assignment text ("home-h1=B"), "" when its page has no
 * experiment; computed once per request (the cache key and the load context both ask).
 */
export function experimentAssignment({
  app,
  clientAddress,
  timeZone,
  now = Date.now,
}: AssignmentOptions): { of(req: IncomingMessage): string } {
  // Kept per request (the cache key and the load context both ask), beside the request
  // rather than on it: a property added to every request would change its hidden class.
  const assigned = new WeakMap<IncomingMessage, string>();
  /**
   * The assignments of recent visitors (address and User-Agent): a visitor's next requests
   * skip the two hashes. An entry holds while the page's plans, the day and every plan's
   * phase stay as they were.
   */
  type Remembered = {
    plans: readonly ExperimentPlan[];
    day: string;
    until: number;
    text: string;
  };
  // address → User-Agent → assignment: two lookups, no joined key to build per request.
  const recent = new Map<string, Map<string, Remembered>>();
  let remembered = 0;
  return {
    of(req) {
      let text = assigned.get(req);
      if (text !== undefined) return text;
      const plans = app().experimentsFor(targetOf(req).path);
      if (plans.length === 0) text = "";
      else {
        const at = now();
        const userAgent = req.headers["user-agent"] ?? "";
        const day = dayIn(timeZone, at);
        const address = clientAddress(req);
        // Asked first: a crawler is never remembered, so a hit is a visitor's.
        const known = recent.get(address)?.get(userAgent);
        if (known && known.plans === plans && known.day === day && at < known.until) {
          text = known.text;
        } else if (userAgent === "" || agentOf(userAgent).crawler) {
          text = assignmentText(plans, null, at);
        } else {
          text = assignmentText(plans, visitorKeys.key(address, userAgent, day), at);
          if (remembered >= RECENT_LIMIT) {
            recent.clear();
            remembered = 0;
          }
          let byAgent = recent.get(address);
          if (!byAgent) recent.set(address, (byAgent = new Map()));
          if (!byAgent.has(userAgent)) remembered += 1;
          byAgent.set(userAgent, { plans, day, until: nextChange(plans, at), text });
        }
      }
      assigned.set(req, text);
      return text;
    },
  };
}
