import { describe, expect, it } from "vitest";

import { pages, site } from "~/content/content.server";

import { buildRobotsTxt, buildSitemap } from "./crawlers.server";
import { ROBOTS_INDEX, ROBOTS_NOINDEX, ROBOTS_STAGING, buildSeo, robotsFor } from "./seo.server";
import { modifiedTime } from "./page-facts";

const ORIGIN = new URL(site.meta.site_url).origin;
const page = (slug: string) => pages.find((candidate) => candidate.slug === slug)!;
const typesOf = (graph: { "@graph": Record<string, unknown>[] }) =>
  graph["@graph"].map((node) => node["@type"]);

describe("buildSeo", () => {
  it.each([["/403"], ["/404"]])("gives the status page %s no structured data", (slug) => {
    expect(buildSeo(page(slug), site, pages).jsonLd).toBeNull();
  });

  it.each(pages.filter((p) => p.slug !== "/403" && p.slug !== "/404").map((p) => [p.slug]))(
    "gives %s a JSON-LD graph that survives a JSON round trip",
    (slug) => {
      const seo = buildSeo(page(slug), site, pages);
      const graph = JSON.parse(JSON.stringify(seo.jsonLd)) as NonNullable<typeof seo.jsonLd>;
      expect(graph["@context"]).toBe("https://schema.org");
      const types = typesOf(graph);
      expect(types).toEqual(
        expect.arrayContaining([
          "WebSite",
          "Organization",
          slug.startsWith("/autores/") ? "ProfilePage" : "WebPage",
          "SiteNavigationElement",
        ]),
      );
      expect(types.includes("BreadcrumbList")).toBe(slug !== "/");
      const hasQuestions = page(slug).components.some(
        (component) => component.component_id === 7 && component.data.content.structured_data,
      );
      expect(types.includes("FAQPage")).toBe(hasQuestions);
      // Every @id reference points at a node of the graph.
      const ids = new Set(graph["@graph"].map((node) => node["@id"]));
      const references = JSON.stringify(graph).match(/\{"@id":"[^"]+"\}/g) ?? [];
      for (const reference of references) {
        expect(ids.has((JSON.parse(reference) as { "@id": string })["@id"]), reference).toBe(true);
      }
    },
  );

  it("gives a page under a hub page a three-step breadcrumb", () => {
    const graph = buildSeo(page("/metodos-de-pago/bizum"), site, pages).jsonLd!;
    const trail = graph["@graph"].find((node) => node["@type"] === "BreadcrumbList") as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: site.meta.breadcrumb_home, item: `${ORIGIN}/` },
      {
        "@type": "ListItem",
        position: 2,
        name: "Métodos de pago",
        item: `${ORIGIN}/metodos-de-pago`,
      },
      { "@type": "ListItem", position: 3, name: "Bizum", item: `${ORIGIN}/metodos-de-pago/bizum` },
    ]);
  });

  it("lists every FAQ question of a page in its FAQPage node", () => {
    const graph = buildSeo(page("/bonos"), site, pages).jsonLd!["@graph"];
    const faq = graph.find((node) => node["@type"] === "FAQPage") as { mainEntity: unknown[] };
    const items = page("/bonos").components.flatMap((c) =>
      c.component_id === 7 ? c.data.content.items : [],
    );
    expect(faq.mainEntity).toHaveLength(items.length);
  });

  it.each(["/terms", "/privacy", "/responsible"])(
    "emits no FAQPage for the legal sections of %s",
    (slug) => {
      const graph = buildSeo(page(slug), site, pages).jsonLd!["@graph"];
      expect(graph.map((node) => node["@type"])).not.toContain("FAQPage");
      expect(page(slug).components.some((c) => c.component_id === 7)).toBe(true);
    },
  );

  it("describes the organisation with its logo (206x81) and social profiles", () => {
    const graph = buildSeo(page("/"), site, pages).jsonLd!["@graph"];
    const organization = graph.find((node) => node["@type"] === "Organization") as Record<
      string,
      unknown
    >;
    expect(organization.logo).toMatchObject({
      width: 206,
      height: 81,
      url: `${ORIGIN}/images/brand/logo.png`,
    });
    expect(organization.sameAs).toEqual(site.footer.socials.map((social) => social.url));
    expect(organization.legalName).toBe(site.meta.organization.legal_name);
    expect(organization.contactPoint).toEqual({
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.meta.organization.contact_point.email,
      availableLanguage: ["Spanish"],
      areaServed: "ES",
    });
    const website = graph.find((node) => node["@type"] === "WebSite") as Record<string, unknown>;
    expect(website.alternateName).toBe(site.meta.meta_settings.alternate_name);
  });

  it("dates a page's last change as a full ISO 8601 date-time in the site's time zone", () => {
    const terms = page("/terms");
    const graph = buildSeo(terms, site, pages).jsonLd!["@graph"];
    const webpage = graph.find((node) => node["@type"] === "WebPage") as Record<string, unknown>;
    expect(webpage.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+0[12]:00$/);
    const og = Object.fromEntries(buildSeo(terms, site, pages).openGraph);
    expect(og["og:updated_time"]).toBe(webpage.dateModified);
    expect(og["article:modified_time"]).toBe(webpage.dateModified);
    // Winter and summer in Madrid, and another zone.
    const on = (updated: string, zone: string) =>
      modifiedTime({ ...terms, updated, components: [] }, zone);
    expect(on("2026-01-15", "Europe/Madrid")).toBe("2026-01-15T00:00:00+01:00");
    expect(on("2026-07-15", "Europe/Madrid")).toBe("2026-07-15T00:00:00+02:00");
    expect(on("2026-07-15", "UTC")).toBe("2026-07-15T00:00:00+00:00");
  });

  it("merges the page's own scripts_settings objects into the graph", () => {
    const extra = { "@context": "https://schema.org", "@type": "Event", name: "Torneo" };
    const custom = { ...page("/vip"), meta: { ...page("/vip").meta, scripts_settings: [extra] } };
    const graph = buildSeo(custom, site, pages).jsonLd!["@graph"];
    expect(graph).toContainEqual({ "@type": "Event", name: "Torneo" });
  });

  it("makes every page self-canonical on the configured origin", () => {
    expect(buildSeo(page("/"), site, pages).canonical).toBe(`${ORIGIN}/`);
    expect(buildSeo(page("/terms"), site, pages).canonical).toBe(`${ORIGIN}/terms`);
    expect(buildSeo(page("/404"), site, pages).canonical).toBeNull();
  });

  it("links / and /es with hreflang es-ES and x-default", () => {
    const expected = [
      { hreflang: "es-ES", href: `${ORIGIN}/es` },
      { hreflang: "x-default", href: `${ORIGIN}/` },
    ];
    expect(buildSeo(page("/"), site, pages).alternates).toEqual(expected);
    expect(buildSeo(page("/es"), site, pages).alternates).toEqual(expected);
    expect(buildSeo(page("/terms"), site, pages).alternates).toEqual([]);
  });

  it("writes the Open Graph image with size, alt, locale and site name", () => {
    const og = Object.fromEntries(buildSeo(page("/"), site, pages).openGraph);
    expect(og).toMatchObject({
      "og:type": "website",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:type": "image/png",
      "og:locale": "es_ES",
      "og:site_name": site.meta.meta_settings.og_site_name,
      "og:url": `${ORIGIN}/`,
    });
    expect(og["og:image"]).toMatch(/^https?:\/\/.+\.png$/);
    const twitter = Object.fromEntries(buildSeo(page("/"), site, pages).twitter);
    expect(twitter["twitter:site"]).toBe(site.meta.meta_settings.twitter_site);
  });
});

