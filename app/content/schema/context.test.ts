/**
 * The fields that point outside their file check it themselves when their schema is made
 * with a context, as Astro's image() does; made without one, they check shapes only.
 */
import { describe, expect, it } from "vitest";

import { blockSchemas, BLOCK_SCHEMAS } from "./blocks";
import { isAdvice, type ContentContext } from "./context";

/** public/ holds one 400×300 picture; "/bonos" is the only page. */
const context: ContentContext = {
  hasFile: (urlPath) => urlPath === "/images/hero.png",
  fileSize: (urlPath) => (urlPath === "/images/hero.png" ? { width: 400, height: 300 } : null),
  linkProblem: (href) => (href === "/bonos" || !href.startsWith("/") ? null : "no lleva a nada"),
};

const hero = {
  h1: "Bienvenida",
  p: "Texto",
  buttons: [{ text: "Bonos", url: "/bonos" }],
  img_url: "/images/hero.png",
  img_alt: "Una playa",
  img_width: 800,
  img_height: 600,
};

const issuesOf = (value: unknown, checked = true) => {
  const schema = checked ? blockSchemas(context)[1] : BLOCK_SCHEMAS[1];
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.join("."),
        advice: isAdvice(issue),
        message: issue.message,
      }));
};

describe("a block schema made with a context", () => {
  it("accepts a file that exists, at a size of its shape, and a link to a page", () => {
    expect(issuesOf(hero)).toEqual([]);
  });

  it("refuses a missing file, another shape and a link to nothing", () => {
    expect(issuesOf({ ...hero, img_height: 800, buttons: [{ text: "x", url: "/nada" }] })).toEqual([
      { path: "buttons.0.url", advice: false, message: '"/nada" no lleva a nada' },
      {
        path: "img_url",
        advice: false,
        message: expect.stringMatching(
          /^la medida declarada 800×800 no tiene la forma de "\/images\/hero\.png", que mide 400×300/,
        ),
      },
    ]);
    expect(issuesOf({ ...hero, img_url: "/images/otra.png" })).toEqual([
      {
        path: "img_url",
        advice: false,
        message:
          '"/images/otra.png" no es ningún archivo de public/ (añade el archivo o corrige la ruta)',
      },
    ]);
  });

  it("gives advice, not a problem, for an image without alt text", () => {
    expect(issuesOf({ ...hero, img_alt: "" })).toEqual([
      {
        path: "img_alt",
        advice: true,
        message:
          'la imagen "/images/hero.png" no tiene texto alternativo (descríbela, salvo que sea decorativa)',
      },
    ]);
  });

  it("checks shapes only when made without a context", () => {
    expect(issuesOf({ ...hero, img_url: "/images/otra.png", img_alt: "" }, false)).toEqual([]);
  });
});
