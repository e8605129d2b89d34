import { readFileSync } from "node:fs";

import Ajv from "ajv";
import { describe, expect, it } from "vitest";

import { readContentFiles } from "./content-files.server";
import { contentJsonSchemas } from "./json-schema";

const schemas = contentJsonSchemas();

describe("content JSON Schemas", () => {
  it.each(Object.keys(schemas))(
    "content/schema/%s is up to date (else run npm run content:schema)",
    (name) => {
      expect(readFileSync(`content/schema/${name}`, "utf8")).toBe(schemas[name]);
    },
  );

  it("document every field an editor writes, and refuse unknown ones", () => {
    const page = JSON.parse(schemas["page.schema.json"]!) as {
      additionalProperties: boolean;
      properties: Record<string, { description?: string }>;
    };
    expect(page.additionalProperties).toBe(false);
    for (const field of ["$schema", "title", "slug", "meta", "components"]) {
      expect(page.properties[field]?.description, field).toBeTruthy();
    }
  });

  it("accept the site's content and underline a misspelt field, as an editor would see", () => {
    const ajv = new Ajv({
      allErrors: true,
      strict: false,
      formats: { date: /^\d{4}-\d{2}-\d{2}$/ },
    });
    const page = ajv.compile(JSON.parse(schemas["page.schema.json"]!) as object);
    const site = ajv.compile(JSON.parse(schemas["site.schema.json"]!) as object);
    const { siteFile, pageFiles } = readContentFiles("content");
    expect(site(siteFile!.data), JSON.stringify(site.errors)).toBe(true);
    for (const { file, data } of pageFiles) {
      expect(page(data), `${file}: ${JSON.stringify(page.errors)}`).toBe(true);
    }
    const misspelt = structuredClone(pageFiles[0]!.data) as { meta: Record<string, unknown> };
    misspelt.meta.descripton = misspelt.meta.description;
    expect(page(misspelt)).toBe(false);
    expect(page.errors).toContainEqual(
      expect.objectContaining({
        instancePath: "/meta",
        keyword: "additionalProperties",
        params: { additionalProperty: "descripton" },
      }),
    );
  });

  it("every content file names its schema", () => {
    const { siteFile, pageFiles } = readContentFiles("content");
    expect((siteFile!.data as { $schema?: string }).$schema).toBe("./schema/site.schema.json");
    for (const { file, data } of pageFiles) {
      expect((data as { $schema?: string }).$schema, file).toBe("../schema/page.schema.json");
    }
  });
});
