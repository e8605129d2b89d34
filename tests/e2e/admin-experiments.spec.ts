/**
 * The dashboard's experiments page (issue 24) on the server with the dashboard on: behind
 * the login like every /admin page, never stored, in the dashboard's menu, and listing
 * content's experiments (or saying there are none). The figures and verdicts themselves
 * are covered by the unit tests with injected reports (app/experiments/*.test.ts).
 */
import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER } from "../../playwright.config";

import { expect, test } from "./fixtures";

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

  // Its login form posts to /admin (the request guard takes POST on the listed form routes
  // only), which opens the Panel; the menu leads back.
  await page.setExtraHTTPHeaders(clientHeaders());
  await page.goto(`${ADMIN}/admin/experiments`);
  await page.getByLabel("Contraseña").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(`${ADMIN}/admin`);
  await page
    .getByRole("navigation", { name: "Secciones del panel" })
    .getByRole("link", { name: "Experimentos" })
    .click();
  await expect(page).toHaveURL(`${ADMIN}/admin/experiments`);
  await expect(page.getByRole("heading", { level: 1, name: "Experimentos A/B" })).toBeVisible();
  await expect(page).toHaveTitle("Experimentos A/B");
  await expect(page.getByRole("link", { name: "Experimentos" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Each declared experiment is a card; with none, the page says so.
  const cards = page.locator(".admin-experiment");
  if ((await cards.count()) === 0) {
    await expect(page.getByText("No hay experimentos declarados en el contenido")).toBeVisible();
  } else {
    await expect(cards.first().getByRole("heading", { level: 2 })).toBeVisible();
  }
});
