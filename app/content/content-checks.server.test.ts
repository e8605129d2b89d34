import { describe, expect, it } from "vitest";

import { checkContent, linkedPath, SEO_LIMITS } from "./content-checks.server";
import { readContentFiles } from "./content-files.server";
import type { ContentFile } from "./parse-content";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const real = readContentFiles("content");
const publicRoot = "public";

/** The real content, with `edit` applied to a copy of one file. */
function run(file: string, edit: (data: Json) => void) {
  const copy = structuredClone(real);
  const target = [copy.siteFile!, ...copy.pageFiles].find((entry) => entry.file === file);
  if (!target) throw new Error(`no ${file}`);
  edit(target.data as Json);
  return checkContent({ siteFile: copy.siteFile!, pageFiles: copy.pageFiles, publicRoot });
}

const component = (data: Json, id: number) =>
  (data.components as Json[]).find((entry) => entry.component_id === id)!.data.content as Json;
const indexOf = (data: Json, id: number) =>
  (data.components as Json[]).findIndex((entry) => entry.component_id === id);

describe("checkContent", () => {
  it("refuses a second offer with an id, and a second person with a slug, naming the entry", () => {
    const { problems } = run("content/site.json", (site) => {
      site.offers.push({ ...site.offers[0] });
      site.people.push({ ...site.people[1] });
    });
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content/site\\.json: offers\\[\\d+\\]\\.id: "bienvenida" ya es el id de otra oferta`,
        ),
      ),
      expect.stringMatching(
        /^content\/site\.json: people\[\d+\]\.slug: ".+" ya es el slug de otra persona/,
      ),
    ]);
  });

  it("refuses a link's fallback for a link no page has, a second one for a link, and a fallback that is neither https nor a page", () => {
    const problemsWith = (fallbacks: { link: string; destination: string }[]) =>
      run("content/site.json", (site) => {
        site.affiliate.fallbacks = fallbacks;
      }).problems;
    expect(problemsWith([{ link: "header-login", destination: "http://otro.example/in" }])).toEqual(
      [
        'content/site.json: affiliate.fallbacks[0].destination: debe ser una URL absoluta https:// o una página del sitio ("/bonos")',
      ],
    );
    expect(
      problemsWith([
        { link: "header-signup", destination: "/bonos" },
        { link: "header-signup", destination: "https://otro.example/in" },
      ]),
    ).toEqual([
      'content/site.json: affiliate.fallbacks[1].link: "header-signup" ya tiene otro destino de reserva',
    ]);
    expect(problemsWith([{ link: "no-existe", destination: "/bonos" }])).toEqual([
      'content/site.json: affiliate.fallbacks[0].link: ningún enlace tiene el id "no-existe" (los ids salen en el informe de clics)',
    ]);
    expect(problemsWith([{ link: "header-signup", destination: "/bonos" }])).toEqual([]);
  });

  it("finds no problem and no advice in the site's content", () => {
    const { content, problems, warnings } = checkContent({
      ...real,
      siteFile: real.siteFile!,
      publicRoot,
      placeholders: "problem",
    });
    expect({ problems, warnings }).toEqual({ problems: [], warnings: [] });
    // Each page file's page, and each record's: people, payment methods, games, guides.
    const records = real.siteFile!.data as Record<
      "people" | "payment_methods" | "games" | "guides",
      { slug: string }[]
    >;
    const { people } = records;
    const recordCount = (["people", "payment_methods", "games", "guides"] as const).reduce(
      (total, field) => total + records[field].length,
      0,
    );
    expect(content?.pages).toHaveLength(real.pageFiles.length + recordCount);
    expect(content?.pages.map((page) => page.slug)).toEqual(
      expect.arrayContaining(people.map((person) => `/autores/${person.slug}`)),
    );
  });

  it("asks every indexable page but the legal ones for a byline and its date, naming people that exist", () => {
    const unsigned = run("content/pages/bonos.json", (page) => {
      delete page.byline;
    });
    expect(unsigned.problems).toEqual([
      expect.stringMatching(/^content\/pages\/bonos\.json: byline: falta: cada página indexable/),
    ]);
    const stranger = run("content/pages/bonos.json", (page) => {
      page.byline = { author: "lucia-ferrer", reviewer: "nadie" };
    });
    expect(stranger.problems).toEqual([
      expect.stringMatching(
        /^content\/pages\/bonos\.json: byline\.reviewer: "nadie" no es ninguna persona de site\.json/,
      ),
    ]);
    const undated = run("content/pages/bonos.json", (page) => {
      delete page.updated;
    });
    expect(undated.problems).toEqual([
      expect.stringMatching(/^content\/pages\/bonos\.json: updated: falta: una página con firma/),
    ]);
    // A legal page carries its own dates and no byline; unmarked, it would need one (and
    // its terms of the welcome bonus would be a claim held to the offer).
    const unmarked = run("content/pages/terms.json", (page) => {
      page.legal = false;
    }).problems;
    expect(unmarked.filter((problem) => !problem.includes("anuncia la oferta"))).toEqual([
      expect.stringMatching(/^content\/pages\/terms\.json: byline: falta/),
    ]);
  });

  it("keeps a person's page path from a page file", () => {
    const copy = structuredClone(real);
    const vip = copy.pageFiles.find((entry) => entry.file === "content/pages/vip.json")!;
    const extra = structuredClone(vip.data) as Json;
    extra.slug = "/autores/lucia-ferrer";
    copy.pageFiles.push({ file: "content/pages/otra.json", data: extra });
    const { problems } = checkContent({ ...copy, siteFile: copy.siteFile!, publicRoot });
    expect(problems).toEqual([
      'content/pages/otra.json: slug: "/autores/lucia-ferrer" es la página de un registro de content/site.json (cambia uno de los dos)',
    ]);
  });

  it("names an image path with no file in public/", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      component(page, 1).img_url = "/images/hero/nope.svg";
    });
    expect(problems).toEqual([
      `content/pages/home.json: components[${indexOf(real.pageFiles.find((f) => f.file === "content/pages/home.json")!.data as Json, 1)}].data.content.img_url: "/images/hero/nope.svg" no es ningún archivo de public/ (añade el archivo o corrige la ruta)`,
    ]);
  });

  it("takes images of the studio's media library, with their sizes, from its lookup", () => {
    const files = ["/media/ruleta-0123456789ab-360.webp", "/media/ruleta-0123456789ab-720.webp"];
    const sizes = new Map([
      [files[0]!, { width: 360, height: 240 }],
      [files[1]!, { width: 720, height: 480 }],
    ]);
    const withPhoto = (photo: Json) => {
      const copy = structuredClone(real);
      const home = copy.pageFiles.find((entry) => entry.file === "content/pages/home.json")!;
      component(home.data as Json, 2).mobile = photo;
      return checkContent({
        siteFile: copy.siteFile!,
        pageFiles: copy.pageFiles,
        publicRoot,
        media: (urlPath) => sizes.get(urlPath) ?? null,
      }).problems;
    };
    const at = `content/pages/home.json: components[${indexOf(real.pageFiles.find((f) => f.file === "content/pages/home.json")!.data as Json, 2)}].data.content.mobile`;
    const photo = {
      url: files[1],
      srcset: `${files[0]} 360w, ${files[1]} 720w`,
      alt: "Ruleta",
      width: 720,
      height: 480,
    };
    expect(withPhoto(photo)).toEqual([]);
    expect(withPhoto({ ...photo, height: 720 })).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${at.replace(/[[\].]/g, "\\$&")}\\.url: la medida declarada 720×720 no tiene la forma`,
        ),
      ),
    ]);
    expect(
      withPhoto({ ...photo, srcset: `/media/otra-0123456789ab-360.webp 360w, ${files[1]} 720w` }),
    ).toEqual([
      `${at}.srcset: "/media/otra-0123456789ab-360.webp" no está en la biblioteca de imágenes (elige la imagen otra vez)`,
    ]);
    expect(withPhoto({ ...photo, url: "/media/borrada-0123456789ab-720.webp" })).toEqual([
      `${at}.url: "/media/borrada-0123456789ab-720.webp" no está en la biblioteca de imágenes (elige otra imagen)`,
    ]);
    expect(withPhoto({ ...photo, srcset: "javascript:alert(1) 1w" })).toEqual([
      `${at}.srcset: debe ser la lista de tamaños de una imagen de la biblioteca (elígela otra vez)`,
    ]);
  });

  it("names a file of the site config that does not exist", () => {
    const { problems } = run("content/site.json", (site) => {
      site.meta.links_settings.favicon = "/favicon-missing.svg";
    });
    expect(problems).toEqual([
      'content/site.json: meta.links_settings.favicon: "/favicon-missing.svg" no es ningún archivo de public/ (añade el archivo o corrige la ruta)',
    ]);
  });

  it("refuses a declared size of another shape than the image file", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      const hero = component(page, 1);
      hero.img_height = hero.img_width * 3;
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/pages\/home\.json: components\[\d+\]\.data\.content\.img_url: la medida declarada \d+×\d+ no tiene la forma de "\/images\/hero\/welcome\.svg", que mide \d+×\d+/,
    );
  });

  it("refuses game tiles whose artwork has another shape than tile_width × tile_height", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      const games = component(page, 4);
      games.tile_height = games.tile_width * 4;
    });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(
      /table\.content\[\d+\]\.image: la medida de las fichas \d+×\d+ \(tile_width × tile_height\) no tiene la forma de ".*", que mide \d+×\d+/,
    );
  });

  it("accepts a declared size of the same shape at another scale", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      const hero = component(page, 1);
      hero.img_width *= 2;
      hero.img_height *= 2;
    });
    expect(problems).toEqual([]);
  });

  it("names an internal link to no page, in a link field and inside HTML", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      component(page, 1).buttons[0].url = "/ruleta";
      const faq = component(page, 7);
      faq.items[0].answer = '<p>Lee <a href="/bonoss#x">los bonos</a>.</p>';
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /buttons\[0\]\.url: "\/ruleta" no lleva a ninguna página del sitio \(páginas: \/, \/403, \/404, /,
    );
    expect(problems[1]).toMatch(
      /items\[0\]\.answer: un enlace del HTML a "\/bonoss#x" no lleva a ninguna página/,
    );
  });

  it("accepts links to pages with a query, a fragment or a slash, outbound routes and files", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      const faq = component(page, 7);
      faq.items[0].answer =
        '<p><a href="/bonos/?utm_source=x">a</a> <a href="/vip#niveles">b</a> <a href="/sing-up/">c</a> <a href="/go/home-hero">d</a> <a href="/sitemap.xml">e</a> <a href="/favicon.ico">f</a> <a href="https://www.jugarbien.es/">g</a></p>';
    });
    expect(problems).toEqual([]);
  });

  it("refuses two pages with the same title or the same description", () => {
    const vip = real.pageFiles.find((file) => file.file === "content/pages/vip.json")!.data as Json;
    const { problems } = run("content/pages/bonos.json", (page) => {
      page.meta.title = vip.meta.title;
      page.meta.description = ` ${vip.meta.description}`;
    });
    expect(problems).toEqual([
      `content/pages/vip.json: meta.title: el mismo título que content/pages/bonos.json: cada página necesita el suyo ("${vip.meta.title}")`,
      "content/pages/vip.json: meta.description: la misma descripción que content/pages/bonos.json: cada página necesita la suya",
    ]);
  });

  describe("advice", () => {
    it("a title longer than search results show", () => {
      const { problems, warnings } = run("content/pages/vip.json", (page) => {
        page.meta.title = "x".repeat(SEO_LIMITS.titleMax + 5);
      });
      expect(problems).toEqual([]);
      expect(warnings).toEqual([
        `content/pages/vip.json: meta.title: 65 caracteres: los buscadores cortan los títulos a partir de unos 60`,
      ]);
    });

    it("a description shorter or longer than search results show", () => {
      const short = run("content/pages/vip.json", (page) => {
        page.meta.description = "Corta.";
      });
      expect(short.warnings).toEqual([
        "content/pages/vip.json: meta.description: 6 caracteres: apunta a entre 70 y 160, lo que muestran los buscadores",
      ]);
      const long = run("content/pages/vip.json", (page) => {
        page.meta.description = "y".repeat(161);
      });
      expect(long.warnings).toHaveLength(1);
      expect(long.warnings[0]).toContain("161 caracteres");
    });

    it("a page nothing else links to, even when it links to itself", () => {
      const copy = structuredClone(real);
      const vip = copy.pageFiles.find((file) => file.file === "content/pages/vip.json")!;
      const page = structuredClone(vip.data) as Json;
      page.slug = "/ruleta";
      page.meta.title = "Ruleta online en Brisamar Casino: reglas y mesas en vivo";
      page.meta.description =
        "Cómo se juega a la ruleta online en Brisamar Casino: apuestas, mesas en vivo y límites de depósito para jugar con cabeza.";
      component(page, 1).buttons[0] = { text: "Mesas", url: "/ruleta#mesas" };
      const pageFiles: ContentFile[] = [
        ...copy.pageFiles,
        { file: "content/pages/ruleta.json", data: page },
      ];
      const { problems, warnings } = checkContent({
        siteFile: copy.siteFile!,
        pageFiles,
        publicRoot,
      });
      expect(problems).toEqual([]);
      expect(warnings).toEqual([
        'content/pages/ruleta.json: slug: ninguna otra página, menú ni pie enlaza a "/ruleta": visitantes y buscadores apenas la encontrarán',
      ]);
    });

    it("an image without alt text, but not an icon next to its heading", () => {
      const { warnings } = run("content/pages/home.json", (page) => {
        component(page, 1).img_alt = " ";
        // Tile 7 is written in the page (the first six name games of the site config).
        component(page, 4).table.content[7].alt = "";
      });
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(
        /data\.content\.img_alt: la imagen "\/images\/hero\/welcome\.svg" no tiene texto alternativo/,
      );
      expect(warnings[1]).toMatch(
        /table\.content\[7\]\.alt: la imagen ".*" no tiene texto alternativo/,
      );
    });

    it("headings that skip a level, and a page without one main heading", () => {
      const { warnings } = run("content/pages/home.json", (page) => {
        component(page, 7).items[0].answer = "<h4>Detalle</h4><p>Texto</p>";
        page.components = (page.components as Json[]).filter((entry) => entry.component_id !== 1);
      });
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatch(
        /items\[0\]\.answer: el título <h4> sigue a un <h2>: se salta un nivel \(usa <h3>\)/,
      );
      expect(warnings[1]).toBe(
        "content/pages/home.json: components: sin título principal (<h1>): añade un MainBlock (1), un InfoBlock (12) o un TextComponent (14) con header_is_h1",
      );
    });
  });
});

