/**
 * The forms of the studio, made from the content's zod schemas (the one definition of every
 * field): their JSON Schema (app/content/json-schema.ts) with the studio's Spanish words
 * for titles (field-words.ts), the block types named, and what the marketer never types
 * hidden (the block's type and position, the editor's `$schema`). The form library
 * (@rjsf/core) draws a field for each; `npm run content:check`'s checks stay the judge.
 */
import { inputJsonSchema } from "~/content/json-schema";
import { PageSchema, SiteSchema } from "~/content/schema";

import { BLOCK_NAMES, CHOICE_WORDS, fieldWords } from "./field-words";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Gives every property its Spanish title and drops the developers' English descriptions. */
function inSpanish(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) inSpanish(item);
    return;
  }
  if (!isObject(schema)) return;
  if (typeof schema.description === "string") delete schema.description;
  // A list of values becomes a list of choices with their Spanish words (same values).
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) {
    schema.oneOf = (schema.enum as string[]).map((value) => ({
      const: value,
      title: CHOICE_WORDS[value] ?? value,
    }));
    delete schema.enum;
  }
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (isObject(property)) property.title = fieldWords(key);
      inSpanish(property);
    }
  }
  for (const key of ["items", "oneOf", "anyOf", "allOf", "additionalProperties", "not"]) {
    inSpanish(schema[key]);
  }
}

/** The block options of `components`, each titled with its block type's name. */
function nameBlocks(schema: Json): void {
  const components = (schema.properties as Json | undefined)?.components as Json | undefined;
  const items = components?.items as Json | undefined;
  const options = items?.oneOf;
  if (!items || !Array.isArray(options)) return;
  for (const option of options as Json[]) {
    const id = ((option.properties as Json).component_id as Json).const as number;
    option.title = BLOCK_NAMES[id] ?? `Bloque ${id}`;
  }
  // The form picks a block's fields by its type, not by trying every option.
  items.discriminator = { propertyName: "component_id" };
}

const HIDDEN = { "ui:widget": "hidden" } as const;

export type FormSchema = { schema: Json; uiSchema: Json };

function formOf(zodSchema: typeof PageSchema | typeof SiteSchema, kind: "page" | "site") {
  const schema = inputJsonSchema(zodSchema);
  delete schema.$schema;
  if (kind === "page") nameBlocks(schema);
  inSpanish(schema);
  const uiSchema: Json =
    kind === "page"
      ? {
          "ui:order": ["title", "slug", "meta", "updated", "components", "*"],
          $schema: HIDDEN,
          components: {
            items: {
              order: HIDDEN,
              component_id: HIDDEN,
              // A block's fields directly under its type, without the "Datos" and
              // "Contenido" boxes the file's structure has.
              data: { "ui:label": false, content: { "ui:label": false } },
            },
          },
        }
      : { $schema: HIDDEN };
  return { schema, uiSchema };
}

let forms: { page: FormSchema; site: FormSchema } | undefined;

/** The form of a page and of the site settings (made once: the schemas are code). */
export function formSchemas(): { page: FormSchema; site: FormSchema } {
  forms ??= { page: formOf(PageSchema, "page"), site: formOf(SiteSchema, "site") };
  return forms;
}
