/**
 * The studio's words about the content: where a check's problem stands in the form, what
 * changed between two versions, and the form's schema (every field titled in Spanish, every
 * block type named, no developer's English left).
 */
import { describe, expect, it } from "vitest";

import { inputJsonSchema } from "~/content/json-schema";
import { PageSchema, SiteSchema } from "~/content/schema";

import { FIELD_WORDS } from "./field-words";
import { formSchemas } from "./form-schema.server";
import { changesBetween, parsePath, problemsOf } from "./studio.server";

describe("problems in the form", () => {
  it("parses a check's JSON path into keys", () => {
    expect(parsePath("components[3].data.content.h1")).toEqual([
      "components",
      3,
      "data",
      "content",
      "h1",
    ]);
    expect(parsePath('meta.custom_tags["og:image"]')).toEqual(["meta", "custom_tags", "og:image"]);
    expect(parsePath("(root)")).toEqual([]);
  });

  it("puts a document's problems beside its fields, in the studio's words, and keeps the others apart", () => {
    const data = { components: [{ component_id: 1, data: { content: { h1: "" } } }] };
    const { fields, others } = problemsOf(
      "pages/home",
      [
        "content/pages/home.json: components[0].data.content.h1: Too small",
        "content/pages/bonos.json: components[1].data.content.buttons[0].url: no existe",
      ],
      data,
    );
    expect(fields).toEqual([
      {
        path: ["components", 0, "data", "content", "h1"],
        words: "Bloques › n.º 1 (Cabecera principal) › Titular",
        message: "Too small",
      },
    ]);
    expect(others).toEqual([
      "content/pages/bonos.json: components[1].data.content.buttons[0].url: no existe",
    ]);
  });
});

describe("changesBetween", () => {
  it("lists each changed field with its value before and after", () => {
    const before = {
      title: "Inicio",
      components: [{ component_id: 1, data: { content: { h1: "A" } } }],
    };
    const after = {
      title: "Inicio",
      components: [{ component_id: 1, data: { content: { h1: "B", p: "Nuevo" } } }],
    };
    expect(changesBetween(before, after)).toEqual([
      {
        words: "Bloques › n.º 1 (Cabecera principal) › Titular",
        kind: "cambiado",
        before: "A",
        after: "B",
      },
      {
        words: "Bloques › n.º 1 (Cabecera principal) › Párrafo",
        kind: "añadido",
        before: null,
        after: "Nuevo",
      },
    ]);
  });

  it("says a page was added or removed as a whole", () => {
    expect(changesBetween(null, { title: "x" })).toMatchObject([{ kind: "añadido" }]);
    expect(changesBetween({ title: "x" }, null)).toMatchObject([{ kind: "eliminado" }]);
  });
});

/** Every property name of a JSON Schema, at any depth. */
function keysOf(node: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) keysOf(item, keys);
  else if (node && typeof node === "object") {
    const properties = (node as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const key of Object.keys(properties)) keys.add(key);
    for (const value of Object.values(node)) keysOf(value, keys);
  }
  return keys;
}

describe("the studio's forms", () => {
  it("offers every list of values as choices in Spanish, with the same values", () => {
    const text = JSON.stringify(formSchemas().page.schema);
    expect(text).not.toContain('"enum"');
    expect(text).toContain(
      '{"const":"affiliate","title":"Afiliado (pasa por el registro de clics)"}',
    );
  });

  it("has Spanish words for every field of the content's schemas", () => {
    const keys = keysOf([inputJsonSchema(PageSchema), inputJsonSchema(SiteSchema)]);
    keys.delete("$schema");
    expect([...keys].filter((key) => !(key in FIELD_WORDS))).toEqual([]);
  });

  it("names every block type and leaves no English description", () => {
    const { page, site } = formSchemas();
    const components = (
      page.schema.properties as Record<string, { items: { oneOf: Array<{ title: string }> } }>
    ).components!;
    expect(components.items.oneOf.map((option) => option.title)).toEqual([
      "Cabecera principal",
      "Imagen promocional",
      "Tabla",
      "Juegos",
      "Bonos",
      "Tarjetas",
      "Preguntas frecuentes",
      "Lista de bonos",
      "Avance VIP",
      "Tabla de métodos de pago",
      "Privilegios VIP",
      "Información del documento",
      "Niveles VIP",
      "Texto",
    ]);
    // No English help text is left; the field named "description" keeps its Spanish title.
    const text = JSON.stringify([page.schema, site.schema]);
    expect(text).not.toMatch(/"description":"/);
    expect(text).toContain('"description":{"type":"string","minLength":1,"title":"Descripción"}');
  });
});
