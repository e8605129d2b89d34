/**
 * Rules about the words of the content, whatever field holds them: advertising copy a
 * regulator would reject (Real Decreto 958/2020) and text still to write. They read every
 * string of a file the schemas accepted, with its JSON path as the editor sees it.
 */
import { formatPath, type ContentFile } from "./parse-content";

/** How `npm run new-page` marks text still to write. */
export const PLACEHOLDER = "[Por completar";

/** What a placeholder is: advice while writing (npm run dev), a problem when publishing. */
export type Placeholders = "advice" | "problem";

export type CopyRule = {
  /** What the copy does, as the editor reads it. */
  name: string;
  pattern: RegExp;
  /** Whether the rule reads this file: the page's slug, or null for the site config. */
  appliesTo: (slug: string | null) => boolean;
};

/** Pages that may name a rejected idea to warn against it. */
const RESPONSIBLE_GAMBLING = "/responsible";

export const ADVERTISING_RULES: CopyRule[] = [
  // Every player in Spain has deposit limits: say what the limit is.
  {
    name: "un depósito sin máximo (todo jugador en España tiene límites de depósito)",
    pattern: /sin\s+m[áa]ximo/i,
    appliesTo: () => true,
  },
  // VIP status is earned by activity, never handed out for signing up.
  {
    name: "un estatus VIP que se da al registrarse (se gana con la actividad)",
    pattern: /al\s+registrarte/i,
    appliesTo: (slug) => slug === "/vip",
  },
  // Losses are not something to win back; the responsible-gambling page says so.
  {
    name: "una invitación a recuperar pérdidas",
    pattern: /(recuperas?|recuperar|recupera)\b[^.]{0,40}p[ée]rdidas|no ha ido bien/i,
    appliesTo: (slug) => slug !== RESPONSIBLE_GAMBLING,
  },
  {
    name: "el juego como forma de ganar dinero",
    pattern: /gana(r)?\s+dinero|dinero\s+f[áa]cil|ingresos\s+extra/i,
    appliesTo: (slug) => slug !== RESPONSIBLE_GAMBLING,
  },
  // The fictional brand holds no certification: review sites are review sites.
  {
    name: "una certificación que la marca no tiene",
    pattern: /certificad/i,
    appliesTo: () => true,
  },
];

/** Every string of a value with its path. */
function strings(value: unknown, at: PropertyKey[] = []): [PropertyKey[], string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, [...at, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => strings(item, [...at, key]));
  }
  return [];
}

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** The problems and advice about the words of one file. */
export function checkCopy(
  { file, data }: ContentFile,
  slug: string | null,
  placeholders: Placeholders,
  rules: CopyRule[] = ADVERTISING_RULES,
): { problems: string[]; advice: string[] } {
  const problems: string[] = [];
  const advice: string[] = [];
  const applying = rules.filter((rule) => rule.appliesTo(slug));
  for (const [at, text] of strings(data)) {
    const where = `${file}: ${formatPath(at)}`;
    for (const rule of applying) {
      if (rule.pattern.test(text)) {
        problems.push(
          `${where}: publicidad que el RD 958/2020 no permite: ${rule.name} ("${excerpt(text)}")`,
        );
      }
    }
    if (text.includes(PLACEHOLDER)) {
      if (placeholders === "problem") {
        problems.push(`${where}: texto por completar: una página con "${PLACEHOLDER}…]" no se publica`);
      } else advice.push(`${where}: texto por completar`);
    }
  }
  return { problems, advice };
}
