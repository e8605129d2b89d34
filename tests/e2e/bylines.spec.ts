/**
 * People behind the pages: every indexable page but the legal ones shows who
 * wrote it, who reviewed it and the date of its last change, and its JSON-LD says the
 * same (author, reviewedBy, dateModified); each person has a page at /autores/<slug>.
 * The pages are the content's and the records' (people, payment methods, games, guides), as
 * the sitemap lists them.
 */
import { expect, pages, site, test } from "./fixtures";

type Person = { slug: string; name: string };
const people = (site as unknown as { people: Person[] }).people;
const legal = new Set(
  pages.filter((page) => (page as { legal?: boolean }).legal).map((page) => page.slug),
);

type Node = { "@type": string; "@id"?: string; [key: string]: unknown };

const STATUS_PAGES = new Set(["/403", "/404"]);
/** The records' pages, by the field of the site config that holds them (decision 024). */
const RECORD_PATHS = {
  people: "/autores",
  payment_methods: "/metodos-de-pago",
  games: "/juegos",
  guides: "/guias",
};
const recordPaths = Object.entries(RECORD_PATHS).flatMap(([field, prefix]) =>
  ((site as unknown as Record<string, { slug: string }[]>)[field] ?? []).map(
    (record) => `${prefix}/${record.slug}`,
  ),
);
const signed = [
  ...pages.map((page) => page.slug).filter((slug) => !legal.has(slug) && !STATUS_PAGES.has(slug)),
  ...recordPaths,
];

test("the sitemap lists every signed page and every record's page", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(paths.filter((path) => !legal.has(path)).sort()).toEqual([...signed].sort());
});

for (const path of signed) {
  test(`${path} shows its byline and date, as its JSON-LD says`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const byline = page.locator("main .byline");
    await expect(byline).toBeVisible();
    const shown = await byline.locator("time").getAttribute("datetime");
    const links = await byline
      .getByRole("link")
      .evaluateAll((anchors) =>
        anchors.map((anchor) => ({ href: anchor.getAttribute("href"), name: anchor.textContent })),
      );
    const graph = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    )["@graph"] as Node[];
    const webpage = graph.find((node) => String(node["@id"]).endsWith("#webpage"))!;
    // The date shown is the day dateModified names.
    expect(String(webpage.dateModified).slice(0, 10)).toBe(shown);
    // "Por" names the author, "Revisado por" the reviewer: the Person nodes the page points to.
    const personOf = (reference: unknown) => {
      const id = (reference as { "@id": string })["@id"];
      const node = graph.find((candidate) => candidate["@id"] === id)!;
      expect(node["@type"]).toBe("Person");
      return { href: new URL(String(node.url)).pathname, name: node.name };
    };
    const expected = [personOf(webpage.author)];
    if (webpage.reviewedBy) expected.push(personOf(webpage.reviewedBy));
    expect(links).toEqual(expected);
  });
}

test("the legal pages carry their own dates and no byline", async ({ page }) => {
  expect(legal.size).toBeGreaterThanOrEqual(3);
  for (const path of legal) {
    await page.goto(path);
    await expect(page.locator("main .byline"), path).toHaveCount(0);
  }
});

for (const person of people) {
  test(`/autores/${person.slug} is ${person.name}'s page, with their Person node`, async ({
    page,
  }) => {
    const response = await page.goto(`/autores/${person.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(person.name);
    const graph = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    )["@graph"] as Node[];
    const profile = graph.find((node) => node["@type"] === "ProfilePage")!;
    const main = graph.find(
      (node) => node["@id"] === (profile.mainEntity as { "@id": string })["@id"],
    )!;
    expect(main).toMatchObject({ "@type": "Person", name: person.name });
    expect(String(main["@id"])).toContain(`/autores/${person.slug}#person`);
  });
}
