/**
 * Records one outbound click in the ledger (the outbound redirect, server/outbound.ts).
 * Never waits and never throws: a click is counted on a best-effort basis, the redirect
 * always happens. It also decides where a link with a destination split sends the visitor
 * (docs/experiments.md), from the visitor key the record computes anyway, and sends the
 * visitor to the link's fallback while that destination is broken (app/link-health/
 * fallbacks.ts); such a click is recorded with `fallback` 1 and the fallback as its
 * destination. A click that looks like a person's is then judged by the screen
 * (./click-screen.server.ts), which may store it flagged.
 */
import type { AffiliateLink } from "~/content/affiliate-routes";
import { NO_FALLBACK, type FallbackLookup } from "~/link-health/fallbacks";
import {
  clickAssignment,
  NO_EXPERIMENTS,
  type ExperimentLookup,
} from "~/experiments/recorded.server";

import { NO_SCREEN, type ClickScreen } from "./click-screen.server";
import { buildClickRecord, visitorKeys, type ClickInput } from "./click-record.server";
import type { ClickLedger } from "./ledger.server";
import { PERSON } from "~/ledger/click-kinds";
import type { ClickRecord } from "~/ledger/schema";

export type ClickRequest = Omit<ClickInput, "linkId" | "destination" | "offer" | "visitorKeys">;

export type RecordedClick = {
  /** The queued record (whose click id the program receives), or null when not recorded. */
  click: ClickRecord | null;
  /**
   * Where the visitor goes: the link's destination, or its split's for their variant, or
   * the link's fallback while that one is broken.
   */
  destination: string;
};

/**
 * Queues the click on `link` with the experiments it was shown (`experiments`: the page's
 * and the link's split) and says where it goes. `click` is null when there is no ledger
 * or the record could not be made; a split still sends the visitor to their variant's
 * destination without a ledger.
 */
export function recordClick(
  ledger: ClickLedger | null,
  link: AffiliateLink,
  request: ClickRequest,
  experiments: ExperimentLookup = NO_EXPERIMENTS,
  fallbackOf: FallbackLookup = NO_FALLBACK,
  screen: ClickScreen = NO_SCREEN,
): RecordedClick {
  const split = experiments.splitFor(link.id);
  if (!ledger && !split) {
    return { click: null, destination: fallbackOf(link.id, link.destination) ?? link.destination };
  }
  try {
    const record = buildClickRecord({
      ...request,
      linkId: link.id,
      destination: link.destination,
      offer: link.offer,
      visitorKeys,
    });
    // A content link is on one page; a header button says where with ?from= or the Referer.
    if (link.page) record.page = link.page;
    // A bot (or a prefetch) gets the control, as it did on the page.
    const assignment = clickAssignment(
      experiments.experimentsFor(record.page),
      split,
      record.is_bot ? null : record.visitor,
      record.at,
    );
    record.variants = assignment.variants;
    if (assignment.destination) record.destination = assignment.destination;
    const fallback = fallbackOf(link.id, record.destination);
    if (fallback !== null) {
      record.destination = fallback;
      record.fallback = 1;
    }
    if (!ledger) return { click: null, destination: record.destination };
    if (record.is_bot === PERSON) record.is_bot = screen.judge(record, request.clientAddress);
    ledger.record(record);
    return { click: record, destination: record.destination };
  } catch (error) {
    console.error(`[clicks] could not record a click on ${link.id}: ${(error as Error).message}`);
    return { click: null, destination: fallbackOf(link.id, link.destination) ?? link.destination };
  }
}
