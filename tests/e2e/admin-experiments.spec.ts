/**
 * The dashboard's experiments page on the server with the dashboard on: behind
 * the login like every /admin page, never stored, in the dashboard's menu, and listing
 * content's experiments (or saying there are none). The figures and verdicts themselves
 * are covered by the unit tests with injected reports (app/experiments/*.test.ts).
 */
import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER } from "../../playwright.config";

import { expect, test } from "./fixtures";
import { logIn } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;

let client = 0;
/** A client key of its own per login, so the login rate limit never crosses tests. */
const clientHeaders = () => ({
  [CLIENT_IP_HEADER]: `experiments-${test.info().workerIndex}-${++client}-${Date.now()}`,
});

test("asks for the password, then shows the experiments page from the dashboard's menu", async ({
  page,
  request,
}) => {
  const anonymous = await request.get(`${ADMIN}/admin/experiments`, { headers: clientHeaders() });
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["cache-control"]).toBe("no-store");
  expect(await anonymous.text()).not.toContain("Experimentos A/B");
  const data = await request.get(`${ADMIN}/admin/experiments?_data=admin-experiments___en`, {
    headers: clientHeaders(),
  });
  expect(data.status()).toBe(401);
  expect(await data.text()).not.toContain('"experiments"');

  // The login on this page opens this page.
  await page.setExtraHTTPHeaders(clientHeaders());
  await logIn(page, `${ADMIN}/admin/experiments`, ADMIN_PASSWORD);
  await expect(page).toHaveURL(`${ADMIN}/admin/experiments`);
  await expect(page.getByRole("heading", { level: 1, name: "Experimentos A/B" })).toBeVisible();
  await expect(page).toHaveTitle("Experimentos A/B");
  await expect(page.getByRole("link", { name: "Experimentos" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // The shipped experiment (content/site.json) is a card with its variants side by side.
  const card = page.locator(".admin-experiment").filter({ hasText: "home-h1" });
  await expect(card.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(card.getByRole("table")).toBeVisible();
});

test("on a 390 px phone the two variants and their figures fit without scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders(clientHeaders());
  await logIn(page, `${ADMIN}/admin/experiments`, ADMIN_PASSWORD);
  const region = page
    .locator(".admin-experiment")
    .filter({ hasText: "home-h1" })
    .getByRole("region");
  await expect(region.getByRole("columnheader", { name: /^B · / })).toBeVisible();
  const [scrollWidth, clientWidth] = await region.evaluate((element) => [
    element.scrollWidth,
    element.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});
