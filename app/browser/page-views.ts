/**
 * Page views, reported by the page itself (docs/client-runtime.md): the HTML may come from the
 * page cache or a CDN, so the server cannot count the document request; the page sends
 * one beacon to the view endpoint, which is never cached, for each page it shows.
 *
 * What counts as one view of the page shown:
 * - the first load and each reload (the runtime starts with the document);
 * - a client-side navigation to another path. A change of the query or the hash alone
 *   shows the same page (the report's page is the path), so it does not count again;
 * - a restore from the back/forward cache (`pageshow` with `persisted`): the visitor sees
 *   the page again, as after a back navigation that reloads it, which counts; so the
 *   count does not depend on whether the browser happened to cache the page;
 * - a prerendered document counts only when the visitor lands on it
 *   (`prerenderingchange`), never while it is prerendered.
 * Without JavaScript, the document's <noscript> image reports it (page-view-fallback.tsx).
 */
import { VIEW_FIELDS, VIEW_PATH } from "~/views/view-endpoint";

import type { VisitSource } from "./outbound-links";

/** Longest path reported: keeps the body far under the endpoint's 1 KB (a longer one is no page). */
const MAX_PATH_LENGTH = 256;
/** The body's field for each landing parameter a view keeps. */
const SOURCE_FIELDS: Record<string, string> = {
  utm_source: VIEW_FIELDS.source,
  utm_medium: VIEW_FIELDS.medium,
  utm_campaign: VIEW_FIELDS.campaign,
};

/**
 * The form-encoded body of one view (app/views/view-endpoint.ts): the path, the landing's
 * utm_source/utm_medium/utm_campaign, and its referrer as a host (the server keeps no more
 * of it, so the browser sends no more).
 */
export function viewBody(path: string, { params, referrer }: VisitSource): string {
  const body = new URLSearchParams({ [VIEW_FIELDS.page]: path.slice(0, MAX_PATH_LENGTH) });
  for (const [name, value] of params) {
    const field = SOURCE_FIELDS[name];
    if (field) body.set(field, value);
  }
  if (referrer) body.set(VIEW_FIELDS.referrer, referrer);
  return body.toString();
}

type Transport = {
  sendBeacon?: Navigator["sendBeacon"];
  fetch: typeof fetch;
};

/**
 * Sends a view without waiting for it: a beacon (a string body goes as text/plain, so no
 * CORS preflight), else a keepalive POST. A view that cannot be sent is lost silently.
 */
export function sendView(
  body: string,
  transport: Transport = { sendBeacon: navigator.sendBeacon?.bind(navigator), fetch },
) {
  try {
    if (transport.sendBeacon?.(VIEW_PATH, body)) return;
    transport.fetch(VIEW_PATH, { method: "POST", body, keepalive: true }).catch(() => {});
  } catch {
    // Nothing a view does may break the page.
  }
}

type PageViewsOptions = {
  /** Sends the view of a path (`sendView(viewBody(…))`). */
  report: (path: string) => void;
  doc?: Document & { prerendering?: boolean };
  win?: Pick<Window, "addEventListener" | "removeEventListener">;
};

/**
 * Counts the pages shown: `show(path)` on the first render and each route change, `stop()`
 * to stop listening. The rules are in this module's header.
 */
export function installPageViews({ report, doc = document, win = window }: PageViewsOptions) {
  let shown: string | null = null;
  const send = () => {
    if (shown === null || doc.prerendering) return;
    try {
      report(shown);
    } catch {
      // Storage or transport refused: the view is lost, the page goes on.
    }
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) send();
  };
  win.addEventListener("pageshow", onPageShow);
  doc.addEventListener("prerenderingchange", send, { once: true });
  return {
    show(path: string) {
      if (path === shown) return;
      shown = path;
      send();
    },
    stop() {
      win.removeEventListener("pageshow", onPageShow);
      doc.removeEventListener("prerenderingchange", send);
    },
  };
}
