import { BLOCK_NAMES } from "../../app/content/schema/blocks";

import { expect, h1Of, headingOf, pageBySlug, pages, site, test } from "./fixtures";

const STATUS: Record<string, number> = { "/403": 403, "/404": 404 };

for (const content of pages) {
  test(`${content.slug} answers ${STATUS[content.slug] ?? 200} with its heading, blocks, header and footer`, async ({
    page,
  }) => {
    const response = await page.goto(content.slug);
    expect(response?.status()).toBe(STATUS[content.slug] ?? 200);

    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText(headingOf(content));
    await expect(page).toHaveTitle(content.meta.title);

    const expectedBlocks = [...content.components]
      .sort((a, b) => a.order - b.order)
      .map(({ component_id }) => BLOCK_NAMES[component_id as keyof typeof BLOCK_NAMES]);
    await expect(page.locator("main [data-block]")).toHaveCount(expectedBlocks.length);
    const rendered = await page
      .locator("main [data-block]")
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-block")));
    expect(rendered).toEqual(expectedBlocks);

    await expect(page.locator("header.site-header a[href='/login/']")).toHaveText(
      site.header.login_text as string,
    );
    await expect(page.locator("header.site-header a[href='/sing-up/']")).toHaveText(
      site.header.signup_text as string,
    );
    await expect(page.getByRole("heading", { name: "Enlaces Útiles" })).toBeVisible();
  });
}

test("home renders blocks 1, 2, 4, 3, 5, 6, 10, 7 in that order", async ({ page }) => {
  await page.goto("/");
  const rendered = await page
    .locator("main [data-block]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-block")));
  expect(rendered).toEqual([
    "MainBlock",
    "PromoImage",
    "Games",
    "DynamicTable",
    "Bonuses",
    "Cards",
    "DepositTable",
    "Faq",
  ]);
});

test("/es has the home content and html lang es-ES", async ({ page }) => {
  await page.goto("/es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  await expect(page.locator("h1")).toHaveText(h1Of(pageBySlug("/")));
});

test("every page carries the footer menu, the 18+ notice and the responsible-gambling link", async ({
  page,
}) => {
  for (const slug of ["/", "/terms", "/404", "/no/existe"]) {
    await page.goto(slug);
    const footer = page.locator("footer.site-footer");
    for (const link of site.footer.menus[0]!.links) {
      await expect(footer.locator(`a[href='${link.url}']`).first()).toHaveText(link.text);
    }
    await expect(footer.getByText("18+", { exact: true })).toBeVisible();
    await expect(footer.getByText("Juega con responsabilidad")).toBeVisible();
    await expect(footer.locator("a[href='/responsible']").first()).toBeVisible();
    await expect(footer.locator(".socials a")).toHaveCount(5);
    await expect(footer.locator(".reviewers img")).toHaveCount(4); // three review sites + 18+ mark
  }
});

test("legal pages show an info block and a numbered FAQ accordion", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.locator("[data-block=InfoBlock]")).toContainText("1.5");
  await expect(page.locator("[data-block=InfoBlock] time").last()).toHaveText("10.03.2025");
  const firstSection = page.locator("[data-block=Faq] details").first();
  await expect(firstSection.locator("summary")).toContainText("1.");
  await expect(firstSection).not.toHaveAttribute("open");
  await firstSection.locator("summary").click();
  await expect(firstSection).toHaveAttribute("open");
});
