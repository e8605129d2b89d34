/**
 * `npm run new-page -- /ruleta "Ruleta online"`: writes content/pages/ruleta.json, a valid
 * page with a hero (MainBlock) and questions (Faq) to fill in, then checks the content
 * and prints what is left to do. The hero's artwork and sign-up button are the home
 * page's, so the new page looks like the site from the first save; every text still to
 * write says "[Por completar", which is advice under `npm run dev` and a problem for the
 * build until it is gone.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import {
  contentDirectory,
  displayName,
  readContentFiles,
  type ContentDirectory,
} from "../app/content/content-files.server";
import { PLACEHOLDER } from "../app/content/copy-rules";
import { loadContent } from "../app/content/load-content.server";
import { ContentError } from "../app/content/parse-content";
import { SLUG_PATTERN } from "../app/content/schema/primitives";

const USAGE = 'Uso: npm run new-page -- /ruleta "Ruleta online"';

type Json = Record<string, unknown>;

/** A reason not to write the page, said to the editor with the usage line. */
export class NewPageError extends Error {}

export type NewPage = {
  /** The file written. */
  file: string;
  /** What the script prints: what was written and what is left to do. */
  report: string;
  /** Problems of the content with the new page (empty when it is valid). */
  problems: string[];
};

/** Writes the page file for `slug` with `title` into `directory` and checks the content. */
export function newPage(
  directory: ContentDirectory,
  slug: string | undefined,
  title: string | undefined,
  today: Date = new Date(),
): NewPage {
  if (!slug || !title?.trim()) throw new NewPageError("Indica la ruta de la página y su título.");
  if (!SLUG_PATTERN.test(slug) || slug === "/") {
    throw new NewPageError(
      `"${slug}" no es una ruta para una página nueva: "/" y luego a-z, 0-9 y "-" en minúsculas, p. ej. /ruleta`,
    );
  }
  const { siteFile, pageFiles } = readContentFiles(directory.root);
  const taken = pageFiles.find((file) => (file.data as { slug?: unknown }).slug === slug);
  if (taken) throw new NewPageError(`${taken.file} ya tiene el slug "${slug}".`);
  const file = path.join(directory.root, "pages", `${slug.slice(1).replaceAll("/", "-")}.json`);
  if (existsSync(file)) throw new NewPageError(`${displayName(file)} ya existe.`);

  const brand = (siteFile?.data as { brand_name?: string } | undefined)?.brand_name ?? "";
  const home = pageFiles.find((page) => (page.data as { slug?: unknown }).slug === "/")?.data as
    { components?: { component_id: number; data: { content: Json } }[] } | undefined;
  const hero = home?.components?.find((component) => component.component_id === 1)?.data.content;
  if (!hero) throw new NewPageError("La portada no tiene un MainBlock del que tomar la imagen.");
  const signUp = (hero.buttons as Json[] | undefined)?.find(
    (button) => button.url_type === "affiliate",
  );
  const todo = (what: string) => `${PLACEHOLDER}: ${what}]`;
  const name = title.trim();

  const page = {
    $schema: "../schema/page.schema.json",
    title: name,
    slug,
    meta: {
      title: brand ? `${name} | ${brand}` : name,
      description: todo("de 70 a 160 caracteres que resuman la página para los buscadores"),
    },
    updated: today.toISOString().slice(0, 10),
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

  writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
  const shown = displayName(file);
  const wrote = `escrito ${shown}: la página ${slug} ya existe.`;
  try {
    // What is left to write is advice here: the page is a draft until the build.
    const { warnings } = loadContent(directory, "advice");
    const own = warnings.filter((line) => line.startsWith(`${shown}: `));
    return {
      file,
      problems: [],
      report: `${wrote}\n\nPendiente en ${shown} (npm run content:check lo lista también):\n${own.map((line) => `  - ${line}`).join("\n")}`,
    };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return {
      file,
      problems: error.problems,
      report: `${wrote}\n\nEl contenido tiene problemas que corregir antes:\n${error.problems.join("\n")}`,
    };
  }
}

function main(): number {
  const [slug, title] = process.argv.slice(2);
  try {
    const { report, problems } = newPage(contentDirectory(), slug, title);
    (problems.length > 0 ? console.error : console.log)(report);
    return problems.length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof NewPageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
