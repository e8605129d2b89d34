/**
 * Every link of the content that leads to the affiliate goes through the site, so the
 * server counts each click (app/clicks) before it answers 302. This runs once, when the
 * content is parsed: each affiliate link gets a stable id that names its placement, its
 * URL becomes `/go/<id>`, and its destination (its `redirect_url`, or the configured
 * target of /sing-up/ or /login/) moves into the link table, which only the server reads.
 *
 * Ids: a content editor may set `link_id` (or `btn_show_all_link_id`); otherwise the id is
 * derived from the page, the block and the position, e.g. `home-main-block-1-button-1`,
 * `home-games-1-game-4`, `bonos-bonus-list-1-bonus-2-button`. Links inside HTML fields
 * that point at the affiliate's host or at /sing-up/ or /login/ are rewritten the same way.
 */
import render from "dom-serializer";
import { parseDocument } from "htmlparser2";

import { clickIdProblem } from "~/affiliate/outbound-location";

import { BLOCK_NAMES, type Page, type Site } from "./schema";

export type AffiliateLink = {
  id: string;
  page: string;
  destination: string;
  /**
   * The link in words for the dashboard: its page's title and what the visitor read on
   * it (button text, game name, banner headline or alt text, anchor text), e.g. "Bonos y promociones ·
   * Reclamar el bono". Not unique: the dashboard shows the id beside it. Absent on the
   * header's links, which are not in this table.
   */
  label?: string;
  /**
   * The offer the link promotes (its block's or its card's `offer`): it leads to the
   * offer's destination while the offer is valid, to its fallback destination outside
   * (app/content/offers.ts, judged per click), and the dashboard counts it for the offer.
   */
  offer?: string;
};

/** Ids a content editor may choose. */
export const LINK_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** Link ids of the header's outbound routes in the click reports. */
export const HEADER_LINK_IDS = { login: "header-login", signup: "header-signup" } as const;

/** Path prefix of the outbound route of a content link: /go/<link id>. */
export const GO_PREFIX = "/go/";

/** The header fields that make the outbound routes. */
export type OutboundHeader = Pick<
  Site["header"],
  "login_link" | "signup_link" | "login_redirect_link" | "signup_redirect_link"
>;

/** Where the outbound routes of the header lead: [path, configured destination]. */
export function outboundRoutes(site: { header: OutboundHeader }): [string, string][] {
  const { login_link, signup_link, login_redirect_link, signup_redirect_link } = site.header;
  return [
    [login_link, login_redirect_link],
    [signup_link, signup_redirect_link],
  ];
}

/**
 * The configured destination of an outbound path ("/sing-up/" or "/sing-up"), or null.
 * The router answers these paths (app/affiliate/outbound.server.ts); so does every
 * /go/<id> of a content link, and content checks ask `isOutboundPath`.
 */
export function outboundDestinationOf(
  pathname: string,
  site: { header: OutboundHeader },
): string | null {
  for (const [path, destination] of outboundRoutes(site)) {
    if (pathname === path || pathname === path.replace(/\/$/, "")) return destination;
  }
  return null;
}

/** True when the site answers `pathname` with a redirect to the affiliate. */
export function isOutboundPath(pathname: string, site: { header: OutboundHeader }): boolean {
  return pathname.startsWith(GO_PREFIX) || outboundDestinationOf(pathname, site) !== null;
}

/** [url field, url_type field, redirect field, id field] of the link shapes in blocks. */
const LINK_SHAPES = [
  ["url", "url_type", "redirect_url", "link_id"],
  ["link", "url_type", "redirect_link", "link_id"],
  [
    "btn_show_all_link",
    "btn_show_all_url_type",
    "btn_show_all_redirect_link",
    "btn_show_all_link_id",
  ],
] as const;

const HTML_FIELDS = new Set(["answer", "description", "html"]);

/** Friendlier words for the content's collection names in derived ids. */
const SINGULAR: Record<string, string> = {
  buttons: "button",
  bonuses: "bonus",
  cards: "card",
  levels: "level",
  items: "item",
  content: "game",
};

