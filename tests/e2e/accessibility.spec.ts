import AxeBuilder from "@axe-core/playwright";

import { expect, pages, test } from "./fixtures";

const WIDTHS = [360, 1280];
const slugs = [...pages.map((page) => page.slug), "/pagina/que/no/existe"];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const slug of slugs) {
      test(`${slug} has no axe violations`, async ({ page }) => {
        await page.goto(slug);
        // Open every accordion so answers are checked too.
        await page
          .locator("details")
          .evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute("open", "")));
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
        expect(summary).toEqual([]);
      });
    }
  });
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  for (const slug of slugs) {
    test(`${slug} has no horizontal overflow`, async ({ page }) => {
      await page.goto(slug);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});

test("a keyboard user can skip to the content and sees a focus ring", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.locator(".skip-link");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  const outline = await skip.evaluate((node) => getComputedStyle(node).outlineStyle);
  expect(outline).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
});

test("the FAQ accordion opens and closes with the keyboard", async ({ page }) => {
  await page.goto("/terms");
  const section = page.locator("[data-block=Faq] details").first();
  await section.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(section).toHaveAttribute("open");
  await page.keyboard.press("Space");
  await expect(section).not.toHaveAttribute("open");
});
