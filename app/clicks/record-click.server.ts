/**
 * Records one outbound click in the ledger (the outbound redirect, server/outbound.ts).
 * Never waits and never throws: a click is counted on a best-effort basis, the redirect
 * always happens.
 */
import type { AffiliateLink } from "~/content/affiliate-routes";

import { buildClickRecord, visitorKeys, type ClickInput } from "./click-record.server";
import type { ClickLedger } from "./ledger.server";
import type { ClickRecord } from "./types";

export type ClickRequest = Omit<ClickInput, "linkId" | "destination" | "visitorKeys">;

/**
 * Queues the click on `link` and returns its record (whose click id the program receives),
 * or null when there is no ledger or the record could not be made.
 */
export function recordClick(
  ledger: ClickLedger | null,
  link: AffiliateLink,
  request: ClickRequest,
): ClickRecord | null {
  if (!ledger) return null;
  try {
    const record = buildClickRecord({
      ...request,
      linkId: link.id,
      destination: link.destination,
      visitorKeys,
    });
    // A content link is on one page; a header button says where with ?from= or the Referer.
    if (link.page) record.page = link.page;
    ledger.record(record);
    return record;
  } catch (error) {
    console.error(`[clicks] could not record a click on ${link.id}: ${(error as Error).message}`);
    return null;
  }
}