const kebab = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[_\s]+/g, "-")
    .toLowerCase();

export function pageKey(slug: string): string {
  return slug === "/" ? "home" : slug.slice(1).replaceAll("/", "-");
}

function pathKey(path: (string | number)[]): string[] {
  const parts: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const segment = path[index]!;
    if (segment === "table") continue;
    if (typeof segment === "number") parts.push(String(segment + 1));
    else parts.push(kebab(SINGULAR[segment] ?? segment));
  }
  return parts;
}

export type RoutingProblem = { slug: string; path: (string | number)[]; message: string };

/**
 * Rewrites the affiliate links of `pages` (in place: they are freshly parsed) and returns
 * the link table and any problem (an unknown destination, a duplicate id).
 */
export function routeAffiliateLinks(
  pages: Page[],
  site: Site,
): { links: Map<string, AffiliateLink>; problems: RoutingProblem[] } {
  const links = new Map<string, AffiliateLink>();
  const problems: RoutingProblem[] = [];
  const hosts = new Set(outboundRoutes(site).map(([, destination]) => new URL(destination).origin));

  const destinationOf = (url: string, redirect: unknown): string | null => {
    if (typeof redirect === "string") return redirect;
    const outbound = outboundDestinationOf(url, site);
    if (outbound) return outbound;
    return URL.canParse(url) && hosts.has(new URL(url).origin) ? url : null;
  };

  // The header's destinations are checked with the site config (schema/site.ts).
  const headerDestinations = new Set(outboundRoutes(site).map(([, destination]) => destination));
  const { send_click_id: sendsClickId, click_id_param: clickIdParam } = site.affiliate;

  const register = (
    slug: string,
    path: (string | number)[],
    id: string,
    destination: string,
    label: string,
    destinationPath = path,
    offer?: string,
  ) => {
    const clickId =
      sendsClickId && !headerDestinations.has(destination)
        ? clickIdProblem(destination, clickIdParam)
        : null;
    if (clickId) {
      problems.push({ slug, path: destinationPath, message: clickId });
      return false;
    }
    if (links.has(id)) {
      problems.push({
        slug,
        path,
        message: `el id de enlace "${id}" se usa dos veces (también en ${links.get(id)!.page})`,
      });
      return false;
    }
    links.set(id, { id, page: slug, destination, label, ...(offer ? { offer } : {}) });
    return true;
  };

  for (const page of pages) {
    const seen = new Map<string, number>();
    page.components.forEach((component, componentIndex) => {
      const name = kebab(BLOCK_NAMES[component.component_id]);
      const position = (seen.get(name) ?? 0) + 1;
      seen.set(name, position);
      // The block's content, and its fallback (shown while its offer is not valid): the
      // fallback's links are the block's own, with their own ids, not the offer's.
      const contents = [
        { content: component.data.content, at: "data", key: [], offer: component.offer },
        ...(component.fallback
          ? [
              {
                content: component.fallback.content,
                at: "fallback",
                key: ["fallback"],
                offer: undefined,
              },
            ]
          : []),
      ];
      for (const { content, at, key, offer: blockOffer } of contents) {
        const prefix = [pageKey(page.slug), name, String(position), ...key];
        const base = ["components", componentIndex, at, "content"];

        const visit = (value: unknown, path: (string | number)[], outer = blockOffer) => {
          if (Array.isArray(value))
            return value.forEach((item, index) => visit(item, [...path, index], outer));
          if (!value || typeof value !== "object") return;
          const record = value as Record<string, unknown>;
          // A card names its own offer; its links lead where that offer does.
          const offerId = typeof record.offer === "string" ? record.offer : outer;
          const offer = site.offers.find((candidate) => candidate.id === offerId);
          for (const [urlField, typeField, redirectField, idField] of LINK_SHAPES) {
            const url = record[urlField];
            if (typeof url !== "string" || record[typeField] !== "affiliate") continue;
            // Its own redirect_url first; else its offer's destination; else the route's.
            const own = record[redirectField];
            const destination =
              typeof own === "string" ? own : (offer?.destination ?? destinationOf(url, own));
            const fieldPath = [...base, ...path, urlField];
            if (!destination) {
              problems.push({
                slug: page.slug,
                path: fieldPath,
                message: `un enlace de afiliado debe llevar a ${outboundRoutes(site)
                  .map(([route]) => route)
                  .join(" o ")}, o al dominio del afiliado`,
              });
              continue;
            }
            const suffix = urlField === "btn_show_all_link" ? ["show-all"] : [];
            const id =
              typeof record[idField] === "string"
                ? (record[idField] as string)
                : [...prefix, ...pathKey(path), ...suffix].join("-");
            const destinationPath =
              typeof record[redirectField] === "string"
                ? [...base, ...path, redirectField]
                : fieldPath;
            const label = `${page.title} · ${linkWords(record, urlField)}`;
            if (!register(page.slug, fieldPath, id, destination, label, destinationPath, offer?.id))
              continue;
            record[urlField] = `${GO_PREFIX}${id}`;
            delete record[redirectField];
            record[idField] = id;
          }
          for (const [key, child] of Object.entries(record)) {
            if (HTML_FIELDS.has(key) && typeof child === "string") {
              record[key] = routeHtmlLinks(child, (href, index, text) => {
                const routed = destinationOf(href, undefined);
                if (!routed) return null;
                const destination = offer?.destination ?? routed;
                const id = [...prefix, ...pathKey([...path, key]), "link", String(index + 1)].join(
                  "-",
                );
                const label = `${page.title} · ${text || "enlace en el texto"}`;
                return register(
                  page.slug,
                  [...base, ...path, key],
                  id,
                  destination,
                  label,
                  undefined,
                  offer?.id,
                )
                  ? `${GO_PREFIX}${id}`
                  : null;
              });
            } else {
              visit(child, [...path, key], offerId);
            }
          }
        };
        visit(content, []);
      }
    });
  }
  return { links, problems };
}

