/** A page of the site: its head metadata and its ordered body blocks. */
import { z } from "zod";

import { BLOCK_NAMES, BLOCK_SCHEMAS, blockSchemas, type ComponentId } from "./blocks";
import { parseCustomTag } from "../custom-tags";

import type { ContentContext } from "./context";
import { blockExperiment } from "./experiments";
import { contentFields, editorSchema, slug, text } from "./primitives";
import { byline, offerId } from "./records";

const KNOWN_IDS = Object.keys(BLOCK_SCHEMAS).join(", ");

/** A page file's schema, made for a check run (see contentFields in primitives.ts). */
export function pageSchema(context?: ContentContext) {
  const blocks = blockSchemas(context);
  const { href, localAsset } = contentFields(context);

  function blockComponent<Id extends ComponentId>(id: Id) {
    return z
      .strictObject({
        order: z
          .number()
          .int()
          .describe(
            "Position on the page; blocks render in ascending order (ties keep file order).",
          ),
        component_id: z
          .literal(id)
          .describe(
            "Which block type this is (docs/decisions/001-product-rules.md): 1 MainBlock … 14 TextComponent.",
          ),
        data: z.strictObject({ content: blocks[id] }),
        offer: offerId
          .optional()
          .describe(
            "The offer this block promotes (an id of the site's offers): its terms line shows with the block, and outside the offer's validity the block shows `fallback` or disappears.",
          ),
        fallback: z
          .strictObject({ content: blocks[id] })
          .optional()
          .describe(
            "What the block shows instead while its offer is not valid (none: it disappears).",
          ),
        experiment: blockExperiment,
      })
      .describe(`Block ${id}: ${BLOCK_NAMES[id]}`);
  }

  const ComponentSchema = z.discriminatedUnion(
    "component_id",
    [
      blockComponent(1),
      blockComponent(2),
      blockComponent(3),
      blockComponent(4),
      blockComponent(5),
      blockComponent(6),
      blockComponent(7),
      blockComponent(8),
      blockComponent(9),
      blockComponent(10),
      blockComponent(11),
      blockComponent(12),
      blockComponent(13),
      blockComponent(14),
    ],
    {
      error: (issue) => {
        const input = issue.input as { component_id?: unknown } | undefined;
        if (issue.code === "invalid_union" && input && typeof input === "object") {
          return `component_id desconocido: ${JSON.stringify(input.component_id)} (los que hay: ${KNOWN_IDS})`;
        }
        return undefined;
      },
    },
  );

  return z.strictObject({
    $schema: editorSchema,
    title: text.describe(
      "Internal name of the page (not shown to visitors; the <title> comes from meta.title).",
    ),
    slug: slug.describe(
      'Path of the page: "/" or lowercase segments, e.g. "/terms". Unique across pages.',
    ),
    meta: z
      .strictObject({
        lang: z
          .string()
          .optional()
          .describe(
            'Language of the page, e.g. "es-ES"; defaults to the site\'s meta_settings.lang.',
          ),
        title: text.describe("The <title> of the page."),
        description: text.describe("The meta description shown by search engines."),
        offer: offerId
          .optional()
          .describe(
            "The offer the title or description claims (an id of the site's offers): outside its validity the page's head shows `fallback` instead.",
          ),
        fallback: z
          .strictObject({
            title: text.describe("The <title> while the offer is not valid."),
            description: text.describe("The description while the offer is not valid."),
          })
          .optional()
          .describe("The title and description while `offer` is not valid: they claim no offer."),
        canonical_url: href
          .optional()
          .describe("Path of the canonical URL; defaults to the page's own slug."),
        custom_tags: z
          .array(
            z.string().transform((raw, ctx) => {
              const parsed = parseCustomTag(raw);
              if (parsed.tag) return parsed.tag;
              ctx.addIssue({
                code: "custom",
                message: `etiqueta ${JSON.stringify(raw)}: ${parsed.problem}`,
              });
              return z.NEVER;
            }),
          )
          .default([])
          .describe(
            'Extra head tags as raw strings, e.g. `<meta name="google-site-verification" content="…">`. Only <meta> (name, property, content, itemprop) and <link> (rel, href, hreflang, type, sizes, media, title) are accepted; they are parsed here and never injected as HTML.',
          ),
        links_settings: z
          .object({ favicon: localAsset.optional(), apple_touch_icon: localAsset.optional() })
          .optional()
          .describe("Page-specific favicon and touch icon; default to the site's."),
        scripts_settings: z
          .array(z.looseObject({ "@type": z.union([text, z.array(text).min(1)]) }))
          .default([])
          .describe("Structured-data objects (JSON-LD) merged into the page's graph."),
      })
      .describe(
        "The head of the page: title, description, canonical URL, extra tags and structured data.",
      ),
    byline: byline
      .optional()
      .describe(
        'Who wrote and who reviewed the page: "Por …", "Revisado por …" and the date of its last change. Every indexable page but the legal ones has one.',
      ),
    legal: z
      .boolean()
      .default(false)
      .describe("A legal document (terms, privacy…): it carries its own dates and no byline."),
    updated: z.iso
      .date()
      .optional()
      .describe(
        "Date of the last change (YYYY-MM-DD), for the sitemap; legal pages use their InfoBlock's.",
      ),
    components: z.array(ComponentSchema).min(1).describe("The body blocks."),
  });
}

/** The page schema without a context: for the types and the JSON Schemas. */
export const PageSchema = pageSchema();

export type Page = z.output<typeof PageSchema>;
export type PageComponent = Page["components"][number];
export { BLOCK_NAMES };
