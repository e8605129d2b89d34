/**
 * A link id in the dashboard's words and its page, from the content: what the rankings
 * (app/routes/admin.tsx) and the Ahora block (app/routes/admin.ahora.ts) both name links by.
 */
import { HEADER_LINK_IDS } from "~/content/affiliate-routes";
import { links as affiliateLinks, site } from "~/content/content.server";

/** A link id in words: content's label, or the header's button text. */
export function linkLabel(id: string): string | undefined {
  if (id === HEADER_LINK_IDS.login) return `Cabecera · ${site.header.login_text}`;
  if (id === HEADER_LINK_IDS.signup) return `Cabecera · ${site.header.signup_text}`;
  return affiliateLinks.get(id)?.label;
}

/** A link id's page, for its placement CTR; the header's buttons are on every page (null). */
export function linkPage(id: string): string | null | undefined {
  if (id === HEADER_LINK_IDS.login || id === HEADER_LINK_IDS.signup) return null;
  return affiliateLinks.get(id)?.page;
}