describe("robotsFor", () => {
  it("indexes content pages, not /403 or /404, and nothing on staging", () => {
    expect(robotsFor(page("/terms"), true)).toBe(ROBOTS_INDEX);
    expect(robotsFor(page("/404"), true)).toBe(ROBOTS_NOINDEX);
    expect(robotsFor(page("/403"), true)).toBe(ROBOTS_NOINDEX);
    expect(robotsFor(page("/terms"), false)).toBe(ROBOTS_STAGING);
  });
});

describe("crawler files", () => {
  it("lists every indexable page in the sitemap with lastmod and alternates", () => {
    const xml = buildSitemap(pages, site, ORIGIN);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const indexable = pages
      .filter((p) => !["/403", "/404"].includes(p.slug))
      .map((p) => `${ORIGIN}${p.slug === "/" ? "/" : p.slug}`);
    expect(locs.sort()).toEqual(indexable.sort());
    expect(xml).toContain(`<loc>${ORIGIN}/terms</loc>\n    <lastmod>2025-03-10</lastmod>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es-ES" href="${ORIGIN}/es"/>`);
    expect(xml).not.toContain("/login");
  });

  it("allows the site but the outbound routes and ends with the sitemap", () => {
    const text = buildRobotsTxt(site, ORIGIN, true);
    expect(text).toContain("Allow: /\nDisallow: /login\nDisallow: /sing-up\nDisallow: /go/\n");
    expect(text.trimEnd().split("\n").at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const staging = buildRobotsTxt(site, ORIGIN, false);
    expect(staging).toBe("User-agent: *\nAllow: /\n");
    expect(staging).not.toContain("Sitemap");
  });
});
