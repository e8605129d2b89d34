import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3950";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/admin`);
  await page.getByLabel("Contraseña").fill("shot-password-123456");
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.getByRole("button", { name: "Cerrar sesión" }).waitFor();
  await page.goto(`${base}/admin?period=30d&device=mobile`);
  await page.locator(".admin-kpi").first().screenshot({ path: `/tmp/shot-kpi-${width}.png` });
  await page.locator(".admin-kpis, dl").first().screenshot({ path: `/tmp/shot-kpis-${width}.png` });
  await page.getByRole("region", { name: "Por sub-id" }).screenshot({ path: `/tmp/shot-subid-${width}.png` });
  await page.getByRole("link", { name: "Calcular por sub-id" }).click();
  await page.waitForURL(/all=subid/);
  await page.getByRole("region", { name: "Por sub-id" }).screenshot({ path: `/tmp/shot-subid-all-${width}.png` });
  await page.close();
}
await browser.close();
