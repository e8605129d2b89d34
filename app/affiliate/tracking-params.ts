/**
 * Tracking parameters carried from the landing URL to the affiliate (issue: sub-id
 * pass-through). Only these names pass, values are length-limited and re-encoded, and a
 * parameter the configured affiliate URL already has (partner, banner, …) is never
 * replaced. Used by the outbound routes on the server and by the link rewriter in the
 * browser, so both apply the same rules.
 */
export const TRACKING_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
  "gclid",
  "fbclid",
] as const;

export const MAX_TRACKING_VALUE_LENGTH = 100;

export type TrackingParams = [string, string][];

/** The allowed tracking parameters of a query string, cleaned; unknown ones are dropped. */
export function pickTrackingParams(search: URLSearchParams, subIdParam: string): TrackingParams {
  const allowed = new Set<string>([...TRACKING_PARAMS, subIdParam]);
  const picked = new Map<string, string>();
  for (const [name, raw] of search) {
    if (!allowed.has(name) || picked.has(name)) continue;
    const value = raw
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, MAX_TRACKING_VALUE_LENGTH);
    if (value) picked.set(name, value);
  }
  return [...picked];
}

/** `destination` with the tracking parameters added, keeping every parameter it has. */
export function withTrackingParams(destination: string, params: TrackingParams): string {
  const url = new URL(destination);
  for (const [name, value] of params) {
    if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return url.href;
}
