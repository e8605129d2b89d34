/**
 * The pages the site's records make: one page per person at /autores/<slug>.
 * They are built from the site config as it is checked, so a record changed once changes
 * its page and every page that names it; the studio edits them in Ajustes del sitio.
 */
import { escapeUTF8 } from "entities";

import { lastModified } from "~/seo/page-facts";

import type { Page, PageComponent, Site } from "./schema";

/** Where the people's pages live. */
export const PEOPLE_PATH = "/autores";
/** Where the payment methods' pages live (the hub is a page of its own at this path). */
export const PAYMENT_METHODS_PATH = "/metodos-de-pago";
/** Where the games' pages live (the hub is a page of its own at this path). */
export const GAMES_PATH = "/juegos";
/** Where the guides live (the hub is a page of its own at this path). */
export const GUIDES_PATH = "/guias";

export const personPath = (slug: string): string => `${PEOPLE_PATH}/${slug}`;
export const paymentMethodPath = (slug: string): string => `${PAYMENT_METHODS_PATH}/${slug}`;
export const gamePath = (slug: string): string => `${GAMES_PATH}/${slug}`;
export const guidePath = (slug: string): string => `${GUIDES_PATH}/${slug}`;

type Person = Site["people"][number];
type PaymentMethod = Site["payment_methods"][number];
type Game = Site["games"][number];
type Guide = Site["guides"][number];

/**
 * The site config's arrays whose records each have a page (keyed by `slug`), and that
 * page's path: what gives a page its path and its date (./stamp-updated.ts).
 */
export const RECORD_PAGE_PATHS = {
  people: personPath,
  payment_methods: paymentMethodPath,
  games: gamePath,
  guides: guidePath,
} as const;

/** The paths the records give pages, from the site config as written (before it is checked). */
export function recordPaths(rawSite: unknown): string[] {
  const slugsOf = (field: string) => {
    const records = (rawSite as Record<string, unknown> | null)?.[field];
    return Array.isArray(records)
      ? records
          .map((record) => (record as { slug?: unknown } | null)?.slug)
          .filter((slug): slug is string => typeof slug === "string")
      : [];
  };
  return Object.entries(RECORD_PAGE_PATHS).flatMap(([field, pathOf]) => slugsOf(field).map(pathOf));
}

