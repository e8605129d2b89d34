/**
 * `npm run new-page -- /ruleta "Ruleta online"`: writes content/pages/ruleta.json, a valid
 * page with a hero (MainBlock) and questions (Faq) to fill in, then checks the content
 * and prints what is left to do. The hero's artwork and sign-up button are the home
 * page's, so the new page looks like the site from the first save; every text still to
 * write says "[Por completar", which content:check lists as advice until it is gone.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";

import {
  contentDirectory,
  displayName,
  readContentFiles,
} from "../app/content/content-files.server";
import { PLACEHOLDER } from "../app/content/content-checks.server";
import { loadContent } from "../app/content/load-content.server";
import { ContentError } from "../app/content/parse-content";
import { SLUG_PATTERN } from "../app/content/schema/primitives";

const USAGE = 'Usage: npm run new-page -- /ruleta "Ruleta online"';

type Json = Record<string, unknown>;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const [slug, title] = process.argv.slice(2);
if (!slug || !title?.trim()) fail("Give the page's path and its title.");
if (!SLUG_PATTERN.test(slug) || slug === "/") {
  fail(`"${slug}" is not a path for a new page: "/" then lowercase a-z, 0-9 and "-", e.g. /ruleta`);
}

const directory = contentDirectory();
const { siteFile, pageFiles } = readContentFiles(directory.root);
const taken = pageFiles.find((file) => (file.data as { slug?: unknown }).slug === slug);
if (taken) fail(`${taken.file} already has the slug "${slug}".`);
const file = path.join(directory.root, "pages", `${slug.slice(1).replaceAll("/", "-")}.json`);
if (existsSync(file)) fail(`${displayName(file)} already exists.`);

const brand = (siteFile?.data as { brand_name?: string } | undefined)?.brand_name ?? "";
const home = pageFiles.find((page) => (page.data as { slug?: unknown }).slug === "/")?.data as
  { components?: { component_id: number; data: { content: Json } }[] } | undefined;
const hero = home?.components?.find((component) => component.component_id === 1)?.data.content;
if (!hero) fail("The home page has no MainBlock to take the artwork from.");
const signUp = (hero.buttons as Json[] | undefined)?.find(
  (button) => button.url_type === "affiliate",
);
const todo = (what: string) => `${PLACEHOLDER}: ${what}]`;

const page = {
  $schema: "../schema/page.schema.json",
  title: title.trim(),
  slug,
  meta: {
    title: brand ? `${title.trim()} | ${brand}` : title.trim(),
    description: todo("de 70 a 160 caracteres que resuman la página para los buscadores"),
  },
  updated: new Date().toISOString().slice(0, 10),
  components: [
    {
      order: 1,
      component_id: 1,
      data: {
        content: {
          h1: title.trim(),
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
          header: `Preguntas frecuentes: ${title.trim()}`,
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
console.log(`wrote ${displayName(file)}: the page ${slug} exists now.`);
try {
  const { warnings } = loadContent(directory);
  const own = warnings.filter((line) => line.startsWith(`${displayName(file)}: `));
  console.log(
    `\nStill to do in ${displayName(file)} (npm run content:check lists it too):\n${own.map((line) => `  - ${line}`).join("\n")}`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`\nThe content has problems to fix first:\n${error.problems.join("\n")}`);
  process.exitCode = 1;
}
