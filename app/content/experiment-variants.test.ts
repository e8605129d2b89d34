/**
 * Experiments in content: what the content check refuses, and how a variant renders, on the
 * real content with its "home-h1" experiment running again (tests/running-experiment.ts).
 */
import { describe, expect, it } from "vitest";

import { VARIANT_B_H1, withRunningExperiment } from "../../tests/running-experiment";

import { checkContent } from "./content-checks.server";
import { readContentFiles } from "./content-files.server";
import { applyVariants, parseAssignment } from "./experiment-variants";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const real = withRunningExperiment(readContentFiles("content"));
const publicRoot = "public";
const HOME = "content/pages/home.json";
const SITE = "content/site.json";

/** The content with `edit` applied to copies of the site config and the home page. */
function run(edit: (site: Json, home: Json) => void) {
  const copy = structuredClone(real);
  const home = copy.pageFiles.find((entry) => entry.file === HOME)!;
  edit(copy.siteFile!.data as Json, home.data as Json);
  return checkContent({ siteFile: copy.siteFile!, pageFiles: copy.pageFiles, publicRoot });
}

const experimentOf = (site: Json) => site.experiments[0] as Json;
const hero = (home: Json) => home.components[0] as Json;
const VARIANT_B = `${HOME} (variante B de "home-h1")`;

describe("content experiments: refusals", () => {
  it("refuses a weight that is not positive", () => {
    const { problems } = run((site) => {
      experimentOf(site).variants[1].weight = 0;
    });
    expect(problems).toEqual([
      `${SITE}: experiments[0].variants[1].weight: debe ser un número positivo`,
    ]);
  });

  it("refuses an experiment with fewer than two variants", () => {
    const { problems } = run((site) => {
      experimentOf(site).variants.pop();
    });
    expect(problems).toContain(
      `${SITE}: experiments[0].variants: un experimento necesita al menos dos variantes (la primera es el control)`,
    );
  });

  it("refuses a repeated variant id", () => {
    const { problems } = run((site) => {
      experimentOf(site).variants[1].id = "A";
    });
    expect(problems).toEqual([
      `${SITE}: experiments[0].variants[1].id: id de variante repetido "A"`,
    ]);
  });

  it("refuses a repeated experiment name", () => {
    const { problems } = run((site) => {
      site.experiments.push(structuredClone(experimentOf(site)));
    });
    expect(problems).toEqual([`${SITE}: experiments[1].name: experimento repetido "home-h1"`]);
  });

  it("refuses an end that is not after the start", () => {
    const { problems } = run((site) => {
      experimentOf(site).end = experimentOf(site).start;
    });
    expect(problems).toEqual([`${SITE}: experiments[0].end: debe ser posterior a start`]);
  });

  it("refuses a winner without an end", () => {
    const { problems } = run((site) => {
      experimentOf(site).winner = "B";
    });
    expect(problems).toEqual([
      `${SITE}: experiments[0].winner: solo puede haber ganadora con end (fin del experimento)`,
    ]);
  });

  it("refuses a winner that is not one of the variants", () => {
    const { problems } = run((site) => {
      Object.assign(experimentOf(site), { end: "2026-12-25T00:00:00+01:00", winner: "C" });
    });
    expect(problems).toEqual([
      `${SITE}: experiments[0].winner: "C" no es ninguna de sus variantes (A, B)`,
    ]);
  });

  it("refuses a goal outside the list", () => {
    const { problems } = run((site) => {
      experimentOf(site).goal = "clicks";
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/site\.json: experiments\[0\]\.goal: /);
  });

  it("refuses a block naming an unknown experiment", () => {
    const { problems } = run((_site, home) => {
      hero(home).experiment.name = "home-h2";
    });
    expect(problems).toEqual([
      `${HOME}: components[0].experiment.name: experimento desconocido "home-h2" (los de site.json: home-h1)`,
    ]);
  });

  it("refuses a block naming an unknown variant, or the control", () => {
    const { problems } = run((_site, home) => {
      const variants = hero(home).experiment.variants;
      variants.A = { h1: "Otro titular" };
      variants.C = { h1: "Otro titular" };
    });
    expect(problems).toEqual([
      `${HOME}: components[0].experiment.variants.A: "A" es el control: el bloque tal como está escrito`,
      `${HOME}: components[0].experiment.variants.C: "C" no es una variante de "home-h1" (B)`,
    ]);
  });

  it("holds a variant's block to the block's schema (an empty heading, an unknown field)", () => {
    const { problems } = run((_site, home) => {
      hero(home).experiment.variants.B = { h1: " ", title: "x" };
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `${VARIANT_B}: components[0].data.content.h1: no puede estar vacío`,
        expect.stringMatching(
          /^content\/pages\/home\.json \(variante B de "home-h1"\): components\[0\]\.data\.content: .*title/,
        ),
      ]),
    );
  });

  it("holds a variant's block to the content checks (a missing image, a link to no page)", () => {
    const { problems } = run((_site, home) => {
      hero(home).experiment.variants.B = {
        img_url: "/images/hero/nope.svg",
        buttons: [{ ...hero(home).data.content.buttons[1], url: "/nope" }],
      };
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          `${VARIANT_B}: components[0].data.content.img_url: "/images/hero/nope.svg" no es ningún archivo de public/`,
        ),
        expect.stringContaining(
          `${VARIANT_B}: components[0].data.content.buttons[0].url: "/nope" no lleva a ninguna página`,
        ),
      ]),
    );
  });

  it("holds a variant's texts to the copy rules", () => {
    const { problems } = run((_site, home) => {
      hero(home).experiment.variants.B = { h1: "Depósitos sin máximo en Brisamar Casino" };
    });
    expect(problems).toEqual([
      expect.stringContaining(`${HOME}: components[0].experiment.variants.B.h1`),
    ]);
  });

  it("refuses a variant that changes where an affiliate link leads", () => {
    const { problems } = run((_site, home) => {
      const [signup] = hero(home).data.content.buttons;
      hero(home).experiment.variants.B = {
        buttons: [{ ...signup, redirect_url: "https://example.com/otro" }],
      };
    });
    expect(problems.some((problem) => problem.startsWith(VARIANT_B))).toBe(true);
  });
});

describe("content experiments: rendering", () => {
  const { content } = checkContent({ ...real, siteFile: real.siteFile!, publicRoot });
  const home = content!.pages.find((page) => page.slug === "/")!;
  const variants = content!.variants.get("/");
  const h1Of = (page: typeof home) => (page.components[0]!.data.content as { h1: string }).h1;

  it("renders the variant a visitor is assigned", () => {
    const page = applyVariants(home, variants, parseAssignment("home-h1=B"));
    expect(h1Of(page)).toBe(VARIANT_B_H1);
  });

  it("renders the control for the control, an empty or an unknown assignment", () => {
    for (const text of ["home-h1=A", "", "home-h1=Z", "otro=B"]) {
      expect(h1Of(applyVariants(home, variants, parseAssignment(text)))).toBe(h1Of(home));
    }
  });

  it("sends no block's experiment (the other variants' texts) to the browser", () => {
    for (const text of ["home-h1=A", "home-h1=B"]) {
      const page = applyVariants(home, variants, parseAssignment(text));
      expect(JSON.stringify(page)).not.toContain('"experiment"');
    }
  });

  it("keeps the variant's affiliate links routed as the control's", () => {
    const page = applyVariants(home, variants, parseAssignment("home-h1=B"));
    expect(page.components[0]!.data.content).toMatchObject({
      buttons: [
        expect.objectContaining({ url: expect.stringMatching(/^\/go\//) }),
        expect.anything(),
      ],
    });
  });
});
