/**
 * Offers written once, on the real content: the checks that stop
 * `npm run content:check` and Publicar, and the request-time rule: past its valid_until an
 * offer vanishes from every page and its /go/ links lead to its fallback destination,
 * with no publish (a test clock: the loader's `now`, outboundTarget's `now`).
 */
import { describe, expect, it } from "vitest";

import { outboundTarget } from "~/affiliate/outbound.server";
import { serverApp } from "~/server-app.server";
import type { PageLoaderData } from "~/routes/page.loader.server";
import { loader as pageLoader } from "~/routes/page.loader.server";

import { memoryPeople } from "../../tests/people";
import { checkContent } from "./content-checks.server";
import { links, pages, site } from "./content.server";
import { readContentFiles } from "./content-files.server";
import { offerState, offersChangeIn, pageAt, withOfferTerms } from "./offers";
import type { Offer } from "./offers";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const real = readContentFiles("content");

/** The real content checked, with `edit` applied to a copy of one file. */
function run(file: string, edit: (data: Json) => void) {
  const copy = structuredClone(real);
  const target = [copy.siteFile!, ...copy.pageFiles].find((entry) => entry.file === file)!;
  edit(target.data as Json);
  return checkContent({
    siteFile: copy.siteFile!,
    pageFiles: copy.pageFiles,
    publicRoot: "public",
  });
}

const component = (page: Json, id: number) =>
  (page.components as Json[]).find((entry) => entry.component_id === id)!;

describe("the offer checks", () => {
  it("refuse a wagering figure that contradicts the offer beside it, naming file and field", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      const card = component(page, 5).data.content.bonuses[0];
      card.list_items[4] = "Apuesta: 30x (depósito + bono); ganancias de los giros: 40x";
    });
    expect(problems).toEqual([
      'content/pages/home.json: components[4].data.content.bonuses[0].list_items[4]: "30x" contradice la apuesta de la oferta "bienvenida" (35x, 40x)',
    ]);
  });

  it("refuse a € figure the offer does not state", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      component(page, 1).data.content.h1 = "Brisamar Casino: 100% hasta 700 € y 200 giros gratis";
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[0\]\.data\.content\.h1: "700 €" no es ninguna cifra de la oferta "bienvenida"/,
      ),
    ]);
  });

  it("refuse an offer's claim in a promoting block that does not name it (no terms line)", () => {
    const { problems } = run("content/pages/bonos.json", (page) => {
      delete component(page, 8).data.content.bonuses[0].offer;
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^content\/pages\/bonos\.json: components\[1\]\.data\.content\.bonuses\[0\]\.highlight: anuncia la oferta "bienvenida" sin sus condiciones/,
      ),
    );
  });

  it("refuse an offer's claim in a question or a table row that does not name it, and in a fallback", () => {
    const { problems } = run("content/pages/home.json", (page) => {
      delete component(page, 7).data.content.items[0].offer;
      delete component(page, 3).data.content.table.rows[0].offer;
      component(page, 1).fallback.content.h1 = "Brisamar Casino: 100% hasta 500 €";
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[0\]\.fallback\.content\.h1: anuncia la oferta "bienvenida": el contenido de reserva/,
      ),
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[3\]\.data\.content\.table\.rows\[0\]\.cells\[1\]: anuncia la oferta "bienvenida" sin sus condiciones: indica "offer"/,
      ),
      expect.stringMatching(
        /^content\/pages\/home\.json: components\[7\]\.data\.content\.items\[0\]\.answer: anuncia la oferta "bienvenida" sin sus condiciones/,
      ),
    ]);
    // A question that names it is held to its figures, as a card is.
    const contradicted = run("content/pages/home.json", (page) => {
      const item = component(page, 7).data.content.items[0];
      item.answer = item.answer.replace("35x", "30x");
    });
    expect(contradicted.problems).toEqual([
      'content/pages/home.json: components[7].data.content.items[0].answer: "30x" contradice la apuesta de la oferta "bienvenida" (35x, 40x)',
    ]);
  });

  it("refuse a banner with no offer and no conditions, an unknown offer, and a terms line without 18+", () => {
    const banner = run("content/pages/home.json", (page) => {
      delete component(page, 2).offer;
    });
    expect(banner.problems).toContainEqual(
      "content/pages/home.json: components[1].data.content.conditions: falta: un banner lleva las condiciones de su oferta (indica su `offer`, o escribe conditions)",
    );
    const unknown = run("content/pages/home.json", (page) => {
      component(page, 2).offer = "verano";
    });
    expect(unknown.problems).toContainEqual(
      'content/pages/home.json: components[1].offer: "verano" no es ninguna oferta de site.json (ofertas: bienvenida, recarga-semanal, cashback-semanal)',
    );
    const adult = run("content/site.json", (data) => {
      data.offers[0].terms_line = "Depósito mínimo 20 € · Apuesta 35x";
    });
    expect(adult.problems).toEqual([
      expect.stringMatching(
        /^content\/site\.json: offers\[0\]\.terms_line: debe incluir el aviso de mayores de 18 años/,
      ),
    ]);
  });
});

