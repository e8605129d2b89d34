/**
 * Copy a regulator or a responsible-gambling reviewer would reject (Real Decreto
 * 958/2020) is a content problem: content:check, the build and `npm run dev` name it.
 */
import { describe, expect, it } from "vitest";

import { checkContent } from "./content-checks.server";
import { readContentFiles } from "./content-files.server";
import { advertisingRules, checkCopy, type AdvertisingRulesData } from "./copy-rules";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const real = readContentFiles("content");
/** The rules as the site config writes them: a setting, not code. */
const rulesData = (real.siteFile!.data as { advertising_rules: AdvertisingRulesData })
  .advertising_rules;
const RULES = advertisingRules(rulesData);

/** The real content with the hero paragraph of `file` replaced by `text`. */
function withHeroText(file: string, text: string) {
  const copy = structuredClone(real);
  const page = copy.pageFiles.find((entry) => entry.file === file)!.data as Json;
  const index = (page.components as Json[]).findIndex((entry) => entry.component_id === 1);
  page.components[index].data.content.p = text;
  const result = checkContent({
    siteFile: copy.siteFile!,
    pageFiles: copy.pageFiles,
    publicRoot: "public",
  });
  return { ...result, at: `${file}: components[${index}].data.content.p` };
}

describe("advertising copy", () => {
  it("the site's content breaks no rule", () => {
    const files = [real.siteFile!, ...real.pageFiles];
    const found = files.flatMap(
      (file) =>
        checkCopy(file, (file.data as { slug?: string }).slug ?? null, "problem", RULES).problems,
    );
    expect(found).toEqual([]);
  });

  it.each([
    ["un depósito sin máximo", "content/pages/bonos.json", "Deposita sin máximo cada día."],
    [
      "un estatus VIP que se da al registrarse",
      "content/pages/vip.json",
      "Eres VIP al registrarte.",
    ],
    [
      "una invitación a recuperar pérdidas",
      "content/pages/bonos.json",
      "Recupera tus pérdidas de la semana.",
    ],
    [
      "el juego como forma de ganar dinero",
      "content/pages/bonos.json",
      "La forma de ganar dinero desde casa.",
    ],
    [
      "una certificación que la marca no tiene",
      "content/pages/vip.json",
      "Casino certificado por expertos.",
    ],
  ])("refuses %s, naming file and path", (name, file, text) => {
    const { problems, content, at } = withHeroText(file, text);
    expect(problems).toEqual([
      `${at}: publicidad que el RD 958/2020 no permite: ${RULES.find((rule) => rule.name.startsWith(name))!.name} ("${text}")`,
    ]);
    expect(content).toBeNull();
  });

  it("lets the responsible-gambling page name losses to warn against chasing them", () => {
    const file = {
      file: "content/pages/x.json",
      data: { p: "No intentes recuperar las pérdidas." },
    };
    expect(checkCopy(file, "/responsible", "problem", RULES).problems).toEqual([]);
    expect(checkCopy(file, "/bonos", "problem", RULES).problems).toHaveLength(1);
  });

  it("allows the words of registration outside the VIP page", () => {
    const { problems } = withHeroText(
      "content/pages/bonos.json",
      "Bono de bienvenida al registrarte.",
    );
    expect(problems).toEqual([]);
  });

  it("reads the refused phrases from the site config: an admin adds one, and a page using it is refused", () => {
    const text = "Juega con el bono más seguro del mercado.";
    expect(withHeroText("content/pages/bonos.json", text).problems).toEqual([]);
    const copy = structuredClone(real);
    const site = copy.siteFile!.data as { advertising_rules: AdvertisingRulesData };
    site.advertising_rules.refused.push({
      name: "una promesa de seguridad que nadie puede dar",
      pattern: "m[áa]s\\s+seguro",
    });
    const page = copy.pageFiles.find((entry) => entry.file === "content/pages/bonos.json")!
      .data as Json;
    const index = (page.components as Json[]).findIndex((entry) => entry.component_id === 1);
    page.components[index].data.content.p = text;
    const { problems } = checkContent({
      siteFile: copy.siteFile!,
      pageFiles: copy.pageFiles,
      publicRoot: "public",
    });
    expect(problems).toEqual([
      `content/pages/bonos.json: components[${index}].data.content.p: publicidad que el RD 958/2020 no permite: una promesa de seguridad que nadie puede dar ("${text}")`,
    ]);
  });

  it("refuses a rule whose pattern is not a regular expression, naming the field", () => {
    const copy = structuredClone(real);
    const site = copy.siteFile!.data as { advertising_rules: AdvertisingRulesData };
    site.advertising_rules.refused[0]!.pattern = "sin(máximo";
    const { problems } = checkContent({
      siteFile: copy.siteFile!,
      pageFiles: copy.pageFiles,
      publicRoot: "public",
    });
    expect(problems).toEqual([
      "content/site.json: advertising_rules.refused[0].pattern: no es una expresión regular válida",
    ]);
  });
});
