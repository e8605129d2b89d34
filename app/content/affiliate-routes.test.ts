/**
 * The link table's labels (the dashboard names each link by them): the page's title and
 * what the visitor reads on the link, taken from the real content.
 */
import { describe, expect, it } from "vitest";

import { loadContent } from "./load-content.server";

const content = loadContent();
const titleOf = (slug: string) => content.pages.find((page) => page.slug === slug)!.title;

describe("affiliate link labels", () => {
  it("name every link by its page's title and some words", () => {
    expect(content.links.size).toBeGreaterThan(0);
    for (const link of content.links.values()) {
      expect(link.label?.startsWith(titleOf(link.page)), link.id).toBe(true);
      expect(link.label!.slice(titleOf(link.page).length), link.id).toMatch(/^ · \S/);
    }
  });

  it("take a button's text", () => {
    const bonos = content.pages.find((page) => page.slug === "/bonos")!;
    const main = bonos.components.find((component) => component.component_id === 1)!;
    const [button] = (main.data.content as { buttons: { text: string }[] }).buttons;
    expect(content.links.get("bonos-main-block-1-button-1")?.label).toBe(
      `${bonos.title} · ${button!.text}`,
    );
  });

  it("give a fallback's links their own ids, leading where the link does, not where the offer does", () => {
    const home = content.pages.find((page) => page.slug === "/")!;
    const hero = home.components.find((component) => component.component_id === 1)!;
    const [button] = (hero.fallback!.content as { buttons: { url: string }[] }).buttons;
    expect(button!.url).toBe("/go/home-main-block-1-fallback-button-1");
    const link = content.links.get("home-main-block-1-fallback-button-1")!;
    expect(link.offer).toBeUndefined();
    expect(link.destination).toBe(content.site.header.signup_redirect_link);
    expect(content.links.get("home-main-block-1-button-1")?.offer).toBe("bienvenida");
  });

  it("take a banner's headline: its offer's, written over the artwork", () => {
    const home = content.pages.find((page) => page.slug === "/")!;
    const offer = content.site.offers.find((entry) => entry.id === "bienvenida")!;
    expect(content.links.get("home-promo-image-1")?.label).toBe(
      `${home.title} · banner «${offer.headline}»`,
    );
  });
});
