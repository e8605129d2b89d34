/**
 * Every affiliate destination the content can send a visitor to, once each with what uses
 * it: the header's login and sign-up targets, each /go/ link's destination, each variant
 * of a destination split, each link's fallback that is not a page of the site, and each
 * offer's destination and fallback destination. The
 * destination monitor (./check.server.ts) fetches exactly these and the hops they lead to,
 * never a URL taken from a request.
 */
import { HEADER_LINK_IDS, type AffiliateLink } from "~/content/affiliate-routes";
import type { Site } from "~/content/schema";

/**
 * Where a destination is used, in the words of the dashboard and the command's table;
 * `fallback` when it is the link's or the offer's destination while the main one is broken.
 */
export type DestinationUse = {
  kind: "cabecera" | "enlace" | "variante" | "oferta";
  id: string;
  fallback?: true;
};

/** A use as the dashboard and the command name it: "enlace home-hero (reserva)". */
export const nameOfUse = (use: DestinationUse): string =>
  `${use.id}${use.fallback ? " (reserva)" : ""}`;

export type Destination = { url: string; uses: DestinationUse[] };

export function destinationsOf(
  site: Site,
  links: ReadonlyMap<string, AffiliateLink>,
): Destination[] {
  const found = new Map<string, DestinationUse[]>();
  const add = (url: string, use: DestinationUse) => {
    const uses = found.get(url);
    if (uses) uses.push(use);
    else found.set(url, [use]);
  };
  add(site.header.login_redirect_link, { kind: "cabecera", id: HEADER_LINK_IDS.login });
  add(site.header.signup_redirect_link, { kind: "cabecera", id: HEADER_LINK_IDS.signup });
  for (const link of links.values()) add(link.destination, { kind: "enlace", id: link.id });
  for (const split of site.affiliate.splits) {
    for (const [variant, url] of Object.entries(split.destinations)) {
      add(url, { kind: "variante", id: `${split.link} · ${variant}` });
    }
  }
  for (const fallback of site.affiliate.fallbacks) {
    // A page of this site is not an affiliate destination.
    if (fallback.destination.startsWith("https:")) {
      add(fallback.destination, { kind: "enlace", id: fallback.link, fallback: true });
    }
  }
  for (const offer of site.offers) {
    add(offer.destination, { kind: "oferta", id: offer.id });
    add(offer.fallback_destination, { kind: "oferta", id: offer.id, fallback: true });
  }
  return [...found].map(([url, uses]) => ({ url, uses }));
}
