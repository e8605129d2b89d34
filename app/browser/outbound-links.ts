/**
 * Outbound clicks in the browser: the tracking parameters a visitor landed with are kept
 * for the visit (sessionStorage, so page responses stay cookie-free and cacheable) and
 * added to every affiliate link when it is clicked, also after client-side navigation.
 * The click itself is counted by the server, at the outbound route (app/clicks): the
 * browser sends no analytics event for it, so nothing is counted twice.
 */
import {
  pickTrackingParams,
  withTrackingParams,
  type TrackingParams,
} from "~/affiliate/tracking-params";

export const STORAGE_KEY = "tracking-params";
/** Marks an anchor that leads to the affiliate; its value names the link in events. */
export const AFFILIATE_ATTRIBUTE = "data-affiliate";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

/** Saves the landing URL's tracking parameters (when it has any) for this visit. */
export function rememberTrackingParams(search: string, subIdParam: string, storage: Storage) {
  const params = pickTrackingParams(new URLSearchParams(search), subIdParam);
  if (params.length === 0) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(params));
  } catch {
    // Storage blocked: the parameters simply are not carried.
  }
}

export function storedTrackingParams(storage: Storage, subIdParam: string): TrackingParams {
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

type InstallOptions = {
  doc: Document;
  storage: Storage;
  subIdParam: string;
};

/** Listens for clicks on affiliate links; returns a function that stops listening. */
export function installOutboundLinks({ doc, storage, subIdParam }: InstallOptions) {
  const handle = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.(`a[${AFFILIATE_ATTRIBUTE}]`);
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const params = storedTrackingParams(storage, subIdParam);
    if (params.length > 0) anchor.href = withTrackingParams(anchor.href, params);
  };
  doc.addEventListener("click", handle, true);
  doc.addEventListener("auxclick", handle, true);
  return () => {
    doc.removeEventListener("click", handle, true);
    doc.removeEventListener("auxclick", handle, true);
  };
}
