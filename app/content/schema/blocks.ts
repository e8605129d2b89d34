/**
 * The 14 body block types of a page (docs/decisions/001-product-rules.md), one schema per component_id. Each schema
 * is named after the component that renders it (MainBlockSchema → <MainBlock>).
 */
import { z } from "zod";

import {
  button,
  href,
  httpsUrl,
  image,
  linkId,
  linkTarget,
  localAsset,
  safeHtml,
  text,
  urlType,
} from "./primitives";

/** Optional small decorative icon shown beside a section header. */
const icon = image.optional();

/** 1 — the hero at the top of a page. */
export const MainBlockSchema = z.object({
  /** The page's only <h1>. */
  h1: text,
  /** Lead paragraph under the heading. */
  p: text,
  /** Calls to action, in display order. */
  buttons: z.array(button).default([]),
  /** Hero illustration (path in public/). */
  img_url: localAsset,
  /** Alternative text of the hero illustration. */
  img_alt: z.string(),
  img_width: z.number().int().positive(),
  img_height: z.number().int().positive(),
});

/** 2 — a clickable promotional banner with separate phone and desktop artwork. */
export const PromoImageSchema = z.object({
  /** Where the banner leads (site path or absolute URL). */
  url: href,
  /** Same tab or new tab. */
  target: linkTarget,
  /** "affiliate" marks the banner as a sponsored link to the casino. */
  url_type: urlType.default("affiliate"),
  /** Optional absolute https affiliate URL; when set, the banner links straight there. */
  redirect_url: httpsUrl.optional(),
  /** Name of the banner in the click reports (default: derived from page and position). */
  link_id: linkId.optional(),
  /** Artwork for screens narrower than 768 px. */
  mobile: image,
  /** Artwork for screens 768 px and wider. */
  desktop: image,
});

/** 3 — a table of facts with numbered rows. */
export const DynamicTableSchema = z
  .object({
    icon,
    header: text,
    table: z.object({
      /** Column headings, left to right (the number column is added automatically). */
      headers: z.array(text).min(1),
      rows: z
        .array(
          z.object({
            /** Row number as shown in the first column. */
            number: z.number().int().nonnegative(),
            /** One cell per heading, in the same order. */
            cells: z.array(z.string()),
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
          message: `has ${row.cells.length} cells but the table has ${block.table.headers.length} headers`,
        });
      }
    });
  });

/** 4 — a grid of game tiles. */
export const GamesSchema = z.object({
  header_title: text,
  icon_url: localAsset.optional(),
  icon_alt: z.string().default(""),
  /** Text shown over a tile on hover and keyboard focus, e.g. "Jugar ahora". */
  hover_text: text,
  /** Intrinsic size shared by every tile image. */
  tile_width: z.number().int().positive(),
  tile_height: z.number().int().positive(),
  table: z.object({
    content: z
      .array(
        z.object({
          /** Game title. */
          name: text,
          /** Alternative text of the tile image. */
          alt: z.string(),
          /** Where the tile leads (usually "/sing-up/"). */
          link: href,
          /** Tile artwork (path in public/). */
          image: localAsset,
          /** Studio that makes the game. */
          provider: text,
          /** Same tab or new tab. */
          target_link: linkTarget.default("_self"),
          /** Optional absolute https affiliate URL used instead of `link`. */
          redirect_link: httpsUrl.optional(),
          /** Kind of destination (see the button's url_type); tiles lead to sign-up by default. */
          url_type: urlType.default("affiliate"),
          /** Name of the tile in the click reports (default: derived from its position). */
          link_id: linkId.optional(),
        }),
      )
      .min(1),
  }),
  /** The "show all games" link under the grid. */
  btn_show_all_link: href,
  btn_show_all_text: text,
  btn_show_all_target_link: linkTarget.default("_self"),
  btn_show_all_redirect_link: httpsUrl.optional(),
  btn_show_all_url_type: urlType.default("affiliate"),
  /** Name of the "show all" link in the click reports (default: derived). */
  btn_show_all_link_id: linkId.optional(),
});

/** Card artwork, as flat fields (img_url and img_alt, the product's field names). */
const cardArt = {
  img_url: localAsset,
  img_alt: z.string(),
  img_width: z.number().int().positive(),
  img_height: z.number().int().positive(),
};

/** 5 — bonus cards, each with a bullet list. */
export const BonusesSchema = z.object({
  icon,
  header: text,
  p: z.string().default(""),
  bonuses: z
    .array(
      z.object({
        ...cardArt,
        /** Card title. */
        title_card_body: text,
        /** Bullet points of the card (plain text). */
        list_items: z.array(text).min(1),
      }),
    )
    .min(1),
  buttons: z.array(button).default([]),
});

