/**
 * Advice about parsed pages, the way Yoast gives it: titles and descriptions out of the
 * lengths search engines show, a page without one main heading, a page nothing links to.
 * Two pages with one title or one description is a problem, not advice.
 */
import type { Page, PageComponent } from "./schema";

/** Lengths search results show (Yoast's and Rank Math's advice). */
export const SEO_LIMITS = {
  titleMax: 60,
  descriptionMin: 70,
  descriptionMax: 160,
} as const;

/** Slugs a visitor reaches by status, not by a link. */
const STATUS_SLUGS = new Set(["/403", "/404"]);

/** MainBlock (1), InfoBlock (12) and a TextComponent (14) with header_is_h1 give the <h1>. */
function makesH1(component: PageComponent): boolean {
  return (
    component.component_id === 1 ||
    component.component_id === 12 ||
    (component.component_id === 14 && component.data.content.header_is_h1)
  );
}

export type PageFile = { file: string; page: Page };

/**
 * `linkedFrom`: for each site path, the files that link to it (recorded while the
 * schemas checked the links).
 */
export function seoFindings(
  pages: PageFile[],
  linkedFrom: ReadonlyMap<string, ReadonlySet<string>>,
): { problems: string[]; advice: string[] } {
  const problems: string[] = [];
  const advice: string[] = [];
  const byTitle = new Map<string, string>();
  const byDescription = new Map<string, string>();
  for (const { file, page } of pages) {
    const title = page.meta.title.trim();
    const description = page.meta.description.trim();
    const sameTitle = byTitle.get(title);
    if (sameTitle) {
      problems.push(
        `${file}: meta.title: el mismo título que ${sameTitle}: cada página necesita el suyo ("${title}")`,
      );
    } else byTitle.set(title, file);
    const sameDescription = byDescription.get(description);
    if (sameDescription) {
      problems.push(
        `${file}: meta.description: la misma descripción que ${sameDescription}: cada página necesita la suya`,
      );
    } else byDescription.set(description, file);

    if (title.length > SEO_LIMITS.titleMax) {
      advice.push(
        `${file}: meta.title: ${title.length} caracteres: los buscadores cortan los títulos a partir de unos ${SEO_LIMITS.titleMax}`,
      );
    }
    if (
      description.length < SEO_LIMITS.descriptionMin ||
      description.length > SEO_LIMITS.descriptionMax
    ) {
      advice.push(
        `${file}: meta.description: ${description.length} caracteres: apunta a entre ${SEO_LIMITS.descriptionMin} y ${SEO_LIMITS.descriptionMax}, lo que muestran los buscadores`,
      );
    }
    const h1Blocks = page.components.filter(makesH1).length;
    if (h1Blocks === 0) {
      advice.push(
        `${file}: components: sin título principal (<h1>): añade un MainBlock (1), un InfoBlock (12) o un TextComponent (14) con header_is_h1`,
      );
    } else if (h1Blocks > 1) {
      advice.push(
        `${file}: components: ${h1Blocks} bloques hacen un <h1>: una página tiene un solo título principal`,
      );
    }
  }
  for (const { file, page } of pages) {
    if (page.slug === "/" || STATUS_SLUGS.has(page.slug)) continue;
    const sources = linkedFrom.get(page.slug);
    if (!sources || ![...sources].some((source) => source !== file)) {
      advice.push(
        `${file}: slug: ninguna otra página, menú ni pie enlaza a "${page.slug}": visitantes y buscadores apenas la encontrarán`,
      );
    }
  }
  return { problems, advice };
}
