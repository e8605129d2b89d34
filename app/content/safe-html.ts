/**
 * Allowlist check for the small amount of HTML that content may carry (FAQ answers,
 * text blocks). Content is refused, never silently cleaned, so an editor sees exactly
 * what was wrong when `npm run content:check` or the server boot fails.
 */
import { Parser } from "htmlparser2";

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "strong",
  "em",
  "b",
  "i",
  "u",
  "small",
  "span",
  "ul",
  "ol",
  "li",
  "a",
  "h3",
  "h4",
]);

const ALLOWED_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  a: new Set(["href", "title", "target", "rel"]),
};

/** Protocols a link inside content may use; relative paths and #anchors are fine too. */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/**
 * True when `href` is a relative path, an in-page anchor or an absolute URL with a
 * safe protocol. Control characters and whitespace are stripped first because browsers
 * ignore them too (`java\tscript:` is still `javascript:`).
 */
export function isSafeHref(href: string): boolean {
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (compact === "") return false;
  if (compact.startsWith("#")) return true;
  if (compact.startsWith("/")) return !compact.startsWith("//") && !compact.startsWith("/\\");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return !compact.includes("\\"); // relative path such as "terms"
  return SAFE_PROTOCOLS.has(`${scheme[1]!.toLowerCase()}:`);
}

/** Returns a list of problems; an empty list means the HTML may be rendered as is. */
export function findUnsafeHtml(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!ALLOWED_TAGS.has(name)) {
          problems.push(`<${name}> no está permitido`);
          return;
        }
        const allowed = ALLOWED_ATTRIBUTES[name];
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!allowed?.has(attribute)) {
            problems.push(`el atributo "${attribute}" no está permitido en <${name}>`);
          } else if (attribute === "href" && !isSafeHref(value)) {
            problems.push(`href "${value}" usa un protocolo no permitido`);
          } else if (attribute === "target" && value !== "_blank" && value !== "_self") {
            problems.push(`target "${value}" debe ser _self o _blank`);
          }
        }
      },
      oncomment() {
        problems.push("los comentarios HTML no están permitidos");
      },
      onprocessinginstruction(name) {
        problems.push(`"<${name}" no está permitido`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