/** What a visitor reads on a link of one of the LINK_SHAPES, for its label. */
function linkWords(record: Record<string, unknown>, urlField: string): string {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  if (urlField === "btn_show_all_link") return text(record.btn_show_all_text) || "ver todos";
  // A banner: the words over it (its offer's headline), or the alt of artwork that draws them.
  const words =
    text(record.headline) || text((record.desktop as { alt?: unknown } | undefined)?.alt);
  return text(record.text) || text(record.name) || (words ? `banner «${words}»` : "banner");
}

/** The text inside a node (an anchor's words). */
function textOf(node: { type: string; data?: string; children?: unknown }): string {
  if (node.type === "text") return node.data ?? "";
  const children = (node.children ?? []) as { type: string; data?: string }[];
  return children.map(textOf).join("");
}

/** Rewrites the hrefs `route` returns a new value for; anchors to the affiliate get rel sponsored. */
function routeHtmlLinks(
  html: string,
  route: (href: string, index: number, text: string) => string | null,
): string {
  if (!html.includes("<a")) return html;
  const document = parseDocument(html);
  let index = 0;
  let changed = false;
  const walk = (nodes: typeof document.children) => {
    for (const node of nodes) {
      if (node.type === "tag" && node.name === "a" && typeof node.attribs.href === "string") {
        const routed = route(node.attribs.href, index, textOf(node).replace(/\s+/g, " ").trim());
        if (routed) {
          index++;
          changed = true;
          node.attribs.href = routed;
          node.attribs.rel =
            node.attribs.target === "_blank" ? "nofollow sponsored noopener" : "nofollow sponsored";
          node.attribs["data-affiliate"] = routed.slice(GO_PREFIX.length);
        }
      }
      if ("children" in node) walk(node.children as typeof document.children);
    }
  };
  walk(document.children);
  return changed ? render(document, { encodeEntities: "utf8" }) : html;
}
