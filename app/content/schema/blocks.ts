/**
 * The 14 body block types of a page (docs/decisions/001-product-rules.md), one schema per component_id. Each schema
 * is named after the component that renders it (MainBlockSchema → <MainBlock>).
 */
import { z } from "zod";

import type { ContentContext } from "./context";
import { contentFields, httpsUrl, linkId, linkTarget, text, urlType } from "./primitives";
import { offerId, recordSlug, withdrawalProblem } from "./records";

/** The fields of a bonus card that names its offer (Bonuses, BonusList). */
const offerCard = {
  offer: offerId
    .optional()
    .describe(
      "The offer of this card (an id of the site's offers): its terms line shows on the card, and outside its validity the card is not shown.",
    ),
  conditions: z
    .string()
    .optional()
    .describe("Set from the card's offer: its terms line (leave it out)."),
};

/**
 * component_id → block schema, in the product's order (docs/decisions/001-product-rules.md),
 * made for a check run (see contentFields): with a `context`, files, image shapes and links
 * are checked too.
 */
export function blockSchemas(context?: ContentContext) {
  const { button, checkAlt, checkShape, decorativeImage, href, image, localAsset, safeHtml } =
    contentFields(context);

  /** Optional small decorative icon shown beside a section header. */
  const icon = decorativeImage.optional();

  /** 1 — the hero at the top of a page. */
  const MainBlockSchema = z
    .strictObject({
      h1: text.describe("The page's only <h1>."),
      p: text.describe("Lead paragraph under the heading."),
      buttons: z.array(button).default([]).describe("Calls to action, in display order."),
      img_url: localAsset.describe("Hero illustration (path in public/)."),
      img_alt: z.string().describe("Alternative text of the hero illustration."),
      img_width: z.number().int().positive(),
      img_height: z.number().int().positive(),
    })
    .superRefine((block, ctx) => {
      checkShape(ctx, block.img_url, { width: block.img_width, height: block.img_height }, [
        "img_url",
      ]);
      checkAlt(ctx, block.img_url, block.img_alt, ["img_alt"]);
    });

  /** 2 — a clickable promotional banner with separate phone and desktop artwork. */
  const PromoImageSchema = z.strictObject({
    badge: text
      .optional()
      .describe(
        "The small label over the artwork, e.g. \"Bono de bienvenida\". With the block's `offer`, the offer's name.",
      ),
    headline: text
      .optional()
      .describe(
        "The large words over the artwork. With the block's `offer`, the offer's headline: the banner's words are text, never drawn into its image, so they change with the offer.",
      ),
    button_text: text
      .optional()
      .describe('The button drawn over the artwork, e.g. "Inscribirse" (none: no button).'),
    url: href.describe("Where the banner leads (site path or absolute URL)."),
    target: linkTarget.describe("Same tab or new tab."),
    url_type: urlType
      .default("affiliate")
      .describe('"affiliate" marks the banner as a sponsored link to the casino.'),
    redirect_url: httpsUrl
      .optional()
      .describe(
        "Optional absolute https affiliate URL; when set, the banner links straight there.",
      ),
    link_id: linkId
      .optional()
      .describe(
        "Name of the banner in the click reports (default: derived from page and position).",
      ),
    conditions: text
      .optional()
      .describe(
        'The key conditions of the offer the banner shows, under it: minimum deposit, wagering and validity, e.g. "Depósito mínimo 20 € · Apuesta 35x · Validez 30 días". With the block\'s `offer`, its terms line.',
      ),
    mobile: decorativeImage.describe(
      "Artwork for screens narrower than 768 px. Its alt is needed only when the banner has no words over it (no offer, no headline): then the artwork carries them.",
    ),
    desktop: decorativeImage.describe(
      "Artwork for screens 768 px and wider (alt: as the phone's).",
    ),
  });

  /** 3 — a table of facts with numbered rows. */
  const DynamicTableSchema = z
    .object({
      icon,
      header: text,
      table: z.strictObject({
        headers: z
          .array(text)
          .min(1)
          .describe("Column headings, left to right (the number column is added automatically)."),
        rows: z
          .array(
            z.strictObject({
              number: z
                .number()
                .int()
                .nonnegative()
                .describe("Row number as shown in the first column."),
              cells: z.array(z.string()).describe("One cell per heading, in the same order."),
              offer: offerId
                .optional()
                .describe(
                  "The offer this row states (an id of the site's offers): its terms line shows under the table, and outside its validity the row is not shown.",
                ),
            }),
          )
          .min(1),
      }),
    })
    .superRefine((block, ctx) => {
      block.table.rows.forEach((row, index) => {
        if (row.cells.length !== block.table.headers.length) {
          ctx.addIssue({
            code: "custom",
            path: ["table", "rows", index, "cells"],
            message: `tiene ${row.cells.length} celdas, pero la tabla tiene ${block.table.headers.length} encabezados`,
          });
        }
      });
    });

  /** 4 — a grid of game tiles. */
  const GamesSchema = z
    .strictObject({
      header_title: text,
      icon_url: localAsset.optional(),
      icon_alt: z.string().default(""),
      hover_text: text.describe(
        'Text shown over a tile on hover and keyboard focus, e.g. "Jugar ahora".',
      ),
      tile_width: z
        .number()
        .int()
        .positive()
        .describe("Intrinsic size shared by every tile image."),
      tile_height: z.number().int().positive(),
      table: z.strictObject({
        content: z
          .array(
            z
              .strictObject({
                game: recordSlug
                  .optional()
                  .describe(
                    "A game of the site config (its slug): the tile shows that record's name, studio and artwork; leave name, alt, image and provider out.",
                  ),
                name: text.optional().describe("Game title (without `game`)."),
                alt: z.string().optional().describe("Alternative text of the tile image."),
                link: href.describe(
                  'Where the tile leads (usually "/sing-up/", or a game\'s page).',
                ),
                image: localAsset.optional().describe("Tile artwork (path in public/)."),
                provider: text.optional().describe("Studio that makes the game."),
                target_link: linkTarget.default("_self").describe("Same tab or new tab."),
                redirect_link: httpsUrl
                  .optional()
                  .describe("Optional absolute https affiliate URL used instead of `link`."),
                url_type: urlType
                  .default("affiliate")
                  .describe(
                    "Kind of destination (see the button's url_type); tiles lead to sign-up by default.",
                  ),
                link_id: linkId
                  .optional()
                  .describe(
                    "Name of the tile in the click reports (default: derived from its position).",
                  ),
              })
              .superRefine((tile, ctx) => {
                const written = (["name", "alt", "image", "provider"] as const).filter(
                  (field) => tile[field] !== undefined,
                );
                if (tile.game !== undefined && written.length > 0) {
                  ctx.addIssue({
                    code: "custom",
                    path: [written[0]!],
                    message:
                      "una ficha que nombra un juego (game) toma del registro su nombre, estudio e imagen: quita este campo",
                  });
                }
                if (tile.game === undefined) {
                  for (const field of ["name", "alt", "image", "provider"] as const) {
                    if (tile[field] === undefined) {
                      ctx.addIssue({
                        code: "custom",
                        path: [field],
                        message:
                          "falta: una ficha sin juego del registro (game) lleva name, alt, image y provider",
                      });
                    }
                  }
                }
              }),
          )
          .min(1),
      }),
      btn_show_all_link: href.describe('The "show all games" link under the grid.'),
      btn_show_all_text: text,
      btn_show_all_target_link: linkTarget.default("_self"),
      btn_show_all_redirect_link: httpsUrl.optional(),
      btn_show_all_url_type: urlType.default("affiliate"),
      btn_show_all_link_id: linkId
        .optional()
        .describe('Name of the "show all" link in the click reports (default: derived).'),
    })
    .superRefine((block, ctx) => {
      const tile = { width: block.tile_width, height: block.tile_height };
      block.table.content.forEach((game, index) => {
        // A tile that names a game takes its artwork from the record.
        if (game.game !== undefined || game.image === undefined) return;
        const at = ["table", "content", index];
        checkShape(
          ctx,
          game.image,
          tile,
          [...at, "image"],
          `la medida de las fichas ${tile.width}×${tile.height} (tile_width × tile_height)`,
        );
        checkAlt(ctx, game.image, game.alt ?? "", [...at, "alt"]);
      });
    });

  /** Card artwork, as flat fields (img_url and img_alt, the product's field names). */
  const cardArt = {
    img_url: localAsset,
    img_alt: z.string(),
    img_width: z.number().int().positive(),
    img_height: z.number().int().positive(),
  };
  type CardArt = { img_url: string; img_alt: string; img_width: number; img_height: number };
  /** A card's art has the shape of its file; `described` art (not beside its own title) needs alt text. */
  const checkArt = (described: boolean) => (card: CardArt, ctx: z.core.$RefinementCtx) => {
    checkShape(ctx, card.img_url, { width: card.img_width, height: card.img_height }, ["img_url"]);
    if (described) checkAlt(ctx, card.img_url, card.img_alt, ["img_alt"]);
  };

  /** 5 — bonus cards, each with a bullet list. */
  const BonusesSchema = z.strictObject({
    icon,
    header: text,
    p: z.string().default(""),
    bonuses: z
      .array(
        z
          .strictObject({
            ...cardArt,
            title_card_body: text.describe("Card title."),
            list_items: z.array(text).min(1).describe("Bullet points of the card (plain text)."),
            validity: text.describe(
              'How long the offer and its wagering last, e.g. "30 días desde el depósito" (shown with the card, art. 13.4 RD 958/2020).',
            ),
            ...offerCard,
          })
          .superRefine(checkArt(true)),
      )
      .min(1),
    buttons: z.array(button).default([]),
  });

  /** 6 — feature cards with a title and a description. */
  const CardsSchema = z.strictObject({
    icon,
    header: text,
    p: z.string().default(""),
    cards: z
      .array(
        z
          .strictObject({
            ...cardArt,
            title_card_body: text,
            description_card_body: text,
          })
          .superRefine(checkArt(false)),
      )
      .min(1),
    button: button.optional(),
  });

  /** 7 — questions and answers in an accordion (also the numbered sections of legal pages). */
  const FaqSchema = z.strictObject({
    header: z.string().default(""),
    structured_data: z
      .boolean()
      .default(false)
      .describe(
        "Emit FAQPage structured data for these items. Only for real visitor questions: search engines treat legal section titles marked as questions as spam.",
      ),
    numbered: z
      .boolean()
      .default(false)
      .describe('Show "1.", "2.", … before each question (legal pages).'),
    items: z
      .array(
        z.strictObject({
          question: text,
          answer: safeHtml.describe(
            "Answer as HTML from the allowlist (p, strong, em, ul, ol, li, a, br, h3, h4, …).",
          ),
          offer: offerId
            .optional()
            .describe(
              "The offer this question is about (an id of the site's offers): its terms line shows under the questions, and outside its validity the question (and its structured data) is not shown.",
            ),
        }),
      )
      .min(1),
  });

  /** 8 — the list of current promotions with their key terms. */
  const BonusListSchema = z.strictObject({
    header: text,
    p: z.string().default(""),
    bonuses: z
      .array(
        z.strictObject({
          title: text,
          highlight: text.describe('The headline figure, e.g. "100% hasta 500 €".'),
          description: text,
          terms: z
            .array(z.strictObject({ label: text, value: text }))
            .default([])
            .describe('Key terms as short label/value pairs, e.g. "Apuesta" / "35x".'),
          validity: text.describe(
            'How long the offer and its wagering last, e.g. "30 días desde el depósito" (shown with the terms).',
          ),
          ...offerCard,

          image: image.optional(),
          button: button.optional(),
        }),
      )
      .min(1),
  });

  const vipLevel = z.strictObject({
    name: text.describe('Level name, e.g. "Bronce".'),
    requirement: text.describe("Points or requirement to reach the level."),
    reward: text.describe("One-line summary of what the level gives."),
    image,
  });

  /** 9 — a preview of the VIP levels. */
  const VipPreviewSchema = z.strictObject({
    vip_card_block: z.strictObject({
      header: text,
      p: z.string().default(""),
      levels: z.array(vipLevel).min(1),
      button: button.optional(),
    }),
  });

  /** 10 — payment methods with limits and times. */
  const DepositTableSchema = z.strictObject({
    icon,
    header: text,
    p: z.string().default(""),
    columns: z
      .object({
        payment_system: text,
        mobile_payment: text,
        min_deposit: text,
        max_deposit: text,
        min_withdrawal: text,
        withdrawal_fees: text,
        withdrawal_time: text,
      })
      .describe(
        "Column headings (payment system, mobile payment, min/max deposit, min withdrawal, fees, time).",
      ),
    yes_text: text.describe("Words shown for the mobile-payment column."),
    no_text: text,
    deposit_only_text: text.describe(
      "Shown instead of the three withdrawal columns for a method that only takes deposits.",
    ),
    rows: z
      .array(
        z
          .strictObject({
            method: recordSlug
              .optional()
              .describe(
                "A payment method of the site config (its slug): the row shows that record's facts; leave the other fields out.",
              ),
            payment_system: text.optional().describe("The method's name (without `method`)."),
            logo: image
              .optional()
              .describe(
                "Badge shown before the name; decorative (the name is read), so its alt is not used.",
              ),
            mobile_payment: z.boolean().optional(),
            min_deposit: text.optional(),
            max_deposit: text.optional(),
            min_withdrawal: text
              .optional()
              .describe("Leave out the three withdrawal fields for a deposit-only method."),
            withdrawal_fees: text.optional(),
            withdrawal_time: text.optional(),
          })
          .superRefine((row, ctx) => {
            const required = [
              "payment_system",
              "mobile_payment",
              "min_deposit",
              "max_deposit",
            ] as const;
            if (row.method !== undefined) {
              const written = Object.keys(row).filter((field) => field !== "method");
              if (written.length > 0) {
                ctx.addIssue({
                  code: "custom",
                  path: [written[0]!],
                  message:
                    "una fila que nombra un método de pago (method) toma del registro sus datos: quita este campo",
                });
              }
              return;
            }
            for (const field of required) {
              if (row[field] === undefined) {
                ctx.addIssue({
                  code: "custom",
                  path: [field],
                  message:
                    "falta: una fila sin método del registro (method) lleva payment_system, mobile_payment, min_deposit y max_deposit",
                });
              }
            }
            const withdrawals = withdrawalProblem(row);
            if (withdrawals) ctx.addIssue({ code: "custom", ...withdrawals });
          }),
      )
      .min(1),
  });

  /** 11 — the privileges the VIP programme grants. */
  const VipPrivilegesSchema = z.strictObject({
    vip_roller_block: z.strictObject({
      header: text,
      p: z.string().default(""),
      privileges: z.array(z.strictObject({ title: text, description: text, icon })).min(1),
    }),
  });

  /** 12 — the heading of a legal page with its version and dates. */
  const InfoBlockSchema = z.strictObject({
    pre_title: z
      .string()
      .default("")
      .describe('Small line above the title, e.g. "Información legal".'),
    title: text.describe("The page's only <h1>."),
    created: z.iso.date().optional().describe("Dates as YYYY-MM-DD; displayed as DD.MM.YYYY."),
    updated: z.iso.date().optional(),
    created_label: z
      .string()
      .default("Creado")
      .describe("Labels shown before the dates and the version."),
    updated_label: z.string().default("Actualizado"),
    version_label: z.string().default("Versión"),
    version: z.string().optional(),
    description: safeHtml.describe("Introductory paragraph(s), HTML from the allowlist."),
  });

  /** 13 — the high-roller offer of the VIP programme. */
  const VipRollerSchema = z.strictObject({
    vip_roller_block: z.strictObject({
      header: text,
      p: text,
      image,
      benefits: z.array(text).min(1),
      button: button.optional(),
    }),
  });

  /** 14 — free text: an optional heading and HTML from the allowlist. */
  const TextComponentSchema = z.strictObject({
    header: z.string().default(""),
    header_is_h1: z
      .boolean()
      .default(false)
      .describe("Render the header as the page's <h1> (for pages without a MainBlock)."),
    html: safeHtml,
    anchor: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'debe tener a-z, 0-9 y "-"')
      .optional()
      .describe(
        'The heading\'s id, for links to this section ("#<anchor>"), e.g. from a table of contents.',
      ),
  });

  return {
    1: MainBlockSchema,
    2: PromoImageSchema,
    3: DynamicTableSchema,
    4: GamesSchema,
    5: BonusesSchema,
    6: CardsSchema,
    7: FaqSchema,
    8: BonusListSchema,
    9: VipPreviewSchema,
    10: DepositTableSchema,
    11: VipPrivilegesSchema,
    12: InfoBlockSchema,
    13: VipRollerSchema,
    14: TextComponentSchema,
  } as const;
}

/** The block schemas without a context: for the types and the JSON Schemas. */
export const BLOCK_SCHEMAS = blockSchemas();

/** component_id → the name of the component that renders it (also its data-block attribute). */
export const BLOCK_NAMES = {
  1: "MainBlock",
  2: "PromoImage",
  3: "DynamicTable",
  4: "Games",
  5: "Bonuses",
  6: "Cards",
  7: "Faq",
  8: "BonusList",
  9: "VipPreview",
  10: "DepositTable",
  11: "VipPrivileges",
  12: "InfoBlock",
  13: "VipRoller",
  14: "TextComponent",
} as const satisfies Record<keyof typeof BLOCK_SCHEMAS, string>;

export type ComponentId = keyof typeof BLOCK_SCHEMAS;
export type BlockContent<Id extends ComponentId> = z.output<(typeof BLOCK_SCHEMAS)[Id]>;
