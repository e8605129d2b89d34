import { STAGING_PORT } from "../../playwright.config";

import { expect, pages, rawRequest, readContent, test } from "./fixtures";

const site = readContent("site.json") as {
  meta: { site_url: string; meta_settings: Record<string, string> };
};
const ORIGIN = new URL(site.meta.site_url).origin;
const settings = site.meta.meta_settings;
const indexable = pages.filter((page) => !["/403", "/404"].includes(page.slug));

for (const content of indexable) {
  test(`${content.slug} has its title, description, canonical, Open Graph and Twitter tags`, async ({
    page,
  }) => {
    await page.goto(`${content.slug}?utm_source=test&ref=<x>`);
    const head = page.locator("head");
    const canonical = `${ORIGIN}${content.slug === "/" ? "/" : content.slug}`;
    await expect(page).toHaveTitle(content.meta.title);
    const meta = (selector: string) => head.locator(selector);
    await expect(meta('meta[name="description"]')).toHaveAttribute(
      "content",
      (content.meta as { description?: string }).description ?? "",
    );
    await expect(meta('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(meta('meta[name="robots"]')).toHaveAttribute(
      "content",
      "index, follow, max-image-preview:large",
    );
    await expect(meta('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(meta('meta[property="og:type"]')).toHaveAttribute("content", "website");
    await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", content.meta.title);
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${ORIGIN}${settings.image_url}`,
    );
    await expect(meta('meta[property="og:image:secure_url"]')).toHaveAttribute(
      "content",
      /^https:\/\//,
    );
    await expect(meta('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(meta('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(meta('meta[property="og:image:alt"]')).toHaveAttribute(
      "content",
      settings.twitter_image_alt!,
    );
    await expect(meta('meta[property="og:locale"]')).toHaveAttribute("content", "es_ES");
    await expect(meta('meta[property="og:site_name"]')).toHaveAttribute(
      "content",
      settings.og_site_name!,
    );
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(meta('meta[name="twitter:creator"]')).toHaveAttribute(
      "content",
      settings.twitter_creator!,
    );
    await expect(meta('meta[name="twitter:image"]')).toHaveAttribute(
      "content",
      `${ORIGIN}${settings.twitter_image_src}`,
    );
    await expect(meta('meta[name="twitter:image:alt"]')).toHaveAttribute(
      "content",
      settings.twitter_image_alt!,
    );
    await expect(meta('link[rel="icon"]')).toHaveCount(1);
    await expect(meta('link[rel="apple-touch-icon"]')).toHaveCount(1);

    const jsonLd = await head.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd).toHaveLength(1);
    const graph = JSON.parse(jsonLd[0]!) as { "@graph": { "@type": string }[] };
    expect(graph["@graph"].map((node) => node["@type"])).toEqual(
      expect.arrayContaining(["WebSite", "Organization", "WebPage", "SiteNavigationElement"]),
    );
  });
}

test("/ and /es link each other with hreflang es-ES and x-default", async ({ page }) => {
  for (const slug of ["/", "/es"]) {
    await page.goto(slug);
    await expect(page.locator('link[rel="alternate"][hreflang="es-ES"]')).toHaveAttribute(
      "href",
      `${ORIGIN}/es`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${ORIGIN}/`,
    );
  }
  await page.goto("/es");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/es`);
});

test("error pages are noindex and have no canonical", async ({ page }) => {
  for (const path of ["/403", "/404", "/no/existe", "/INVALID..path"]) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
  }
});

test("Host and X-Forwarded-Host headers never reach the page", async () => {
  const response = await rawRequest("/terms", {
    headers: {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "http",
    },
  });
  expect(response.status).toBe(200);
  expect(response.body).not.toContain("evil.example");
  expect(response.body).toContain(`<link rel="canonical" href="${ORIGIN}/terms"/>`);
  const sitemap = await rawRequest("/sitemap.xml", { headers: { Host: "evil.example" } });
  expect(sitemap.body).not.toContain("evil.example");
});

test("JSON-LD cannot be closed by content: '<' is escaped", async ({ request }) => {
  const html = await (await request.get("/terms")).text();
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  expect(script.length).toBeGreaterThan(100);
  expect(script).not.toContain("<");
  expect(JSON.parse(script)).toHaveProperty("@graph");
});

test("sitemap.xml lists every indexable page with lastmod, as cacheable XML", async ({
  request,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const xml = await response.text();
  for (const page of indexable) {
    expect(xml).toContain(`<loc>${ORIGIN}${page.slug === "/" ? "/" : page.slug}</loc>`);
  }
  expect(xml).not.toContain("/404<");
  expect(xml).not.toContain("/403<");
  expect(xml).toContain(`<loc>${ORIGIN}/terms</loc>\n    <lastmod>2025-03-10</lastmod>`);
  expect(xml).toContain('hreflang="x-default"');
});

test("robots.txt allows the site, not the outbound routes, and names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("Allow: /");
  expect(text).toContain("Disallow: /login\n");
  expect(text).toContain("Disallow: /sing-up\n");
  expect(text).toContain("Disallow: /go/\n");
  expect(text.trimEnd().endsWith(`Sitemap: ${ORIGIN}/sitemap.xml`)).toBe(true);
  expect((await request.get("/terms")).headers()["x-robots-tag"]).toBeUndefined();
});

test.describe("with SITE_INDEXABLE=false (staging)", () => {
  const staging = `http://localhost:${STAGING_PORT}`;

  test("every response says noindex and robots.txt disallows everything", async ({ request }) => {
    for (const path of [
      "/",
      "/terms",
      "/no/existe",
      "/robots.txt",
      "/sitemap.xml",
      "/images/brand/logo.svg",
    ]) {
      const response = await request.get(`${staging}${path}`);
      expect(response.headers()["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    const robots = await (await request.get(`${staging}/robots.txt`)).text();
    // Crawlers may fetch staging pages, so they read the noindex; no sitemap is advertised.
    expect(robots).toBe("User-agent: *\nAllow: /\n");
    const html = await (await request.get(`${staging}/terms`)).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="canonical" href="https://staging.brisamar.example/terms"/>');
  });
});

test("the social image (1200x630) and the structured-data logo (206x81) are PNGs", async ({
  request,
}) => {
  for (const [path, width, height] of [
    [settings.image_url!, 1200, 630],
    ["/images/brand/logo.png", 206, 81],
    ["/images/brand/apple-touch-icon.png", 180, 180],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toBe("image/png");
    const png = await response.body();
    // The IHDR chunk holds width and height as big-endian integers at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], path).toEqual([width, height]);
  }
});

test("status pages and error views carry no structured data", async ({ request }) => {
  for (const path of ["/404", "/403", "/pagina-que-no-existe", "/Nada%0A"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain("application/ld+json");
  }
  const refused = await (await request.post("/terms")).text();
  expect(refused).not.toContain("application/ld+json");
});

test("/favicon.ico is an icon made from the site's own favicon, not the 404 page", async ({
  request,
}) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const ico = await response.body();
  expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]); // an icon with one image
  expect(ico.readUInt32LE(18)).toBe(22);
  expect(ico.subarray(22, 26).toString("latin1")).toBe("\x89PNG");
  expect(ico.readUInt32LE(14)).toBe(ico.length - 22);
});

test("FAQPage only where the questions are real: legal pages have section headings instead", async ({
  page,
}) => {
  const graphTypes = async () => {
    const text = await page.locator('script[type="application/ld+json"]').textContent();
    return (JSON.parse(text!) as { "@graph": { "@type": string }[] })["@graph"].map(
      (node) => node["@type"],
    );
  };
  for (const slug of ["/terms", "/privacy", "/responsible"]) {
    await page.goto(slug);
    expect(await graphTypes(), slug).not.toContain("FAQPage");
    const sections = await page.locator(".faq__item").count();
    expect(sections, slug).toBeGreaterThan(0);
    await expect(page.locator(".faq__item :is(h2, h3).faq__heading"), slug).toHaveCount(sections);
  }
  for (const slug of ["/", "/bonos", "/vip"]) {
    await page.goto(slug);
    expect(await graphTypes(), slug).toContain("FAQPage");
  }
});

test("the head carries twitter:site, og:image:type, the update time and the operator's details", async ({
  page,
}) => {
  const settings = (
    readContent("site.json") as {
      meta: { meta_settings: { twitter_site: string; alternate_name: string } };
    }
  ).meta.meta_settings;
  await page.goto("/terms");
  const head = page.locator("head");
  await expect(head.locator('meta[name="twitter:site"]')).toHaveAttribute(
    "content",
    settings.twitter_site,
  );
  await expect(head.locator('meta[property="og:image:type"]')).toHaveAttribute(
    "content",
    "image/png",
  );
  const updated = await head.locator('meta[property="og:updated_time"]').getAttribute("content");
  expect(updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);
  await expect(head.locator('meta[property="article:modified_time"]')).toHaveAttribute(
    "content",
    updated!,
  );
  const graph = JSON.parse(
    (await head.locator('script[type="application/ld+json"]').textContent())!,
  ) as { "@graph": Record<string, unknown>[] };
  const node = (type: string) => graph["@graph"].find((entry) => entry["@type"] === type)!;
  expect(node("WebPage").dateModified).toBe(updated);
  expect(node("WebSite").alternateName).toBe(settings.alternate_name);
  expect(node("Organization").legalName).toBeTruthy();
  expect(node("Organization").contactPoint).toMatchObject({ "@type": "ContactPoint" });
  expect((node("Organization").logo as { width: unknown }).width).toBe(206);
});
