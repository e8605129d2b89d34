/**
 * Property-based: whatever path arrives, validation and resolution answer with a page, a
 * same-site redirect or a clean 404, and never throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { pages } from "./content.server";
import { isValidPath, resolvePage } from "./resolve-page";

const pathLike = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        "/",
        "a",
        "-",
        ".",
        "%",
        "2F",
        "5C",
        "..",
        "terms",
        "%00",
        "é",
        "🎰",
        "\\",
        "?",
      ),
      { maxLength: 80 },
    )
    .map((parts) => parts.join("")),
  fc.webPath(),
);

describe("resolvePage (property)", () => {
  it("never throws and always answers a known kind", () => {
    fc.assert(
      fc.property(pathLike, (path) => {
        const result = resolvePage(pages, path);
        expect(["page", "redirect", "not-found", "invalid"]).toContain(result.kind);
        if (result.kind === "redirect") {
          expect(result.location).toMatch(/^\/(?![/\\])/);
          expect(isValidPath(result.location)).toBe(true);
        }
        if (result.kind === "invalid") expect(result.status).toBe(404);
        if (result.kind === "page") expect(isValidPath(path)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("accepts exactly the slugs of pages as pages", () => {
    fc.assert(
      fc.property(fc.constantFrom(...pages.map((page) => page.slug)), (slug) => {
        expect(resolvePage(pages, slug)).toMatchObject({ kind: "page" });
      }),
    );
  });
});
