/**
 * JSON Schemas of the content files, made from the zod schemas (the input shape: what an
 * editor writes, before defaults and transforms). Text editors use them to autocomplete
 * fields, show each field's description and underline mistakes; `npm run content:schema`
 * writes them to content/schema/, and a unit test fails when the committed ones are stale.
 * Rules JSON Schema cannot express (safe HTML, links to pages, files in public/) stay in
 * `npm run content:check`, which remains the final judge.
 */
import { z } from "zod";

import { PageSchema, SiteSchema } from "./schema";

/** Folder of the schemas, relative to the content folder. */
export const SCHEMA_DIRECTORY = "schema";

/** The JSON Schema of what an editor writes for a zod schema (the studio's forms read it too). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    // Refinements and transforms have no JSON Schema form; content:check applies them.
    unrepresentable: "any",
  }) as Record<string, unknown>;
}

function document(schema: z.ZodType, title: string, description: string): string {
  const json = inputJsonSchema(schema);
  return `${JSON.stringify({ ...json, title, description }, null, 2)}\n`;
}

/** File name → text of every schema. */
export function contentJsonSchemas(): Record<string, string> {
  return {
    "site.schema.json": document(
      SiteSchema,
      "Brisamar site configuration (content/site.json)",
      "Header, footer, SEO defaults and affiliate settings shared by every page. Checked by npm run content:check.",
    ),
    "page.schema.json": document(
      PageSchema,
      "Brisamar page (content/pages/*.json)",
      "One page of the site: its slug, head metadata and ordered blocks. Checked by npm run content:check.",
    ),
  };
}