describe("a head that claims an offer", () => {
  it("names it and has a fallback title and description that claim none, or is refused", () => {
    const unnamed = run("content/pages/home.json", (page) => {
      delete page.meta.offer;
    });
    expect(unnamed.problems).toEqual(
      ["title", "description"].map(
        (field) =>
          `content/pages/home.json: meta.${field}: anuncia la oferta "bienvenida": indica "offer": "bienvenida" en meta y un fallback (título y descripción sin la oferta) para cuando no esté vigente`,
      ),
    );
    const bare = run("content/pages/es.json", (page) => {
      delete page.meta.fallback;
    });
    expect(bare.problems).toEqual([
      'content/pages/es.json: meta.fallback: falta: el título y la descripción para cuando la oferta "bienvenida" no esté vigente',
    ]);
    const claiming = run("content/pages/bonos.json", (page) => {
      page.meta.fallback.title = "Bono de 500 € en Brisamar Casino";
    });
    expect(claiming.problems).toEqual([
      'content/pages/bonos.json: meta.fallback.title: anuncia la oferta "bienvenida": el título y la descripción de reserva no anuncian ninguna oferta',
    ]);
  });
});

describe("the banner's words", () => {
  it("are its offer's name and headline, as text: a new headline changes the banner", () => {
    const home = pages.find((page) => page.slug === "/")!;
    const renamed = {
      ...site,
      offers: site.offers.map((offer) =>
        offer.id === "bienvenida" ? { ...offer, headline: "100% hasta 300 €" } : offer,
      ),
    };
    const banner = withOfferTerms(home, renamed).components.find(
      (entry) => entry.component_id === 2,
    )!;
    expect(banner.data.content).toMatchObject({
      badge: "Bono de bienvenida",
      headline: "100% hasta 300 €",
      conditions: welcome().terms_line,
    });
  });

  it("without an offer or a headline are only in the artwork, whose alt is then required", () => {
    const wordless = run("content/pages/home.json", (page) => {
      const banner = component(page, 2);
      delete banner.offer;
      banner.data.content.conditions = "Depósito mínimo 20 € · Solo mayores de 18 años";
    });
    expect(wordless.problems).toEqual(
      ["mobile", "desktop"].map(
        (variant) =>
          `content/pages/home.json: components[1].data.content.${variant}.alt: falta: un banner sin titular (ni oferta) lleva sus palabras en la imagen; escribe el texto alternativo que las dice`,
      ),
    );
    const worded = run("content/pages/home.json", (page) => {
      const banner = component(page, 2);
      delete banner.offer;
      banner.data.content.conditions = "Depósito mínimo 20 € · Solo mayores de 18 años";
      banner.data.content.headline = "Juega a más de 10.000 juegos";
    });
    expect(worded.problems).toEqual([]);
  });
});

const welcome = () => site.offers.find((offer) => offer.id === "bienvenida")!;

async function load(path: string, now: number): Promise<PageLoaderData> {
  const response = await pageLoader({
    request: new Request(`http://localhost${path}`),
    context: {
      clicks: null,
      conversions: null,
      studio: null,
      people: await memoryPeople(),
      reports: null,
      clientAddress: "",
      head: false,
      variants: "",
      refusal: null,
      now,
    },
    params: {},
  });
  return (await response.json()) as PageLoaderData;
}

/** Every offer a served page still names, on a block, a card, a question or a row. */
function offersOn(data: PageLoaderData): string[] {
  const named = (parts: readonly { offer?: string }[]) =>
    parts.flatMap((part) => (part.offer ? [part.offer] : []));
  return data.page!.components.flatMap((served) => [
    ...(served.offer ? [served.offer] : []),
    ...(served.component_id === 5 || served.component_id === 8
      ? named(served.data.content.bonuses)
      : []),
    ...(served.component_id === 7 ? named(served.data.content.items) : []),
    ...(served.component_id === 3 ? named(served.data.content.table.rows) : []),
  ]);
}

