/**
 * Rules about the words of the content, whatever field holds them: advertising copy a
 * regulator would reject (Real Decreto 958/2020; the phrases are data of the site config,
 * `advertising_rules`) and text still to write. They read every
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

/** The advertising rules as the site config writes them (site.json `advertising_rules`). */
export type AdvertisingRulesData = {
  refused: {
    name: string;
    pattern: string;
    only_pages?: string[] | undefined;
    except_pages?: string[] | undefined;
  }[];
};

/**
 * The refused phrases of the site config as copy rules: a setting an admin edits in the
 * studio (Ajustes del sitio → Reglas de publicidad), not code, because the rules change
 * (RD 958/2020, its 2024 amendment…). Patterns are read without case.
 */
export function advertisingRules(data: AdvertisingRulesData | undefined): CopyRule[] {
  return (data?.refused ?? []).map((rule) => ({
    name: rule.name,
    pattern: new RegExp(rule.pattern, "i"),
    appliesTo: (slug) =>
      (rule.only_pages === undefined ||
        rule.only_pages.length === 0 ||
        (slug !== null && rule.only_pages.includes(slug))) &&
      !(slug !== null && (rule.except_pages ?? []).includes(slug)),
  }));
}

/** The field of the site config that holds the rules: its own words name what is refused. */
const RULES_FIELD = "advertising_rules";

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
  rules: CopyRule[],
): { problems: string[]; advice: string[] } {
  const problems: string[] = [];
  const advice: string[] = [];
  const applying = rules.filter((rule) => rule.appliesTo(slug));
  for (const [at, text] of strings(data)) {
    if (slug === null && at[0] === RULES_FIELD) continue;
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
        problems.push(
          `${where}: texto por completar: una página con "${PLACEHOLDER}…]" no se publica`,
        );
      } else advice.push(`${where}: texto por completar`);
    }
  }
  return { problems, advice };
}