/** 6 — feature cards with a title and a description. */
export const CardsSchema = z.object({
  icon,
  header: text,
  p: z.string().default(""),
  cards: z
    .array(
      z.object({
        ...cardArt,
        title_card_body: text,
        description_card_body: text,
      }),
    )
    .min(1),
  button: button.optional(),
});

/** 7 — questions and answers in an accordion (also the numbered sections of legal pages). */
export const FaqSchema = z.object({
  header: z.string().default(""),
  /** Show "1.", "2.", … before each question (legal pages). */
  numbered: z.boolean().default(false),
  items: z
    .array(
      z.object({
        question: text,
        /** Answer as HTML from the allowlist (p, strong, em, ul, ol, li, a, br, h3, h4, …). */
        answer: safeHtml,
      }),
    )
    .min(1),
});

/** 8 — the list of current promotions with their key terms. */
export const BonusListSchema = z.object({
  header: text,
  p: z.string().default(""),
  bonuses: z
    .array(
      z.object({
        title: text,
        /** The headline figure, e.g. "100% hasta 500 €". */
        highlight: text,
        description: text,
        /** Key terms as short label/value pairs, e.g. "Apuesta" / "35x". */
        terms: z.array(z.object({ label: text, value: text })).default([]),
        image: image.optional(),
        button: button.optional(),
      }),
    )
    .min(1),
});

const vipLevel = z.object({
  /** Level name, e.g. "Bronce". */
  name: text,
  /** Points or requirement to reach the level. */
  requirement: text,
  /** One-line summary of what the level gives. */
  reward: text,
  image,
});

/** 9 — a preview of the VIP levels. */
export const VipPreviewSchema = z.object({
  vip_card_block: z.object({
    header: text,
    p: z.string().default(""),
    levels: z.array(vipLevel).min(1),
    button: button.optional(),
  }),
});

/** 10 — payment methods with limits and times. */
export const DepositTableSchema = z.object({
  icon,
  header: text,
  p: z.string().default(""),
  /** Column headings (payment system, mobile payment, min/max deposit, min withdrawal, fees, time). */
  columns: z.object({
    payment_system: text,
    mobile_payment: text,
    min_deposit: text,
    max_deposit: text,
    min_withdrawal: text,
    withdrawal_fees: text,
    withdrawal_time: text,
  }),
  /** Words shown for the mobile-payment column. */
  yes_text: text,
  no_text: text,
  rows: z
    .array(
      z.object({
        payment_system: text,
        /** Badge shown before the name; decorative (the name is read), so its alt is not used. */
        logo: image.optional(),
        mobile_payment: z.boolean(),
        min_deposit: text,
        max_deposit: text,
        min_withdrawal: text,
        withdrawal_fees: text,
        withdrawal_time: text,
      }),
    )
    .min(1),
});

/** 11 — the privileges the VIP programme grants. */
export const VipPrivilegesSchema = z.object({
  vip_roller_block: z.object({
    header: text,
    p: z.string().default(""),
    privileges: z.array(z.object({ title: text, description: text, icon })).min(1),
  }),
});

/** 12 — the heading of a legal page with its version and dates. */
export const InfoBlockSchema = z.object({
  /** Small line above the title, e.g. "Información legal". */
  pre_title: z.string().default(""),
  /** The page's only <h1>. */
  title: text,
  /** Dates as YYYY-MM-DD; displayed as DD.MM.YYYY. */
  created: z.iso.date().optional(),
  updated: z.iso.date().optional(),
  /** Labels shown before the dates and the version. */
  created_label: z.string().default("Creado"),
  updated_label: z.string().default("Actualizado"),
  version_label: z.string().default("Versión"),
  version: z.string().optional(),
  /** Introductory paragraph(s), HTML from the allowlist. */
  description: safeHtml,
});

/** 13 — the high-roller offer of the VIP programme. */
export const VipRollerSchema = z.object({
  vip_roller_block: z.object({
    header: text,
    p: text,
    image,
    benefits: z.array(text).min(1),
    button: button.optional(),
  }),
});

/** 14 — free text: an optional heading and HTML from the allowlist. */
export const TextComponentSchema = z.object({
  header: z.string().default(""),
  /** Render the header as the page's <h1> (for pages without a MainBlock). */
  header_is_h1: z.boolean().default(false),
  html: safeHtml,
});

/** component_id → block schema, in the product's order (docs/decisions/001-product-rules.md). */
export const BLOCK_SCHEMAS = {
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