describe("linkedPath", () => {
  it.each([
    ["/bonos", "/bonos"],
    ["/bonos/", "/bonos"],
    ["/bonos?x=1#y", "/bonos"],
    ["/", "/"],
    ["/?utm=1", "/"],
    ["//evil.example/x", null],
    ["https://www.example.com/", null],
    ["#faq", null],
  ])("%s → %s", (href, expected) => {
    expect(linkedPath(href)).toBe(expected);
  });
});

describe("routes the content may link to", () => {
  /** The real content with every "/sing-up/" written as `path` (header and links alike). */
  function withSignUp(path: string, edit: (pageFiles: ContentFile[]) => void = () => {}) {
    const copy = JSON.parse(JSON.stringify(real).replaceAll('"/sing-up/"', `"${path}"`)) as {
      siteFile: ContentFile;
      pageFiles: ContentFile[];
    };
    edit(copy.pageFiles);
    return checkContent({ siteFile: copy.siteFile, pageFiles: copy.pageFiles, publicRoot });
  }

  it("accepts a sign-up path configured in header.signup_link, with or without its slash", () => {
    const result = withSignUp("/registro/", (pageFiles) => {
      const home = pageFiles.find((file) => file.file === "content/pages/home.json")!.data as Json;
      component(home, 7).items[0].answer = '<p><a href="/registro">Regístrate</a></p>';
    });
    expect(result.problems).toEqual([]);
    expect(result.content?.site.header.signup_link).toBe("/registro/");
  });

  it("refuses a link to the sign-up path the header no longer configures", () => {
    const { problems } = withSignUp("/registro/", (pageFiles) => {
      const home = pageFiles.find((file) => file.file === "content/pages/home.json")!.data as Json;
      component(home, 7).items[0].answer = '<p><a href="/sing-up/">Regístrate</a></p>';
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /items\[0\]\.answer: un enlace del HTML a "\/sing-up\/" no lleva a ninguna página/,
      ),
    ]);
  });
});

describe("text still to write", () => {
  const edit = (page: Json) => {
    component(page, 1).p = "[Por completar: párrafo de entrada]";
  };
  const at = `content/pages/vip.json: components[${indexOf(
    real.pageFiles.find((file) => file.file === "content/pages/vip.json")!.data as Json,
    1,
  )}].data.content.p`;

  it("is advice while writing", () => {
    const { problems, warnings, content } = run("content/pages/vip.json", edit);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([`${at}: texto por completar`]);
    expect(content).not.toBeNull();
  });

  it("is a problem when publishing", () => {
    const copy = structuredClone(real);
    edit(copy.pageFiles.find((file) => file.file === "content/pages/vip.json")!.data as Json);
    const { problems, content } = checkContent({
      siteFile: copy.siteFile!,
      pageFiles: copy.pageFiles,
      publicRoot,
      placeholders: "problem",
    });
    expect(problems).toEqual([
      `${at}: texto por completar: una página con "[Por completar…]" no se publica`,
    ]);
    expect(content).toBeNull();
  });
});