const list = (items: readonly string[]): string =>
  `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;

function textBlock(order: number, header: string, html: string): PageComponent {
  return {
    order,
    component_id: 14,
    data: { content: { header, header_is_h1: false, html } },
  };
}

/** A record's facts as a numbered table of label and value (block 3). */
function factsBlock(
  order: number,
  texts: { facts_header: string; fact_label: string; value_label: string },
  facts: readonly [string, string][],
): PageComponent {
  return {
    order,
    component_id: 3,
    data: {
      content: {
        header: texts.facts_header,
        table: {
          headers: [texts.fact_label, texts.value_label],
          rows: facts.map(([label, value], index) => ({
            number: index + 1,
            cells: [label, value],
          })),
        },
      },
    },
  };
}

/** A person's page: portrait and biography, credentials, public profiles, pages they sign. */
function personPage(person: Person, site: Site, pages: readonly Page[]): Page {
  const texts = site.people_page;
  const signed = pages.filter(
    (page) => page.byline?.author === person.slug || page.byline?.reviewer === person.slug,
  );
  const components: PageComponent[] = [
    {
      order: 1,
      component_id: 1,
      data: {
        content: {
          h1: person.name,
          p: `${person.role}. ${person.bio}`,
          buttons: [],
          img_url: person.photo.url,
          img_alt: person.photo.alt,
          img_width: person.photo.width,
          img_height: person.photo.height,
        },
      },
    },
  ];
  if (person.credentials.length > 0) {
    components.push(
      textBlock(
        2,
        texts.credentials_header,
        list(person.credentials.map((line) => escapeUTF8(line))),
      ),
    );
  }
  if (person.links.length > 0) {
    const links = person.links.map(
      (link) =>
        `<a href="${escapeUTF8(link.url)}" rel="me noopener" target="_blank">${escapeUTF8(link.text)}</a>`,
    );
    components.push(textBlock(3, texts.profiles_header, list(links)));
  }
  if (signed.length > 0) {
    const links = signed.map(
      (page) => `<a href="${escapeUTF8(page.slug)}">${escapeUTF8(page.title)}</a>`,
    );
    components.push(textBlock(4, texts.pages_header, list(links)));
  }
  return {
    title: person.name,
    slug: personPath(person.slug),
    meta: {
      title: `${person.name}, ${person.role} ${texts.title_suffix}`,
      description: person.bio,
      custom_tags: [],
      scripts_settings: [],
    },
    byline: { author: person.slug },
    legal: false,
    ...(person.updated ? { updated: person.updated } : {}),
    components,
  };
}

/** A payment method's page: its summary, its facts in a table, then its own text. */
function paymentMethodPage(method: PaymentMethod, site: Site): Page | null {
  const texts = site.payment_method_page;
  if (!texts) return null;
  const labels = texts.labels;
  const withdrawals = method.withdrawal_time !== undefined;
  const facts: [string, string][] = [
    [labels.mobile_payment, method.mobile_payment ? texts.yes_text : texts.no_text],
    [labels.min_deposit, method.min_deposit],
    [labels.max_deposit, method.max_deposit],
    [labels.deposit_time, method.deposit_time],
    ...(withdrawals
      ? ([
          [labels.min_withdrawal, method.min_withdrawal!],
          [labels.withdrawal_fees, method.withdrawal_fees!],
          [labels.withdrawal_time, method.withdrawal_time!],
        ] as [string, string][])
      : ([[labels.withdrawal_time, texts.deposit_only_text]] as [string, string][])),
  ];
  const title = `${method.name} ${texts.title_suffix}`;
  return {
    title: method.name,
    slug: paymentMethodPath(method.slug),
    meta: { title, description: method.summary, custom_tags: [], scripts_settings: [] },
    byline: texts.byline,
    legal: false,
    ...(method.updated ? { updated: method.updated } : {}),
    components: [
      {
        order: 1,
        component_id: 14,
        data: {
          content: {
            header: title,
            header_is_h1: true,
            html: `<p>${escapeUTF8(method.summary)}</p>`,
          },
        },
      },
      factsBlock(2, texts, facts),
      textBlock(3, texts.guide_header, method.body),
    ],
  };
}

/** A game's page: its artwork and summary, its facts in a table, then its own text. */
function gamePage(game: Game, site: Site): Page | null {
  const texts = site.game_page;
  if (!texts) return null;
  const labels = texts.labels;
  const facts: [string, string][] = [
    [labels.provider, game.provider],
    [labels.rtp, `${game.rtp.toLocaleString("es-ES")} %`],
    [labels.volatility, texts.volatility_words[game.volatility]],
    [labels.min_bet, game.min_bet],
    [labels.max_bet, game.max_bet],
    ...(game.features.length > 0
      ? ([[labels.features, game.features.join(" · ")]] as [string, string][])
      : []),
  ];
  const title = `${game.name} ${texts.title_suffix}`;
  return {
    title: game.name,
    slug: gamePath(game.slug),
    meta: { title, description: game.summary, custom_tags: [], scripts_settings: [] },
    byline: texts.byline,
    legal: false,
    ...(game.updated ? { updated: game.updated } : {}),
    components: [
      {
        order: 1,
        component_id: 1,
        data: {
          content: {
            h1: title,
            p: game.summary,
            buttons: [],
            img_url: game.image,
            img_alt: `${game.name} (${game.provider})`,
            img_width: 300,
            img_height: 300,
          },
        },
      },
      factsBlock(2, texts, facts),
      textBlock(3, "", `<p>${escapeUTF8(texts.rtp_note)}</p>`),
      textBlock(4, texts.guide_header, game.body),
    ],
  };
}

/**
 * A guide's page: its title and summary, the table of contents (links to each section's
 * heading), then the sections.
 */
function guidePage(guide: Guide, site: Site): Page | null {
  const texts = site.guide_page;
  if (!texts) return null;
  const anchor = (index: number) => `seccion-${index + 1}`;
  const contents = guide.sections.map(
    (section, index) => `<a href="#${anchor(index)}">${escapeUTF8(section.heading)}</a>`,
  );
  return {
    title: guide.title,
    slug: guidePath(guide.slug),
    meta: {
      title: `${guide.title} ${texts.title_suffix}`,
      description: guide.summary,
      custom_tags: [],
      scripts_settings: [],
    },
    byline: texts.byline,
    legal: false,
    ...(guide.updated ? { updated: guide.updated } : {}),
    components: [
      {
        order: 1,
        component_id: 14,
        data: {
          content: {
            header: guide.title,
            header_is_h1: true,
            html: `<p>${escapeUTF8(guide.summary)}</p>`,
          },
        },
      },
      textBlock(
        2,
        texts.contents_header,
        `<ol>${contents.map((link) => `<li>${link}</li>`).join("")}</ol>`,
      ),
      ...guide.sections.map((section, index): PageComponent => ({
        order: 3 + index,
        component_id: 14,
        data: {
          content: {
            header: section.heading,
            header_is_h1: false,
            html: section.html,
            anchor: anchor(index),
          },
        },
      })),
    ],
  };
}

/** Every page the records make, after the page files' own. */
export function recordPages(site: Site, pages: readonly Page[]): Page[] {
  return [
    ...site.people.map((person) => personPage(person, site, pages)),
    ...site.payment_methods.flatMap((method) => paymentMethodPage(method, site) ?? []),
    ...site.games.flatMap((game) => gamePage(game, site) ?? []),
    ...site.guides.flatMap((guide) => guidePage(guide, site) ?? []),
  ];
}

/**
 * A page with each deposit-table row that names a payment method (`method`), and each
 * games-grid tile that names a game (`game`), replaced by that record's facts; an unknown
 * record is a problem named where it is written.
 */
export function withRecords(
  page: Page,
  site: Site,
): { page: Page; problems: { path: (string | number)[]; message: string }[] } {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const bySlug = new Map(site.payment_methods.map((method) => [method.slug, method]));
  const games = new Map(site.games.map((game) => [game.slug, game]));
  const components = page.components.map((component, index) => {
    if (component.component_id === 4) {
      const tiles = component.data.content.table.content.flatMap((tile, tileIndex) => {
        if (tile.game === undefined) return [tile];
        const { game: slug, ...link } = tile;
        const game = games.get(slug);
        if (!game) {
          problems.push({
            path: ["components", index, "data", "content", "table", "content", tileIndex, "game"],
            message: `"${slug}" no es ningún juego de site.json (games: ${[...games.keys()].join(", ") || "ninguno"})`,
          });
          return [];
        }
        return [
          {
            ...link,
            name: game.name,
            alt: `${game.name} (${game.provider})`,
            image: game.image,
            provider: game.provider,
          },
        ];
      });
      return {
        ...component,
        data: {
          content: { ...component.data.content, table: { content: tiles } },
        },
      } as PageComponent;
    }
    if (component.component_id !== 10) return component;
    const rows = component.data.content.rows.flatMap((row, rowIndex) => {
      if (row.method === undefined) return [row];
      const method = bySlug.get(row.method);
      if (!method) {
        problems.push({
          path: ["components", index, "data", "content", "rows", rowIndex, "method"],
          message: `"${row.method}" no es ningún método de pago de site.json (payment_methods: ${[...bySlug.keys()].join(", ") || "ninguno"})`,
        });
        return [];
      }
      const {
        slug: _slug,
        name,
        summary: _summary,
        body: _body,
        updated: _updated,
        deposit_time: _time,
        ...facts
      } = method;
      return [{ payment_system: name, ...facts }];
    });
    return { ...component, data: { content: { ...component.data.content, rows } } };
  });
  return { page: { ...page, components }, problems };
}

/**
 * Why a page's byline cannot be shown, or null: every indexable page but the legal ones
 * and the status pages carries one, naming people of the site config.
 */
export function bylineProblems(
  page: Page,
  site: Site,
  statusSlugs: ReadonlySet<string>,
): { path: (string | number)[]; message: string }[] {
  if (statusSlugs.has(page.slug)) return [];
  if (!page.byline) {
    return page.legal
      ? []
      : [
          {
            path: ["byline"],
            message:
              'falta: cada página indexable lleva quién la escribe y quién la revisa ({"author": "<slug>", "reviewer": "<slug>"} de las personas de site.json), salvo las legales ("legal": true)',
          },
        ];
  }
  const dated = lastModified(page)
    ? []
    : [
        {
          path: ["updated"],
          message:
            "falta: una página con firma muestra la fecha de su último cambio (YYYY-MM-DD; el estudio la pone al publicar)",
        },
      ];
  const known = new Set(site.people.map((person) => person.slug));
  return [
    ...dated,
    ...(["author", "reviewer"] as const).flatMap((role) => {
      const slug = page.byline?.[role];
      return slug === undefined || known.has(slug)
        ? []
        : [
            {
              path: ["byline", role],
              message: `"${slug}" no es ninguna persona de site.json (people: ${[...known].join(", ") || "ninguna"})`,
            },
          ];
    }),
  ];
}

/** What a page's byline shows, ready to render: names, their pages, the day and its words. */
export type PageByline = {
  author: { name: string; href: string };
  reviewer: { name: string; href: string } | null;
  /** YYYY-MM-DD, as the JSON-LD's dateModified starts. */
  day: string;
  /** The day in words, in the page's language ("28 de noviembre de 2026"). */
  date: string;
};

export function bylineOf(page: Page, site: Site): PageByline | null {
  const day = lastModified(page);
  if (!page.byline || !day) return null;
  const person = (slug: string) => {
    const found = site.people.find((candidate) => candidate.slug === slug);
    return found ? { name: found.name, href: personPath(found.slug) } : null;
  };
  const author = person(page.byline.author);
  if (!author) return null;
  const lang = page.meta.lang ?? site.meta.meta_settings.lang;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
  return {
    author,
    reviewer: page.byline.reviewer ? person(page.byline.reviewer) : null,
    day,
    date,
  };
}
