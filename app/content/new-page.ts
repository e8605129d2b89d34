/**
 * A new page's content, as `npm run new-page` writes it and the studio's "Nueva página"
 * starts it: a hero (MainBlock) and questions (Faq) to fill in. The hero's artwork and
 * sign-up button are the home page's, so the new page looks like the site from the first
 * save; every text still to write says "[Por completar", which is advice in a draft and a
 * problem for a publish or a build until it is gone.
 */
import { PLACEHOLDER } from "./copy-rules";
import { SLUG_PATTERN } from "./schema/primitives";

type Json = Record<string, unknown>;

/** A reason not to make the page, in the editor's words. */
export class NewPageError extends Error {}

/**
 * The page of `slug` titled `title`, made from the site config and the home page (their
 * data as written); `taken` answers whether a page already has the slug.
 */
export function newPageData({
  slug,
  title,
  site,
  home,
  taken,
  copyOf,
  today = new Date(),
}: {
  slug: string | undefined;
  title: string | undefined;
  site: unknown;
  home: unknown;
  taken: (slug: string) => string | null;
  /** A page to duplicate: its blocks, with the new title and path and a description to write. */
  copyOf?: unknown;
  today?: Date;
}): Json {
  if (!slug || !title?.trim()) throw new NewPageError("Indica la ruta de la página y su título.");
  if (!SLUG_PATTERN.test(slug) || slug === "/") {
    throw new NewPageError(
      `"${slug}" no es una ruta para una página nueva: "/" y luego a-z, 0-9 y "-" en minúsculas, p. ej. /ruleta`,
    );
  }
  const owner = taken(slug);
  if (owner) throw new NewPageError(`${owner} ya tiene la ruta "${slug}".`);
  const brand = (site as { brand_name?: string } | undefined)?.brand_name ?? "";
  const todo = (what: string) => `${PLACEHOLDER}: ${what}]`;
  const name = title.trim();
  if (copyOf) {
    // Search engines would see two pages saying the same: the copy's description is to write.
    const copy = structuredClone(copyOf) as Json;
    return {
      ...copy,
      title: name,
      slug,
      meta: {
        ...(copy.meta as Json | undefined),
        title: brand ? `${name} | ${brand}` : name,
        description: todo("de 70 a 160 caracteres, distinta de la de la página copiada"),
      },
      updated: today.toISOString().slice(0, 10),
    };
  }
  const homePage = home as
    { components?: { component_id: number; data: { content: Json } }[] } | undefined;
  const hero = homePage?.components?.find((component) => component.component_id === 1)?.data
    .content;
  if (!hero) throw new NewPageError("La portada no tiene un MainBlock del que tomar la imagen.");
  const signUp = (hero.buttons as Json[] | undefined)?.find(
    (button) => button.url_type === "affiliate",
  );

  return {
    $schema: "../schema/page.schema.json",
    title: name,
    slug,
    meta: {
      title: brand ? `${name} | ${brand}` : name,
      description: todo("de 70 a 160 caracteres que resuman la página para los buscadores"),
    },
    updated: today.toISOString().slice(0, 10),
    // Signed like the home page, until the editor names who writes and reviews this one.
    ...((home as { byline?: unknown } | undefined)?.byline
      ? { byline: (home as { byline: unknown }).byline }
      : {}),
    components: [
      {
        order: 1,
        component_id: 1,
        data: {
          content: {
            h1: name,
            p: todo("párrafo de entrada: qué encontrará el visitante en esta página"),
            buttons: signUp ? [{ ...signUp, link_id: undefined }] : [],
            img_url: hero.img_url,
            img_alt: hero.img_alt,
            img_width: hero.img_width,
            img_height: hero.img_height,
          },
        },
      },
      {
        order: 2,
        component_id: 7,
        data: {
          content: {
            header: `Preguntas frecuentes: ${name}`,
            numbered: false,
            items: [
              {
                question: todo("una pregunta que se hagan los visitantes"),
                answer: `<p>${todo('la respuesta, con enlaces como <a href="/bonos">los bonos</a> si ayudan')}</p>`,
              },
            ],
          },
        },
      },
    ],
  };
}
