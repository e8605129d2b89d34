/**
 * Spanish advertising rules on every page (Real Decreto 958/2020): a page with an
 * affiliate link says it is advertising, with 18+, the safe-play message and the
 * conditions link and the one to how the site earns money under its first call to action; every footer says the site is an
 * affiliate paid per registration and links to where the licence can be checked.
 */
import { expect, pages, readContent, test } from "./fixtures";

const footer = (
  readContent("site.json") as {
    footer: {
      affiliate_disclosure: string;
      licence_link: { url: string; text: string };
      advertising: {
        label: string;
        conditions: { url: string; text: string };
        disclosure: { url: string; text: string };
      };
      responsible_gambling: { age_badge: string; message: string };
    };
  }
).footer;

for (const { slug } of pages) {
  test(`${slug}: advertising notice where it promotes, disclosure and licence link in the footer`, async ({
    page,
  }) => {
    const response = await page.goto(slug);
    expect(response?.status()).toBeLessThan(500);
    const sponsored = await page.locator('main a[rel~="sponsored"]').count();
    const notice = page.locator(".hero .ad-notice");
    if (sponsored > 0) {
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(footer.advertising.label);
      await expect(notice).toContainText(footer.responsible_gambling.age_badge);
      await expect(notice).toContainText(footer.responsible_gambling.message);
      const conditions = notice.getByRole("link", { name: footer.advertising.conditions.text });
      await expect(conditions).toHaveAttribute("href", footer.advertising.conditions.url);
      // And how the site earns money from it.
      await expect(
        notice.getByRole("link", { name: footer.advertising.disclosure.text }),
      ).toHaveAttribute("href", footer.advertising.disclosure.url);
      // Under the first call to action: the hero's buttons come before it.
      const first = page.locator(".hero a.button").first();
      const [cta, box] = [await first.boundingBox(), await notice.boundingBox()];
      expect(box!.y).toBeGreaterThan(cta!.y);
    } else {
      await expect(notice).toHaveCount(0);
    }
    const siteFooter = page.locator("footer.site-footer");
    await expect(siteFooter).toContainText(footer.affiliate_disclosure);
    await expect(siteFooter.getByRole("link", { name: footer.licence_link.text })).toHaveAttribute(
      "href",
      footer.licence_link.url,
    );
  });
}

test("the pages that promote the brand today carry the notice", async ({ page }) => {
  for (const slug of ["/", "/es", "/bonos", "/vip"]) {
    await page.goto(slug);
    await expect(page.locator(".hero .ad-notice"), slug).toBeVisible();
  }
});

const ui = (readContent("site.json") as { ui: { validity_label: string } }).ui;

for (const { slug } of pages) {
  test(`${slug}: every bonus claim has its conditions beside it`, async ({ page }) => {
    await page.goto(slug);
    const claims = page.locator(
      '[data-block="Bonuses"] .card--bonus, [data-block="BonusList"] li, [data-block="PromoImage"]',
    );
    const count = await claims.count();
    for (let index = 0; index < count; index++) {
      const claim = claims.nth(index);
      const conditions = claim.locator(".bonus-conditions");
      await expect(conditions).toBeVisible();
      await expect(
        conditions.getByRole("link", { name: footer.advertising.conditions.text }),
      ).toHaveAttribute("href", footer.advertising.conditions.url);
      const isBanner = (await claim.getAttribute("data-block")) === "PromoImage";
      await expect(conditions).toContainText(isBanner ? /Apuesta \d+x/ : `${ui.validity_label}:`);
    }
  });
}
