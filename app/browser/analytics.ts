/**
 * Umami-compatible page views (docs/decisions/001-product-rules.md). When enabled, the tracker script
 * is loaded from the configured host with auto-tracking off; the app waits for
 * window.umami (polling every 50 ms, at most 5000 ms) and sends page views itself. Any
 * failure is one console.error, no retries, and the page is unaffected.
 */
import type { AppConfig } from "~/config/app-config";

import { waitFor } from "./wait-for";

export const ANALYTICS_POLL_MS = 50;
export const ANALYTICS_TIMEOUT_MS = 5000;

type TrackPayload = Record<string, unknown>;
export type Tracker = {
  track: (
    eventOrProps?: string | ((props: TrackPayload) => TrackPayload),
    data?: TrackPayload,
  ) => unknown;
};

declare global {
  interface Window {
    umami?: Tracker;
  }
}

let tracker: Promise<Tracker | null> | null = null;

/** Loads the tracker once per page; resolves to null when analytics is off or failed. */
export function loadTracker(
  config: AppConfig["analytics"] | undefined,
  doc: Document = document,
): Promise<Tracker | null> {
  if (tracker) return tracker;
  if (!config?.enabled) return (tracker = Promise.resolve(null));
  if (!config.host || !config.siteId) {
    console.error("Analytics is enabled but ANALYTICS_HOST or ANALYTICS_SITE_ID is missing.");
    return (tracker = Promise.resolve(null));
  }
  const script = doc.createElement("script");
  script.async = true;
  script.src = `${config.host}/script.js`;
  script.dataset.websiteId = config.siteId;
  script.dataset.autoTrack = "false";
  const failed = new Promise<never>((_, reject) => {
    script.addEventListener("error", () => reject(new Error(`${script.src} failed to load`)));
  });
  doc.head.append(script);
  const ready = waitFor(() => window.umami, {
    intervalMs: ANALYTICS_POLL_MS,
    timeoutMs: ANALYTICS_TIMEOUT_MS,
  });
  tracker = Promise.race([failed, ready]).catch((error: unknown) => {
    console.error(`Analytics is unavailable: ${(error as Error).message}`);
    return null;
  });
  return tracker;
}

/** Sends one page view for `url` with the page's title. */
export async function trackPageView(url: string, title: string) {
  const umami = await tracker;
  umami?.track((props) => ({ ...props, url, title }));
}

/** For tests: forget the loaded tracker. */
export function resetTracker() {
  tracker = null;
}
