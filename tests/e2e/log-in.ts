/**
 * Logging in to the dashboard or the studio as the marketer does: open a protected page,
 * fill its login form, send it. Returns the answer that served the form. A protected page answers the form at its own address, so
 * the address says nothing; the test goes on once the page shows "Cerrar sesión". A test
 * that navigated before the login's answer had set its cookie would be sent the form again.
 */
import { expect, type Page } from "@playwright/test";

export async function logIn(
  page: Page,
  url: string,
  password: string,
  { user = "" }: { user?: string } = {},
) {
  const form = await page.goto(url);
  if (user) await page.getByLabel(/^Usuario/).fill(user);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  return form;
}
