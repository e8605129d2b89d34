/**
 * The visit's source in the browser, and outbound clicks. Where a visitor landed from is
 * kept for the visit in sessionStorage (page responses stay cookie-free and cacheable):
 * the landing URL's tracking parameters and the host of the site that sent the visitor
 * (a host, never a URL: it names a site, not a person). Affiliate links get them when
 * clicked, also after client-side navigation, and page views report them
 * (app/browser/page-views.ts). The click itself is counted by the server, at the outbound
 * route (app/clicks): the browser sends no analytics event for it, so nothing is counted
 * twice.
 */
import {
  REFERRER_PARAM,
  pickTrackingParams,
  referrerHost,
  withTrackingParams,
  type TrackingParams,
} from "~/affiliate/tracking-params";

export const STORAGE_KEY = "tracking-params";
/** The landing's external referrer host ("buscador.example"), when it had one. */
export const REFERRER_KEY = "landing-referrer";
/** Marks an anchor that leads to the affiliate; its value names the link in events. */
export const AFFILIATE_ATTRIBUTE = "data-affiliate";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/** Where the visit came from: the landing's tracking parameters and referrer host. */
export type VisitSource = {
  params: TrackingParams;
  /** The external referrer's host, only when the landing had no utm_source. */
  referrer: string | null;
};

type SourceOptions = {
  storage: Storage;
  subIdParam: string;
  /** The site's own hosts: a referrer among them is internal navigation, not a source. */
  siteHosts: ReadonlySet<string>;
};

/**
 * Remembers the source of a document load that is a landing: one with tracking parameters
 * or an external referrer; its parameters and referrer host replace the visit's earlier
 * ones. Any other load (internal navigation, a reload of an internal page, a typed URL)
 * keeps the landing's source.
 */
export function rememberLanding(
  { search, referrer }: { search: string; referrer: string },
  { storage, subIdParam, siteHosts }: SourceOptions,
) {
  const params = pickTrackingParams(new URLSearchParams(search), subIdParam);
  const host = referrerHost(referrer, siteHosts);
  if (params.length === 0 && !host) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(params));
    if (host) storage.setItem(REFERRER_KEY, host);
    else storage.removeItem(REFERRER_KEY);
  } catch {
    // Storage blocked: the source simply is not carried.
  }
}

export function storedTrackingParams(
  storage: Pick<Storage, "getItem">,
  subIdParam: string,
): TrackingParams {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    if (!Array.isArray(raw)) return [];
    // Re-validate: storage is as untrusted as the URL was.
    const search = new URLSearchParams(
      raw.filter(
        (pair): pair is [string, string] =>
          Array.isArray(pair) &&
          pair.length === 2 &&
          pair.every((part) => typeof part === "string"),
      ),
    );
    return pickTrackingParams(search, subIdParam);
  } catch {
    return [];
  }
}

/** The visit's source as stored; the referrer host counts only without a utm_source. */
export function visitSource({ storage, subIdParam, siteHosts }: SourceOptions): VisitSource {
  const params = storedTrackingParams(storage, subIdParam);
  if (params.some(([name]) => name === "utm_source")) return { params, referrer: null };
  let stored: string | null = null;
  try {
    stored = storage.getItem(REFERRER_KEY);
  } catch {
    // Storage blocked: no referrer.
  }
  // Re-validated like the parameters.
  return { params, referrer: referrerHost(stored, siteHosts) };
}

type InstallOptions = SourceOptions & { doc: Document };

/**
 * Listens for clicks on affiliate links; returns a function that stops listening. The
 * referrer host goes only to the site's own outbound routes, which record it and never
 * pass it on (only tracking parameters reach the program): a link straight to the program
 * gets the tracking parameters alone.
 */
export function installOutboundLinks({ doc, ...source }: InstallOptions) {
  const handle = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.(`a[${AFFILIATE_ATTRIBUTE}]`);
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const { params, referrer } = visitSource(source);
    const carried: TrackingParams =
      referrer && anchor.origin === doc.location.origin
        ? [...params, [REFERRER_PARAM, referrer]]
        : params;
    if (carried.length > 0) anchor.href = withTrackingParams(anchor.href, carried);
  };
  doc.addEventListener("click", handle, true);
  doc.addEventListener("auxclick", handle, true);
  return () => {
    doc.removeEventListener("click", handle, true);
    doc.removeEventListener("auxclick", handle, true);
  };
}
