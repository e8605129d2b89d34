/**
 * Records one outbound click in the ledger the server passed in the load context. Never
 * waits and never throws: a click is counted on a best-effort basis, the redirect always
 * happens.
 */
import type { AppLoadContext } from "@remix-run/node";

import { siteOriginsOf } from "~/affiliate/tracking-params";
import { env } from "~/config/env.server";
import type { AffiliateLink } from "~/content/affiliate-routes";

import { VisitorKeys, buildClickRecord } from "./click-record.server";

const visitorKeys = new VisitorKeys();

export function recordClick(
  context: AppLoadContext,
  request: Request,
  link: AffiliateLink,
  { subIdParam, siteOrigin }: { subIdParam: string; siteOrigin: string },
): void {
  const ledger = context.clicks;
  if (!ledger) return;
  try {
    const record = buildClickRecord({
      request,
      head: context.head,
      clientAddress: context.clientAddress ?? "",
      linkId: link.id,
      destination: link.destination,
      subIdParam,
      countryHeader: env.COUNTRY_HEADER,
      siteOrigins: siteOriginsOf(request, siteOrigin),
      timeZone: env.REPORT_TIME_ZONE,
      visitorKeys,
    });
    // A content link is on one page; a header button says where with ?from= or the Referer.
    ledger.record(link.page ? { ...record, page: link.page } : record);
  } catch (error) {
    console.error(`[clicks] could not record a click on ${link.id}: ${(error as Error).message}`);
  }
}