describe("an offer at request time", () => {
  const day = 86_400_000;
  // The shipped welcome offer has no end: give it one, in memory, for this test clock.
  const withEnd = <T>(until: string, run: () => Promise<T>): Promise<T> => {
    const offer = welcome() as Offer & { valid_until?: string };
    offer.valid_until = until;
    return run().finally(() => {
      delete offer.valid_until;
    });
  };
  const end = Date.parse("2026-12-31T23:00:00Z"); // 1 January 2027, 00:00 in Madrid

  it("is on every page that names it until valid_until, and on none after, without a publish", async () => {
    await withEnd("2026-12-31", async () => {
      const naming = pages.filter((page) =>
        JSON.stringify(page.components).includes('"offer":"bienvenida"'),
      );
      expect(naming.map((page) => page.slug).sort()).toEqual(["/", "/bonos", "/es"]);
      for (const page of naming) {
        const before = await load(page.slug, end - 1_000);
        expect(offersOn(before), page.slug).toContain("bienvenida");
        const after = await load(page.slug, end + 1_000);
        expect(offersOn(after), page.slug).not.toContain("bienvenida");
        // No block still claims it: not the hero, banner or cards, nor a question or a row.
        expect(JSON.stringify(before.page!.components), page.slug).toMatch(/hasta 500 €/);
        expect(JSON.stringify(after.page!.components), page.slug).not.toMatch(/hasta 500 €/);
        // Nor does its head: title, description, social cards, the page's structured data.
        const claims = (data: PageLoaderData) => {
          const tags = data.head!.filter((tag) => !("script:ld+json" in tag));
          const { "@graph": graph } = (data.head!.find((tag) => "script:ld+json" in tag) as Json)[
            "script:ld+json"
          ] as {
            "@graph": Json[];
          };
          const webpage = graph.find((node) => node["@type"] === "WebPage")!;
          // The questions' structured data is the questions shown.
          const faq = graph.find((node) => node["@type"] === "FAQPage");
          return JSON.stringify([tags, webpage.name, webpage.description, faq]);
        };
        expect(claims(before), page.slug).toMatch(/500 €/);
        expect(claims(after), page.slug).not.toMatch(/500 €/);
        const fallback = page.meta.fallback!;
        expect(after.head, page.slug).toContainEqual({ title: fallback.title });
        expect(after.head, page.slug).toContainEqual({
          name: "description",
          content: fallback.description,
        });
      }
      // The hero shows its fallback; the banner, which has none, is gone.
      const home = await load("/", end + 1_000);
      expect(home.page!.components[0]!.data.content).toMatchObject({
        h1: "Brisamar Casino: más de 10.000 juegos y soporte 24/7",
      });
      expect(home.page!.components.some((served) => served.component_id === 2)).toBe(false);
      // The facts table keeps its other rows, numbered again from 1; the questions theirs.
      const table = home.page!.components.find((served) => served.component_id === 3)!;
      const rows = (
        table.data.content as { table: { rows: { number: number; cells: string[] }[] } }
      ).table.rows;
      expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => index + 1));
      expect(rows.map((row) => row.cells[0])).not.toContain("Bono de bienvenida");
      expect(rows.map((row) => row.cells[0])).toContain("Depósito mínimo");
      const faq = home.page!.components.find((served) => served.component_id === 7)!;
      const questions = (faq.data.content as { items: { question: string }[] }).items;
      expect(questions.map((item) => item.question)).toContain(
        "¿Cómo funciona el cashback semanal?",
      );
      expect(questions.map((item) => item.question)).not.toContain(
        "¿Cómo funciona el bono de bienvenida?",
      );
      expect(faq.terms).toBeUndefined();
      expect(offerState(welcome(), end + 1_000, "Europe/Madrid")).toBe("caducada");
    });
  });

  it("shows its terms line in the block that names it while valid", async () => {
    const home = await load("/", Date.parse("2026-11-28T12:00:00Z"));
    const hero = home.page!.components[0]!;
    expect(hero).toMatchObject({
      offer: "bienvenida",
      terms: { conditions: welcome().terms_line, url: "/terms" },
    });
    const banner = home.page!.components.find((served) => served.component_id === 2)!;
    expect(banner.data.content).toMatchObject({ conditions: welcome().terms_line });
    // The questions and the table that state it carry it too, once each.
    for (const id of [3, 7]) {
      const block = home.page!.components.find((served) => served.component_id === id)!;
      expect(block.terms, `block ${id}`).toEqual({
        conditions: welcome().terms_line,
        url: "/terms",
      });
    }
    // Questions of two offers: both terms lines, once each, under the block.
    const page = structuredClone(pages.find((candidate) => candidate.slug === "/")!);
    const faq = page.components.find((component) => component.component_id === 7)!;
    (faq.data.content as { items: { offer?: string }[] }).items[2]!.offer = "recarga-semanal";
    const served = pageAt(page, site, Date.parse("2026-11-28T12:00:00Z"));
    const reload = site.offers.find((offer) => offer.id === "recarga-semanal")!;
    expect(served.components.find((component) => component.component_id === 7)!.terms).toEqual({
      conditions: `${welcome().terms_line} · ${reload.terms_line}`,
      url: welcome().terms_url,
    });
  });

  it("sends its /go/ links to the fallback destination after valid_until", async () => {
    await withEnd("2026-12-31", async () => {
      const ids = [...links.values()]
        .filter((link) => link.offer === "bienvenida")
        .map((link) => link.id);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      for (const id of ids) {
        expect(outboundTarget(`/go/${id}`, end - 1_000)?.link.destination).toBe(
          welcome().destination,
        );
        expect(outboundTarget(`/go/${id}`, end + 1_000)?.link.destination).toBe(
          welcome().fallback_destination,
        );
      }
    });
  });

  it("tells the page cache when the pages that show it change", async () => {
    await withEnd("2026-12-31", async () => {
      expect(offersChangeIn(site, end - 1_000)).toBe(1_000);
      expect(offersChangeIn(site, end + day)).toBeUndefined();
      // Ten minutes before: a CDN may keep the page five (its s-maxage), the server's own
      // cache the five before, so neither shows the offer after its end.
      expect(serverApp.pageCacheFor(end - 600_000)).toBe(300_000);
      expect(serverApp.pageCacheFor(end - 120_000)).toBe(60_000);
    });
  });
});
