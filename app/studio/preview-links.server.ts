/**
 * Links that show a document's draft to someone without an account (a colleague, the
 * affiliate manager): /admin/vista-previa/<token>, where the token names the document and
 * an expiry, signed with the dashboard's secret. It shows the draft as it is when opened;
 * it expires; it is never cached or indexed (the studio's answers are `no-store`,
 * `noindex`).
 */
import { signedText, signText } from "~/admin/auth.server";

import { SITE_DOCUMENT } from "./content-documents.server";

/** How long a shared preview link works. */
export const PREVIEW_LINK_DAYS = 7;
export const PREVIEW_LINK_PATH = "/admin/vista-previa/";

/**
 * Where a document's draft is previewed: in a tab, and in the editor's frame (no script).
 * The site settings show on the home page.
 */
export function previewPaths(document: string): { tab: string; frame: string } | null {
  if (document === SITE_DOCUMENT) {
    return { tab: `${PREVIEW_LINK_PATH}ajustes`, frame: `${PREVIEW_LINK_PATH}ajustes/marco` };
  }
  const name = /^pages\/([a-z0-9-]+)$/.exec(document)?.[1];
  return name
    ? { tab: `${PREVIEW_LINK_PATH}pagina/${name}`, frame: `${PREVIEW_LINK_PATH}marco/${name}` }
    : null;
}

export function previewLink(document: string, now = Date.now()): { path: string; expires: number } {
  const expires = now + PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000;
  return { path: `${PREVIEW_LINK_PATH}${signText(`${document}|${expires}`)}`, expires };
}

/** The document a token shows, "expired", or null for a token the site did not make. */
export function documentOfLink(token: string, now = Date.now()): string | "expired" | null {
  const text = signedText(token);
  const [document, expires] = text?.split("|") ?? [];
  if (!document || !expires) return null;
  return Number(expires) > now ? document : "expired";
}
