/**
 * Offers, written once: a block (or a bonus card) names its offer by id and
 * shows the offer's terms line; its € and «Nx» figures must be the offer's; outside the
 * offer's validity nothing on the site claims it. Three moments:
 * - parse (`offerProblems`, `withOfferTerms`): the checks that stop the build and the
 *   studio's Publicar, and the terms line set on the banners and cards that show it;
 * - each request (`pageAt`, and `offerDestination` for /go/ links): the blocks of offers
 *   not valid now are replaced by their fallback or left out; judged on the request's
 *   clock, so an offer ends on time with no publish;
 * - the dashboard (`offerState`): activa, programada, caducada.
 */
import { offsetOn } from "~/seo/page-facts";

import type { BlockContent, Page, PageComponent, Site } from "./schema";

export type Offer = Site["offers"][number];
export type OfferState = "activa" | "programada" | "caducada";

/** The terms a block of an offer shows under it (blocks other than banners and cards). */
/** As BonusConditions takes them: the terms line and the full terms' address. */
export type OfferTerms = { conditions: string; url: string };
/**
 * A page component as served: with the terms of its offers when the block itself shows
 * them (its own offer's, or those its questions or rows name: their terms lines joined,
 * with the first one's link to the full terms).
 */
export type ServedComponent = PageComponent & { terms?: OfferTerms };
export type ServedPage = Omit<Page, "components"> & { components: ServedComponent[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Each offer time's instant, once: every page and every click of an offer asks, and the
 * answer only depends on these three strings (bounded by the offers' times in content).
 */
const instants = new Map<string, number>();

/** An offer time as an instant: a day starts (or, for `until`, ends) in the site's time zone. */
function instant(value: string, edge: "from" | "until", timeZone: string): number {
  const key = `${edge} ${timeZone} ${value}`;
  let found = instants.get(key);
  if (found === undefined) {
    found = instantOf(value, edge, timeZone);
    if (instants.size >= 1_000) instants.clear();
    instants.set(key, found);
  }
  return found;
}

function instantOf(value: string, edge: "from" | "until", timeZone: string): number {
  if (!DAY.test(value)) return Date.parse(value);
  const start = Date.parse(`${value}T00:00:00${offsetOn(value, timeZone)}`);
  // The end of a day is the start of the next one (a DST day is 23 or 25 hours long).
  if (edge === "from") return start;
  const next = new Date(Date.parse(`${value}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return Date.parse(`${next}T00:00:00${offsetOn(next, timeZone)}`) - 1;
}

export function offerState(offer: Offer, now: number, timeZone: string): OfferState {
  if (offer.valid_from && now < instant(offer.valid_from, "from", timeZone)) return "programada";
  if (offer.valid_until && now > instant(offer.valid_until, "until", timeZone)) return "caducada";
  return "activa";
}

/** Milliseconds until the next start or end of an offer after `now`, or undefined. */
export function offersChangeIn(site: Site, now: number): number | undefined {
  const zone = site.meta.meta_settings.time_zone;
  const edges = site.offers.flatMap((offer) => [
    ...(offer.valid_from ? [instant(offer.valid_from, "from", zone)] : []),
    ...(offer.valid_until ? [instant(offer.valid_until, "until", zone) + 1] : []),
  ]);
  const next = Math.min(...edges.filter((edge) => edge > now));
  return Number.isFinite(next) ? next - now : undefined;
}

/** The ids of the offers valid now. */
export function activeOffers(site: Site, now: number): ReadonlySet<string> {
  const zone = site.meta.meta_settings.time_zone;
  return new Set(
    site.offers
      .filter((offer) => offerState(offer, now, zone) === "activa")
      .map((offer) => offer.id),
  );
}

/** Where a link of an offer leads now: the offer's destination, or its fallback outside it. */
export function offerDestination(site: Site, id: string, now: number): string | null {
  const offer = site.offers.find((candidate) => candidate.id === id);
  if (!offer) return null;
  return offerState(offer, now, site.meta.meta_settings.time_zone) === "activa"
    ? offer.destination
    : offer.fallback_destination;
}

type Cards = BlockContent<5>["bonuses"] | BlockContent<8>["bonuses"];

/**
 * The parts of a block that may each name an offer, and the block with only some of them:
 * the bonus cards (Bonuses, BonusList), the questions (Faq) and the rows (DynamicTable).
 * A part of an offer is shown only while the offer is valid.
 */
type OfferParts = {
  parts: readonly { offer?: string }[];
  /** Their path in the block's content. */
  path: readonly string[];
  /** Each card shows its offer's terms itself (withOfferTerms); other parts, the block. */
  cards: boolean;
  keep: (kept: readonly { offer?: string }[]) => PageComponent["data"];
};

function offerPartsOf(component: PageComponent): OfferParts | null {
  const cards = cardsOf(component);
  if (cards) {
    return {
      parts: cards,
      path: ["bonuses"],
      cards: true,
      keep: (kept) => ({ content: { ...component.data.content, bonuses: kept } }) as never,
    };
  }
  if (component.component_id === 7) {
    const content = component.data.content;
    return {
      parts: content.items,
      path: ["items"],
      cards: false,
      keep: (kept) => ({ content: { ...content, items: kept } }) as never,
    };
  }
  if (component.component_id === 3) {
    const content = component.data.content;
    const { rows } = content.table;
    // Rows numbered 1, 2, 3… stay so without the rows left out.
    const counted = rows.every((row, index) => row.number === index + 1);
    return {
      parts: rows,
      path: ["table", "rows"],
      cards: false,
      keep: (kept) => {
        const shown = (kept as typeof rows).map((row, index) =>
          counted ? { ...row, number: index + 1 } : row,
        );
        return { content: { ...content, table: { ...content.table, rows: shown } } };
      },
    };
  }
  return null;
}

/** The bonus cards of a block (Bonuses, BonusList), which may each name an offer. */
function cardsOf(component: PageComponent): Cards | null {
  if (component.component_id === 5 || component.component_id === 8) {
    return component.data.content.bonuses;
  }
  return null;
}

/**
 * The page as it is served at `now`: a block of an offer not valid now shows its fallback
 * or is left out; a card, question or row of one is left out (and its block, when none is
 * left, shows its fallback or is left out); the blocks of valid offers carry their terms,
 * and so do the blocks whose questions or rows name one.
 */
export function pageAt(page: Page, site: Site, now: number): ServedPage {
  const active = activeOffers(site, now);
  const termsOf = (id: string): OfferTerms => {
    const offer = site.offers.find((candidate) => candidate.id === id)!;
    return { conditions: offer.terms_line, url: offer.terms_url };
  };
  const components: ServedComponent[] = [];
  for (const component of page.components) {
    let served: ServedComponent | null = component;
    if (component.offer && !active.has(component.offer)) {
      served = component.fallback
        ? ({ ...component, offer: undefined, data: component.fallback } as ServedComponent)
        : null;
    } else if (component.offer && component.component_id !== 2) {
      // Banners show the terms line as their own conditions (withOfferTerms).
      served = { ...component, terms: termsOf(component.offer) };
    }
    const parts = served && offerPartsOf(served);
    // A block whose parts name no offer is served as it is.
    if (served && parts?.parts.some((part) => part.offer)) {
      const kept = parts.parts.filter((part) => !part.offer || active.has(part.offer));
      if (kept.length === 0) {
        served =
          component.fallback && !component.offer
            ? ({ ...served, data: component.fallback } as ServedComponent)
            : null;
      } else {
        if (kept.length < parts.parts.length) {
          served = { ...served, data: parts.keep(kept) } as ServedComponent;
        }
        // Questions and rows of another offer than the block's add their terms under it.
        const named = parts.cards
          ? []
          : [...new Set(kept.map((part) => part.offer))].filter(
              (id): id is string => id !== undefined && id !== served!.offer,
            );
        if (named.length > 0) {
          const terms = [...(served.terms ? [served.terms] : []), ...named.map(termsOf)];
          served = {
            ...served,
            terms: {
              conditions: [...new Set(terms.map((term) => term.conditions))].join(" · "),
              url: terms[0]!.url,
            },
          };
        }
      }
    }
    if (served) components.push(served);
  }
  return { ...page, components };
}

/**
 * A page with the terms line of each offer set where its banner or card shows it, and the
 * words of each offer's banner (its name and headline) set over the artwork.
 */
export function withOfferTerms(page: Page, site: Site): Page {
  const offers = new Map(site.offers.map((offer) => [offer.id, offer]));
  return {
    ...page,
    components: page.components.map((component) => {
      const bannerOffer = component.component_id === 2 && offers.get(component.offer ?? "");
      if (component.component_id === 2 && bannerOffer) {
        // The banner's words are the offer's, written over its artwork as text.
        const { name: badge, headline, terms_line: conditions } = bannerOffer;
        return {
          ...component,
          data: { content: { ...component.data.content, badge, headline, conditions } },
        };
      }
      const cards = cardsOf(component);
      if (!cards?.some((card) => card.offer)) return component;
      return {
        ...component,
        data: {
          content: {
            ...component.data.content,
            bonuses: cards.map((card) =>
              card.offer && offers.has(card.offer)
                ? { ...card, conditions: offers.get(card.offer)!.terms_line }
                : card,
            ),
          },
        },
      } as PageComponent;
    }),
  };
}

type Problem = { path: (string | number)[]; message: string };

/** Every string of a value with its path (HTML tags read as spaces). */
function* stringsOf(
  value: unknown,
  path: (string | number)[],
): Generator<[string, (string | number)[]]> {
  if (typeof value === "string") yield [value.replace(/<[^>]*>/g, " "), path];
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* stringsOf(item, [...path, index]);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, [...path, key]);
  }
}

/** "1.000,50" → 1000.5 (Spanish digit grouping and decimal comma). */
const euros = (figure: string): number => Number(figure.replace(/\./g, "").replace(",", "."));
const EURO_FIGURE = /(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?\s?€/g;
const WAGERING_FIGURE = /\b(\d{1,3})\s?x\b/gi;

/** The € and «Nx» figures of a text that are not the offer's. */
function contradictions(text: string, offer: Offer): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(EURO_FIGURE)) {
    const value = euros(match[2] ? `${match[1]},${match[2]}` : match[1]!);
    if (!offer.amounts.includes(value)) {
      found.push(
        `"${match[0].trim()}" no es ninguna cifra de la oferta "${offer.id}" (${offer.amounts.map((amount) => `${amount.toLocaleString("es-ES")} €`).join(", ")})`,
      );
    }
  }
  for (const match of text.matchAll(WAGERING_FIGURE)) {
    if (!offer.wagering.includes(Number(match[1]))) {
      found.push(
        `"${match[0]}" contradice la apuesta de la oferta "${offer.id}" (${offer.wagering.map((times) => `${times}x`).join(", ")})`,
      );
    }
  }
  return found;
}

/** The offer's top € figure as its texts write it ("500", "1.000"), escaped for a RegExp. */
function topFigure(offer: Offer): string {
  return Math.max(...offer.amounts)
    .toLocaleString("es-ES")
    .replaceAll(".", "\\.");
}

/** "hasta 500 €", the claim of an offer, as its texts write it. */
function claimsOf(offer: Offer): RegExp {
  return new RegExp(`hasta\\s${topFigure(offer)}\\s?€`, "i");
}

/**
 * The head (title, description) that claims an offer names it in `meta.offer` and has a
 * `meta.fallback` that claims none, shown outside the offer's validity (showsOfferHead).
 */
function headProblems(
  page: Page,
  offers: Map<string, Offer>,
  unknownOffer: (id: string, path: (string | number)[]) => Problem,
): Problem[] {
  if (page.legal) return [];
  const { meta } = page;
  const problems: Problem[] = [];
  if (meta.offer && !offers.has(meta.offer))
    problems.push(unknownOffer(meta.offer, ["meta", "offer"]));
  if (meta.offer && !meta.fallback) {
    problems.push({
      path: ["meta", "fallback"],
      message: `falta: el título y la descripción para cuando la oferta "${meta.offer}" no esté vigente`,
    });
  }
  for (const offer of offers.values()) {
    // Any mention of the offer's top figure ("bono de 500 €"): a head says no more than that.
    const claim = new RegExp(`(^|[^\\d.,])${topFigure(offer)}\\s?€`);
    for (const field of ["title", "description"] as const) {
      if (claim.test(meta[field]) && meta.offer !== offer.id) {
        problems.push({
          path: ["meta", field],
          message: `anuncia la oferta "${offer.id}": indica "offer": "${offer.id}" en meta y un fallback (título y descripción sin la oferta) para cuando no esté vigente`,
        });
      }
      if (meta.fallback && claim.test(meta.fallback[field])) {
        problems.push({
          path: ["meta", "fallback", field],
          message: `anuncia la oferta "${offer.id}": el título y la descripción de reserva no anuncian ninguna oferta`,
        });
      }
    }
  }
  return problems;
}

/** The page's head shows its own title and description at `now`: not its fallback's. */
export function showsOfferHead(page: Page, site: Site, now: number): boolean {
  const { offer, fallback } = page.meta;
  return !offer || !fallback || activeOffers(site, now).has(offer);
}

/**
 * A banner with no words over its artwork (no offer, no headline) shows them only in the
 * image: then its artwork needs the alt that says them.
 */
function wordlessBanners(
  component: PageComponent & { component_id: 2 },
  at: (string | number)[],
): Problem[] {
  const shown = [
    {
      content: component.data.content,
      path: [...at, "data", "content"],
      named: Boolean(component.offer),
    },
    ...(component.fallback
      ? [
          {
            content: component.fallback.content,
            path: [...at, "fallback", "content"],
            named: false,
          },
        ]
      : []),
  ];
  return shown.flatMap(({ content, path, named }) =>
    named || content.headline
      ? []
      : (["mobile", "desktop"] as const)
          .filter((variant) => !content[variant].alt.trim())
          .map((variant) => ({
            path: [...path, variant, "alt"],
            message:
              "falta: un banner sin titular (ni oferta) lleva sus palabras en la imagen; escribe el texto alternativo que las dice",
          })),
  );
}

/**
 * What stops a page naming offers: an id no offer has; a € or «Nx» figure beside an offer
 * that is not the offer's; a banner with neither offer nor conditions; and, outside legal
 * pages, any block (a hero, a card, but also a question or a table row) that makes an
 * offer's claim ("hasta 500 €") where neither it nor its card, question or row names the
 * offer, so without its terms line and with nothing to end it on time; a block's fallback
 * that makes one; or a title or description that makes it without naming the offer and a
 * fallback head (the head has no room for terms, and would outlive it).
 */
export function offerProblems(page: Page, site: Site): Problem[] {
  const offers = new Map(site.offers.map((offer) => [offer.id, offer]));
  const problems: Problem[] = [];
  const known = `ofertas: ${[...offers.keys()].join(", ") || "ninguna"}`;
  const unknownOffer = (id: string, path: (string | number)[]): Problem => ({
    path,
    message: `"${id}" no es ninguna oferta de site.json (${known})`,
  });
  problems.push(...headProblems(page, offers, unknownOffer));
  page.components.forEach((component, index) => {
    const at: (string | number)[] = ["components", index];
    const checkFigures = (offer: Offer, value: unknown, path: (string | number)[]) => {
      for (const [text, where] of stringsOf(value, path)) {
        if (where.at(-1) === "conditions") continue;
        for (const message of contradictions(text, offer)) problems.push({ path: where, message });
      }
    };
    const blockOffer = component.offer ? offers.get(component.offer) : undefined;
    if (component.offer && !blockOffer)
      problems.push(unknownOffer(component.offer, [...at, "offer"]));
    if (blockOffer) checkFigures(blockOffer, component.data.content, [...at, "data", "content"]);
    const parts = offerPartsOf(component);
    const partsAt = parts ? [...at, "data", "content", ...parts.path] : [];
    parts?.parts.forEach((part, partIndex) => {
      if (!part.offer) return;
      const offer = offers.get(part.offer);
      const path = [...partsAt, partIndex];
      if (!offer) {
        problems.push(unknownOffer(part.offer, [...path, "offer"]));
      } else {
        checkFigures(offer, part, path);
      }
    });
    if (component.component_id === 2 && !component.offer && !component.data.content.conditions) {
      problems.push({
        path: [...at, "data", "content", "conditions"],
        message:
          "falta: un banner lleva las condiciones de su oferta (indica su `offer`, o escribe conditions)",
      });
    }
    if (component.component_id === 2) problems.push(...wordlessBanners(component, at));
    if (page.legal) return;
    /** The card, question or row a string of the block's content sits in, if any. */
    const partOf = (where: (string | number)[]) =>
      parts && partsAt.every((key, depth) => where[depth] === key)
        ? parts.parts[where[partsAt.length] as number]
        : undefined;
    for (const offer of offers.values()) {
      const claim = claimsOf(offer);
      if (!blockOffer) {
        for (const [text, where] of stringsOf(component.data.content, [...at, "data", "content"])) {
          if (partOf(where)?.offer || !claim.test(text)) continue;
          problems.push({
            path: where,
            message: `anuncia la oferta "${offer.id}" sin sus condiciones: indica "offer": "${offer.id}" en el bloque (o en su tarjeta, pregunta o fila) para que muestre su línea de condiciones y el aviso de 18+, y desaparezca cuando la oferta no esté vigente`,
          });
        }
      }
      const fallback = component.fallback?.content;
      for (const [text, where] of stringsOf(fallback, [...at, "fallback", "content"])) {
        if (!claim.test(text)) continue;
        problems.push({
          path: where,
          message: `anuncia la oferta "${offer.id}": el contenido de reserva se muestra cuando la oferta no está vigente y no anuncia ninguna`,
        });
      }
    }
  });
  return problems;
}
