/**
 * People behind the pages (issue 34): every indexable page but the legal ones shows who
 * wrote it, who reviewed it and the date of its last change, and its JSON-LD says the
 * same (author, reviewedBy, dateModified); each person has a page at /autores/<slug>.
 * The pages are the sitemap's, so the people's own pages are read too.
 */
import { expect, pages, site, test } from "./fixtures";

type Person = { slug: string; name: string };
const people = (site as unknown as { people: Person[] }).people;
const legal = new Set(
  pages.filter((page) => (page as { legal?: boolean }).legal).map((page) => page.slug),
);

type Node = { "@type": string; "@id"?: string; [key: string]: unknown };

test("every indexable page but the legal ones shows its byline and date, as its JSON-LD says", async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(paths).toEqual(expect.arrayContaining(people.map((person) => `/autores/${person.slug}`)));
  const signed = paths.filter((path) => !legal.has(path));
  expect(signed.length).toBeGreaterThanOrEqual(8);
  for (const path of signed) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const byline = page.locator("main .byline");
    await expect(byline, path).toBeVisible();
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
    expect(String(webpage.dateModified).slice(0, 10), path).toBe(shown);
    // "Por" names the author, "Revisado por" the reviewer: the Person nodes the page points to.
    const personOf = (reference: unknown) => {
      const id = (reference as { "@id": string })["@id"];
      const node = graph.find((candidate) => candidate["@id"] === id)!;
      expect(node["@type"]).toBe("Person");
      return { href: new URL(String(node.url)).pathname, name: node.name };
    };
    const expected = [personOf(webpage.author)];
    if (webpage.reviewedBy) expected.push(personOf(webpage.reviewedBy));
    expect(links, path).toEqual(expected);
  }
  // The legal pages carry their own dates and no byline.
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
