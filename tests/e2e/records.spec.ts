/**
 * Records edited in the studio, on the production build with the studio on
 * SQLite: the marketer imports games from a CSV (a preview that names what is wrong line by
 * line, then a confirmation that writes them into the settings' draft), and publishing is
 * refused until the new game's texts are written (app/content/record-pages.test.ts shows a
 * record making its page). Changing a payment method's withdrawal
 * time in Ajustes del sitio changes its page and the deposit tables at once.
 */
import { mkdtempSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { logIn as logInAt } from "./log-in";
import { startOwnServer, type OwnServer, waitForDraftSaved, waitForPublished } from "./own-server";

const PASSWORD = "records-e2e-password";
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

test.use({ userAgent: PERSON_UA });
test.describe.configure({ mode: "serial" });

let server: OwnServer;

test.beforeAll(async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "records-e2e-"));
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

const logIn = (page: Page, pathname: string) => logInAt(page, `${server.url}${pathname}`, PASSWORD);

test("games are imported from a CSV: preview, problems by line, then the settings' draft", async ({
  page,
}) => {
  await logIn(page, "/admin/contenido/juegos");
  await expect(page.getByRole("heading", { level: 1, name: "Juegos" })).toBeVisible();
  const csv = page.getByLabel("O pega aquí el contenido del CSV");

  // A line with a wrong RTP and an image that does not exist: named, nothing is added.
  await csv.fill(
    "nombre;proveedor;rtp;volatilidad;imagen\nReactoonz;Play'n GO;abc;alta;reactoonz.svg\nWolf Gold;Pragmatic Play;96,01;media;no-existe.svg",
  );
  await page.getByRole("button", { name: "Ver qué cambia" }).click();
  const preview = page.getByRole("table").first();
  await expect(preview.getByRole("row").filter({ hasText: "Reactoonz" })).toContainText(
    "el RTP debe ser un porcentaje",
  );
  await expect(preview.getByRole("row").filter({ hasText: "Wolf Gold" })).toContainText(
    "no-existe.svg",
  );
  await expect(page.getByRole("button", { name: /Añadir al borrador/ })).toHaveCount(0);

  // Corrected: one new game and one change to a game of the site config.
  await csv.fill(
    'nombre,proveedor,rtp,volatilidad,imagen\nReactoonz,Play\'n GO,"96,51",alta,reactoonz.svg\nStarburst,NetEnt,96.09,media,starburst.svg',
  );
  await page.getByRole("button", { name: "Ver qué cambia" }).click();
  await expect(preview.getByRole("row").filter({ hasText: "Reactoonz" })).toContainText("Nuevo");
  await expect(preview.getByRole("row").filter({ hasText: "Starburst" })).toContainText("Cambia");
  await page.getByRole("button", { name: "Añadir al borrador de los ajustes (2)" }).click();
  await expect(page.getByRole("status")).toContainText(
    "2 juegos en el borrador de los ajustes (1 nuevos, 1 actualizados)",
  );

  // Nothing is published yet: visitors see no page for the new game.
  const before = await page.request.get(`${server.url}/juegos/reactoonz`, { maxRedirects: 0 });
  expect(before.status()).toBe(404);

  // The draft holds them; the new game's texts are still to write, so Publicar is refused.
  await page.getByRole("link", { name: "Abrir el borrador de los ajustes" }).click();
  // The editor names what is left to write as soon as it opens; Publicar is refused too.
  await expect(page.getByRole("alert").filter({ hasText: "por completar" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Publicar" }).click();
  // A publish checks the whole content: on a busy machine it takes more than a few seconds.
  await expect(page.getByRole("alert").filter({ hasText: "No se publicó" })).toBeVisible({
    timeout: 20_000,
  });

  // The marketer leaves it for later: the draft goes, the published settings stay.
  await page.getByRole("button", { name: "Descartar borrador" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Borrador descartado" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Cambios sin publicar")).toHaveCount(0);
});

test("a payment method's withdrawal time changed once changes its page and every deposit table", async ({
  page,
}) => {
  const textOf = async (pathname: string) =>
    (await page.request.get(`${server.url}${pathname}`, { headers: { Cookie: "" } })).text();
  expect(await textOf("/metodos-de-pago/bizum")).toContain("Hasta 24 horas");
  await logIn(page, "/admin/contenido/ajustes");
  // Bizum is the first payment method of the site config.
  const time = page.locator("#root_payment_methods_0_withdrawal_time");
  await expect(time).toHaveValue("Hasta 24 horas");
  await time.fill("Hasta 2 horas");
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);
  for (const pathname of ["/metodos-de-pago/bizum", "/metodos-de-pago", "/", "/es"]) {
    await expect.poll(() => textOf(pathname), { timeout: 5_000 }).toContain("Hasta 2 horas");
  }
  // The publish dated the record: its page shows the day under its byline.
  const bizum = await textOf("/metodos-de-pago/bizum");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  expect(bizum).toContain(`dateTime="${today}"`);
});
