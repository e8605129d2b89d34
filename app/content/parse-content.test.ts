import { describe, expect, it } from "vitest";

import { readContentFiles } from "./content-files.server";

import { ContentError, formatPath, parseContent } from "./parse-content";
import { BLOCK_SCHEMAS } from "./schema";

type Json = Record<string, unknown>;
const files = readContentFiles("content");
const siteFile = files.siteFile!;
const pageFiles = files.pageFiles;
const clone = <T>(value: T): T => structuredClone(value);

/** The real content with one page file changed by `edit`. */
function withPage(file: string, edit: (page: Json) => void) {
  const files = clone(pageFiles);
  const target = files.find((entry) => entry.file === file);
  if (!target) throw new Error(`no ${file}`);
  edit(target.data as Json);
  return files;
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error("content unexpectedly passed validation");
}

const components = (page: Json) => page.components as Json[];
const faqOf = (page: Json) => {
  const faq = components(page).find((component) => component.component_id === 7);
  if (!faq) throw new Error("page has no FAQ");
  return (faq.data as { content: { items: Json[] } }).content;
};

describe("parseContent", () => {
  it("accepts the site's real content", () => {
    const { site, pages } = parseContent(siteFile, pageFiles);
    expect(site.header.signup_link).toBe("/sing-up/");
    expect(pages.map((page) => page.slug)).toEqual(
      expect.arrayContaining(["/", "/404", "/403", "/terms", "/privacy", "/responsible", "/es"]),
    );
  });

  it("uses every one of the 14 block types on some page", () => {
    const { pages } = parseContent(siteFile, pageFiles);
    const used = new Set(pages.flatMap((page) => page.components.map((c) => c.component_id)));
    expect([...used].sort((a, b) => a - b)).toEqual(Object.keys(BLOCK_SCHEMAS).map(Number));
  });

  it("orders each page's blocks by their order value", () => {
    const files = withPage("content/pages/home.json", (page) => components(page).reverse());
    const home = parseContent(siteFile, files).pages.find((page) => page.slug === "/");
    const orders = home?.components.map((component) => component.order) ?? [];
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(home?.components.map((component) => component.component_id)).toEqual([
      1, 2, 4, 3, 5, 6, 10, 7,
    ]);
  });

  it("refuses a misspelt field instead of dropping it silently", () => {
    const files = withPage("content/pages/vip.json", (page) => {
      (page.meta as Json).descripton = "typo";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      'content/pages/vip.json: meta: Llave desconocida: "descripton"',
    ]);
  });

  it("refuses an unknown component_id, naming file and path", () => {
    const files = withPage("content/pages/home.json", (page) => {
      components(page)[2]!.component_id = 99;
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[2\](\.component_id)?: component_id desconocido: 99/,
      ),
    ]);
  });

  it("refuses a missing field, naming file and path", () => {
    const files = withPage("content/pages/home.json", (page) => {
      delete (components(page)[0]!.data as { content: Json }).content.h1;
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      expect.stringMatching(/^content\/pages\/home\.json: components\[0\]\.data\.content\.h1: /),
    ]);
  });

  it("refuses a mistyped field, naming file and path", () => {
    const files = withPage("content/pages/home.json", (page) => {
      components(page)[0]!.order = "first";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      expect.stringMatching(/^content\/pages\/home\.json: components\[0\]\.order: .*número/),
    ]);
  });

  it("refuses a mistyped site field, naming the site file", () => {
    const site = clone(siteFile);
    (site.data as { header: Json }).header.signup_redirect_link = "http://insecure.example/";
    expect(problemsOf(() => parseContent(site, pageFiles))).toEqual([
      expect.stringMatching(
        /^content\/site\.json: header\.signup_redirect_link: debe ser una URL absoluta https/,
      ),
    ]);
  });

  it("refuses a duplicate slug, naming both files", () => {
    const files = withPage("content/pages/es.json", (page) => {
      page.slug = "/terms";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      'content/pages/terms.json: slug: slug repetido "/terms" (también en content/pages/es.json)',
    ]);
  });

  it.each(["/Terms", "terms", "/terms/", "/a//b", "/bonos.html", "/términos"])(
    "refuses the slug %s",
    (slug) => {
      const files = withPage("content/pages/terms.json", (page) => {
        page.slug = slug;
      });
      expect(problemsOf(() => parseContent(siteFile, files))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^content\/pages\/terms\.json: slug: debe ser "\/"/),
        ]),
      );
    },
  );

  it("refuses content without a home page", () => {
    const files = withPage("content/pages/home.json", (page) => {
      page.slug = "/inicio";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toContain(
      'content/pages: ninguna página tiene el slug "/" (la portada es obligatoria)',
    );
  });

  it.each([
    ["<script>alert(1)</script>", "<script>"],
    ["<style>body{display:none}</style>", "<style>"],
    ['<iframe src="https://example.com"></iframe>', "<iframe>"],
    ['<p onmouseover="alert(1)">hola</p>', "onmouseover"],
    ['<a href="javascript:alert(1)">hola</a>', "javascript:"],
  ])("refuses an FAQ answer with %s", (answer, mention) => {
    const files = withPage("content/pages/terms.json", (page) => {
      faqOf(page).items[1]!.answer = answer;
    });
    const problems = problemsOf(() => parseContent(siteFile, files));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/pages\/terms\.json: components\[\d+\]\.data\.content\.items\[1\]\.answer: HTML no permitido/,
    );
    expect(problems[0]).toContain(mention);
  });

  it("reports every problem at once, not only the first", () => {
    const files = withPage("content/pages/home.json", (page) => {
      page.title = "";
      components(page)[0]!.order = "x";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toHaveLength(2);
  });
});

describe("formatPath", () => {
  it("prints a JSON path", () => {
    expect(formatPath(["components", 3, "data", "content", "og:image"])).toBe(
      'components[3].data.content["og:image"]',
    );
    expect(formatPath([])).toBe("(root)");
  });
});

describe("custom tags in content", () => {
  it("refuses a script custom tag, naming the page and the tag", () => {
    const files = withPage("content/pages/vip.json", (page) => {
      (page.meta as Json).custom_tags = ['<script src="https://evil.example/x.js"></script>'];
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      expect.stringMatching(
        /^content\/pages\/vip\.json: meta\.custom_tags\[0\]: etiqueta "<script src=.*<script> no está permitido/,
      ),
    ]);
  });
});

describe("affiliate links in content", () => {
  it("requires url_type affiliate on a link to the sign-up route", () => {
    const files = withPage("content/pages/home.json", (page) => {
      const hero = (components(page)[0]!.data as { content: { buttons: Json[] } }).content;
      hero.buttons[0]!.url = "/sing-up/";
      hero.buttons[0]!.url_type = "internal";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      'content/pages/home.json: components[0].data.content.buttons[0].url_type: debe ser "affiliate": /sing-up/ lleva al afiliado',
    ]);
  });

  it("refuses a redirect URL on another host than the affiliate's", () => {
    const files = withPage("content/pages/home.json", (page) => {
      const hero = (components(page)[0]!.data as { content: { buttons: Json[] } }).content;
      hero.buttons[0]!.redirect_url = "https://evil.example/redirect";
    });
    expect(problemsOf(() => parseContent(siteFile, files))).toEqual([
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[0\]\.data\.content\.buttons\[0\]\.redirect_url: debe apuntar al dominio del afiliado/,
      ),
    ]);
  });

  it("refuses a sub-id parameter named like the affiliate's own", () => {
    const site = clone(siteFile);
    (site.data as { affiliate: Json }).affiliate.subid_param = "partner";
    expect(problemsOf(() => parseContent(site, pageFiles))).toEqual([
      expect.stringMatching(
        /^content\/site\.json: affiliate\.subid_param: no puede ser partner ni banner/,
      ),
    ]);
  });

  it("refuses an affiliate destination that is not https", () => {
    const site = clone(siteFile);
    (site.data as { header: Json }).header.login_redirect_link =
      "http://aff.example/redirect?partner=1";
    expect(problemsOf(() => parseContent(site, pageFiles))).toEqual([
      expect.stringMatching(
        /^content\/site\.json: header\.login_redirect_link: debe ser una URL absoluta https/,
      ),
    ]);
  });
});
