import { expect, h1Of, headingOf, pageBySlug, test } from "./fixtures";

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("pages render and the FAQ accordion opens", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("h1")).toHaveText(headingOf(pageBySlug("/")));
    const question = page.locator("[data-block=Faq] details").first();
    await question.locator("summary").click();
    await expect(question).toHaveAttribute("open");
  });

  test("links work as plain navigations", async ({ page }) => {
    await page.goto("/");
    await page.locator("footer a[href='/terms']").first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.locator("h1")).toHaveText(h1Of(pageBySlug("/terms")));
  });
});

test("with JavaScript, internal links navigate client-side without a document load", async ({
  page,
}) => {
  await page.goto("/");
  // The modules load after the first paint: wait until they have hydrated the page.
  await page.locator("html[data-hydrated='true']").waitFor();
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
  const documentRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentRequests.push(request.url());
  });
  await page.locator("footer a[href='/privacy']").first().click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.locator("h1")).toHaveText(h1Of(pageBySlug("/privacy")));
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  expect(documentRequests).toEqual([]);
});
