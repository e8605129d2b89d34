/**
 * `custom_tags` in page content are raw tag strings (docs/decisions/001-product-rules.md). They are parsed once, when
 * content is validated, into plain <meta>/<link> descriptions with a known set of
 * attributes, and rendered as React elements: never injected as HTML.
 */
import { Parser } from "htmlparser2";

import { isSafeHref } from "./safe-html";

export type CustomTag =
  | { tagName: "meta"; attributes: Record<string, string> }
  | { tagName: "link"; attributes: Record<string, string> };

const ALLOWED: Record<CustomTag["tagName"], ReadonlySet<string>> = {
  meta: new Set(["name", "property", "content", "itemprop"]),
  link: new Set(["rel", "href", "hreflang", "type", "sizes", "media", "title"]),
};

/** Head tags the site writes itself; a second copy from content would contradict it. */
const RESERVED_META_NAMES = new Set(["robots", "description", "viewport"]);
const RESERVED_LINK_RELS = new Set([
  "canonical",
  "alternate",
  "icon",
  "apple-touch-icon",
  "stylesheet",
  "preload",
  "modulepreload",
]);

export type ParsedCustomTag =
  { tag: CustomTag; problem?: undefined } | { tag?: undefined; problem: string };

export function parseCustomTag(raw: string): ParsedCustomTag {
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  let text = "";
  let other = "";
  const parser = new Parser(
    {
      onopentag: (name, attributes) => elements.push({ name, attributes }),
      ontext: (chunk) => (text += chunk),
      oncomment: () => (other = "un comentario HTML"),
      onprocessinginstruction: (name) => (other = `"<${name}"`),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(raw);
  parser.end();

  if (other) return { problem: `${other} no está permitido` };
  const foreign = elements.find((element) => element.name !== "meta" && element.name !== "link");
  if (foreign) return { problem: `<${foreign.name}> no está permitido (solo <meta> y <link>)` };
  if (elements.length !== 1 || text.trim() !== "") {
    return { problem: "debe ser exactamente una etiqueta <meta> o <link>" };
  }
  const [{ name, attributes }] = elements as [
    { name: "meta" | "link"; attributes: Record<string, string> },
  ];
  for (const [attribute, value] of Object.entries(attributes)) {
    if (!ALLOWED[name].has(attribute)) {
      return { problem: `el atributo "${attribute}" no está permitido en <${name}>` };
    }
    if (attribute === "href" && !isSafeHref(value)) {
      return { problem: `href "${value}" usa un protocolo no permitido` };
    }
  }
  if (name === "meta" && RESERVED_META_NAMES.has((attributes.name ?? "").toLowerCase())) {
    return { problem: `<meta name="${attributes.name}"> ya lo escribe el sitio; quítalo` };
  }
  if (name === "link") {
    const rels = (attributes.rel ?? "").toLowerCase().split(/\s+/);
    if (!attributes.rel || !attributes.href) return { problem: "<link> necesita rel y href" };
    const reserved = rels.find((rel) => RESERVED_LINK_RELS.has(rel));
    if (reserved) return { problem: `<link rel="${reserved}"> ya lo escribe el sitio; quítalo` };
  }
  return { tag: { tagName: name, attributes } };
}
