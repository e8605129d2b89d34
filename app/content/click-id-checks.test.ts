/**
 * The content checks of the click id (app/affiliate/outbound-location.ts): its parameter
 * cannot share a name with what a visitor passes, and a destination must leave it a place
 * of its own, in the site config and in every page.
 */
import { describe, expect, it } from "vitest";

import { readContentFiles } from "./content-files.server";
import { ContentError, parseContent } from "./parse-content";

type Json = Record<string, unknown>;
const files = readContentFiles("content");
const siteFile = files.siteFile!;
const clone = <T>(value: T): T => structuredClone(value);

function problemsOf(site: typeof siteFile, pages = files.pageFiles): string[] {
  try {
    parseContent(site, pages);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

function siteWith(edit: (site: { header: Json; affiliate: Json }) => void) {
  const site = clone(siteFile);
  edit(site.data as { header: Json; affiliate: Json });
  return site;
}

/** The real pages with the home hero's first button sent to `destination`. */
function heroTo(destination: string) {
  const pages = clone(files.pageFiles);
  const home = pages.find((entry) => entry.file === "content/pages/home.json")!.data as {
    components: { data: { content: { buttons: Json[] } } }[];
  };
  home.components[0]!.data.content.buttons[0]!.redirect_url = destination;
  return pages;
}

const HERO = "content/pages/home.json: components[0].data.content.buttons[0].redirect_url";

describe("click id checks", () => {
  it("passes the real content", () => {
    expect(problemsOf(siteFile)).toEqual([]);
  });

  it.each(["subid", "utm_campaign", "gclid", "fbclid"])(
    "refuses a click id parameter named %s, which a visitor passes",
    (name) => {
      const site = siteWith((data) => {
        data.affiliate.subid_param = "subid";
        data.affiliate.click_id_param = name;
      });
      expect(problemsOf(site)).toEqual([
        expect.stringMatching(
          /^content\/site\.json: affiliate\.click_id_param: no puede ser el parámetro de sub-id/,
        ),
      ]);
    },
  );

  it("refuses a header destination that already has the click id's parameter", () => {
    const site = siteWith((data) => {
      data.header.signup_redirect_link = `${String(data.header.signup_redirect_link)}&clickid=1`;
    });
    expect(problemsOf(site)).toEqual([
      expect.stringMatching(
        /^content\/site\.json: header\.signup_redirect_link: la URL ya lleva el parámetro "clickid"/,
      ),
    ]);
  });

  it("accepts that parameter once click ids are switched off", () => {
    const site = siteWith((data) => {
      data.header.signup_redirect_link = `${String(data.header.signup_redirect_link)}&clickid=1`;
      data.affiliate.send_click_id = false;
    });
    expect(problemsOf(site)).toEqual([]);
  });

  it("refuses a placeholder outside a query value in a page's destination", () => {
    const origin = new URL(String((siteFile.data as { header: Json }).header.signup_redirect_link))
      .origin;
    expect(problemsOf(siteFile, heroTo(`${origin}/{click_id}/r?partner=1`))).toEqual([
      expect.stringContaining(`${HERO}: el marcador {click_id} solo puede ir en el valor`),
    ]);
    expect(problemsOf(siteFile, heroTo(`${origin}/r?partner=1&var1={click_id}`))).toEqual([]);
    expect(problemsOf(siteFile, heroTo(`${origin}/r?partner=1&clickid=7`))).toEqual([
      expect.stringContaining(`${HERO}: la URL ya lleva el parámetro "clickid"`),
    ]);
  });
});
