/**
 * Redirects, on the production build with the studio on SQLite: a page whose path
 * changes in the studio leaves a 301 from its old path (and back again, without a loop);
 * paths that answer 404 are listed for an admin, who redirects one in two clicks and removes
 * it again; a redirect that would hide a page is refused beside its field; the exported files
 * hold the old path as a redirect and pass `npm run content:check`.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { logIn } from "./log-in";
import { startOwnServer, type OwnServer, waitForDraftSaved, waitForPublished } from "./own-server";

const PASSWORD = "redirects-e2e-password";
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

test.use({ userAgent: PERSON_UA });
test.describe.configure({ mode: "serial" });

let server: OwnServer;
let folder: string;

test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "redirects-e2e-"));
  cpSync("content", path.join(folder, "content"), { recursive: true });
  server = await startOwnServer(0, {
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: `sqlite:${path.join(folder, "ledger.sqlite")}`,
    CONTENT_DIR: path.join(folder, "content"),
  });
});

test.afterAll(() => {
  server?.process.kill();
});

/** The answer to a visitor's GET, without following a redirect. */
async function visit(page: Page, pathname: string) {
  const answer = await page.request.get(`${server.url}${pathname}`, {
    maxRedirects: 0,
    headers: { "User-Agent": PERSON_UA, Cookie: "" },
  });
  return { status: answer.status(), location: answer.headers()["location"] ?? null };
}

async function renameVip(page: Page, to: string) {
  await page.goto(`${server.url}/admin/contenido/paginas/vip`);
  await page.getByLabel("Ruta (URL)", { exact: false }).first().fill(to);
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);
}

test("a page's new path leaves a 301 from the old one; renamed back, no loop", async ({ page }) => {
  await logIn(page, `${server.url}/admin/contenido/redirecciones`, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Redirecciones" })).toBeVisible();

  // Other pages and the footer link to /vip: the rename is still published (the old path
  // leads somewhere: its 301).
  await renameVip(page, "/club-vip");
  await expect
    .poll(() => visit(page, "/vip?utm_source=news"), { timeout: 5_000 })
    .toEqual({ status: 301, location: "/club-vip?utm_source=news" });
  expect((await visit(page, "/club-vip")).status).toBe(200);

  await page.goto(`${server.url}/admin/contenido/redirecciones`);
  const row = page.getByRole("row").filter({ hasText: "/vip" });
  await expect(row).toContainText("/club-vip");
  await expect(row).toContainText("La página cambió de ruta");

  // The exported files hold the old path as a redirect, and pass the checks.
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${path.join(folder, "ledger.sqlite")}`,
    CONTENT_DIR: path.join(folder, "export"),
  };
  execFileSync("npx", ["tsx", "scripts/content-export.ts"], { env, stdio: "pipe" });
  const site = JSON.parse(readFileSync(path.join(folder, "export", "site.json"), "utf8")) as {
    redirects?: unknown[];
  };
  expect(site.redirects).toContainEqual({
    from: "/vip",
    to: "/club-vip",
    note: "La página cambió de ruta",
  });
  execFileSync("npx", ["tsx", "scripts/check-content.ts"], { env, stdio: "pipe" });

  // Back to /vip: the page is there again, and its other path sends to it.
  await renameVip(page, "/vip");
  await expect
    .poll(() => visit(page, "/vip"), { timeout: 5_000 })
    .toEqual({
      status: 200,
      location: null,
    });
  expect(await visit(page, "/club-vip")).toEqual({ status: 301, location: "/vip" });
});

test("a path that answers 404 is listed, redirected in two clicks, and the redirect removed", async ({
  page,
}) => {
  for (let time = 0; time < 3; time += 1) {
    expect((await visit(page, "/bonos-de-verano?ref=foro")).status).toBe(404);
  }
  await logIn(page, `${server.url}/admin/contenido/redirecciones`, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Redirecciones" })).toBeVisible();
  // Counted in memory, stored within a few seconds.
  const broken = page.getByRole("row").filter({ hasText: "/bonos-de-verano" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return broken.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(broken).toContainText("3");
  await expect(page.getByRole("table").last()).not.toContainText("?ref");

  await broken.getByRole("link", { name: "Redirigir…" }).click();
  await expect(page.getByLabel(/^Desde/)).toHaveValue("/bonos-de-verano");
  await page.getByLabel(/^Hacia/).selectOption("/bonos");
  await page.getByLabel(/^Nota/).fill("Enlace del foro");
  await page.getByRole("button", { name: "Añadir" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Redirección añadida: /bonos-de-verano → /bonos",
  );
  expect(await visit(page, "/bonos-de-verano")).toEqual({ status: 301, location: "/bonos" });
  await expect(page.getByRole("row").filter({ hasText: "Enlace del foro" })).toHaveCount(1);

  // A redirect may not hide a page: refused beside its field, with what was typed kept.
  await page.getByLabel(/^Desde/).fill("/bonos");
  await page.getByLabel(/^Hacia/).selectOption("/terms");
  await page.getByRole("button", { name: "Añadir" }).click();
  await expect(page.locator("#redirect-from-error")).toContainText("es una página");
  await expect(page.getByLabel(/^Desde/)).toHaveValue("/bonos");
  expect((await visit(page, "/bonos")).status).toBe(200);

  await page.getByRole("button", { name: "Quitar la redirección de /bonos-de-verano" }).click();
  await expect(page.getByRole("status")).toContainText("Redirección quitada");
  expect((await visit(page, "/bonos-de-verano")).status).toBe(404);
});
