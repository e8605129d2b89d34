/**
 * A link's fallback while its destination is broken (site.json `affiliate.fallbacks`):
 * the outbound redirect (app/clicks/record-click.server.ts) asks here where a
 * click goes once it knows the destination the link leads to now (its offer's, its split
 * variant's). While the destination monitor's last check of that destination found it
 * broken (roto), a link that names a fallback sends the visitor there; after one healthy
 * check, back to the destination. A fallback is an https URL (the operator's landing
 * page, another program) or a page of this site ("/bonos").
 */
import type { Site } from "~/content/schema";

/** Where a click on `linkId` bound for `destination` goes instead, or null. */
export type FallbackLookup = (linkId: string, destination: string) => string | null;

export const NO_FALLBACK: FallbackLookup = () => null;

/** The lookup of the content's fallbacks against what the monitor found broken. */
export function fallbackLookup(
  fallbacks: Site["affiliate"]["fallbacks"],
  isBroken: (url: string) => boolean,
): FallbackLookup {
  if (fallbacks.length === 0) return NO_FALLBACK;
  return (linkId, destination) =>
    isBroken(destination)
      ? (fallbacks.find((fallback) => fallback.link === linkId)?.destination ?? null)
      : null;
}

/** Whether a fallback is a page of this site (sent as it is, with no parameter or id). */
export const isSitePage = (destination: string) => destination.startsWith("/");
