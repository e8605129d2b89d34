/**
 * The pages of content experiments (docs/experiments.md): for each variant (but the
 * control) of an experiment a page's blocks name, the page's raw file with that variant's
 * fields in place of the block's. parse-content.ts parses each one with the page schema
 * and runs the same checks as on the page itself, so a variant's block is held to exactly
 * the rules of the control's; the copy rules already read the variant texts where they are
 * written (`components[i].experiment.variants`). At request time `applyVariants` puts the
 * assigned variants' blocks in place of the control's.
 */
import type { ContentFile } from "./parse-content";
import type { Page, PageComponent } from "./schema";
import type { Experiment } from "./schema/experiments";

/** A variant's page as a raw file, named so a problem says which variant it is in. */
export type VariantFile = ContentFile & { source: string; experiment: string; variant: string };

/** Variant pages of one page: "name=variant" → the parsed page with that variant. */
export type PageVariants = ReadonlyMap<string, Page>;

type RawComponent = {
  data?: { content?: unknown };
  experiment?: { name?: unknown; variants?: unknown };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The variant files of a page file that passed the page schema, and the problems of its
 * blocks' experiments: an experiment the site config does not declare, a variant id it
 * does not have (or the control's, which keeps the block as written).
 */
export function variantFilesOf(
  { file, data }: ContentFile,
  experiments: readonly Experiment[],
): { files: VariantFile[]; problems: string[] } {
  const files: VariantFile[] = [];
  const problems: string[] = [];
  const components = (data as { components: RawComponent[] }).components;
  const known = new Map(experiments.map((experiment) => [experiment.name, experiment]));
  components.forEach((component, index) => {
    if (!component.experiment) return;
    const name = String(component.experiment.name);
    const at = `${file}: components[${index}].experiment`;
    const experiment = known.get(name);
    if (!experiment) {
      const names = [...known.keys()].join(", ") || "ninguno";
      problems.push(`${at}.name: experimento desconocido "${name}" (los de site.json: ${names})`);
      return;
    }
    const [control, ...others] = experiment.variants.map((variant) => variant.id);
    for (const [id, fields] of Object.entries(component.experiment.variants as object)) {
      if (!others.includes(id)) {
        const reason =
          id === control
            ? `es el control: el bloque tal como está escrito`
            : `no es una variante de "${name}" (${others.join(", ")})`;
        problems.push(`${at}.variants.${id}: "${id}" ${reason}`);
        continue;
      }
      const content = isObject(component.data?.content) ? component.data.content : {};
      const variantComponents = components.map((other, position) => {
        const { experiment: _experiment, ...rest } = other;
        return position === index
          ? { ...rest, data: { ...other.data, content: { ...content, ...(fields as object) } } }
          : rest;
      });
      files.push({
        file: `${file} (variante ${id} de "${name}")`,
        source: file,
        data: { ...(data as object), components: variantComponents },
        experiment: name,
        variant: id,
      });
    }
  });
  return { files, problems };
}

/** Parses "a=A&home-h1=B" (experiments.assignmentText) into name → variant id. */
export function parseAssignment(text: string): Map<string, string> {
  const assigned = new Map<string, string>();
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at > 0) assigned.set(part.slice(0, at), part.slice(at + 1));
  }
  return assigned;
}

/**
 * The page as a visitor with this assignment sees it: each block under an experiment is
 * the assigned variant's block (the control's when no variant page exists for it), and
 * no block carries its `experiment` any more, so the browser never receives the other
 * variants' texts.
 */
export function applyVariants(
  page: Page,
  variants: PageVariants | undefined,
  assignment: ReadonlyMap<string, string>,
): Page {
  if (!page.components.some((component) => component.experiment)) return page;
  const components = page.components.map((component, index): PageComponent => {
    const { experiment, ...block } = component;
    if (!experiment) return component;
    const variant = variants?.get(`${experiment.name}=${assignment.get(experiment.name)}`);
    const replaced = variant?.components[index];
    if (!replaced) return block as PageComponent;
    const { experiment: _experiment, ...variantBlock } = replaced;
    return variantBlock as PageComponent;
  });
  return { ...page, components };
}

/** Names of the experiments a page's blocks take part in. */
export function experimentsOnPage(page: Page): string[] {
  const names = page.components.flatMap((component) =>
    component.experiment ? [component.experiment.name] : [],
  );
  return [...new Set(names)];
}
