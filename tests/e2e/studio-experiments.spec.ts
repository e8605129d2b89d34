/**
 * Experiments in the studio, with the home page's headline test running (the shipped one,
 * started again: tests/running-experiment.ts): the hero block shows its variants beside the
 * control with their shares; changing the headline says that half the visitors still see
 * variant B's; the experiment is ended in the site settings with the date picker and a
 * winner, and the block says so, without the warning; the dashboard reads the result.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { VARIANT_B_H1, writeRunningExperimentContent } from "../running-experiment";
import { logIn } from "./log-in";
import { startOwnServer, waitForDraftSaved, waitForPublished, type OwnServer } from "./own-server";

const PASSWORD = "studio-experiments-password";
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CONTROL_H1 = "Brisamar Casino: 100% hasta 500 € y 200 giros gratis";

test.use({ userAgent: PERSON_UA, timezoneId: "Europe/Madrid" });

let server: OwnServer;

test.beforeAll(async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "studio-experiments-"));
  server = await startOwnServer(0, {
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: `sqlite:${path.join(folder, "ledger.sqlite")}`,
    CONTENT_DIR: writeRunningExperimentContent(path.join(folder, "content")),
  });
});

test.afterAll(() => {
  server?.process.kill();
});

test("a block under a running experiment shows its variants, warns on a change, and the experiment ends from the settings", async ({
  page,
}) => {
  // Two drafts saved and a publish that checks every page: on a busy two-core machine, with
  // another own-server spec beside it, that passes the default thirty seconds.
  test.setTimeout(120_000);
  // The form draws every field of the experiment (its variants by id) within the policy.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("status of 401")) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await logIn(page, `${server.url}/admin/contenido/paginas/home`, PASSWORD);
  const hero = page.locator("details.studio-block").first();
  await expect(hero.locator("summary")).toContainText("Experimento");
  await hero.locator("summary").click();
  const variants = hero.getByRole("region", { name: "Experimento home-h1" });
  await expect(variants).toContainText("(en marcha)");
  const table = variants.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Campo",
    "A (control, 50 %)",
    "B (50 %)",
  ]);
  await expect(table.getByRole("row").nth(1)).toHaveText(`Titular${CONTROL_H1}${VARIANT_B_H1}`);
  await expect(variants.getByRole("status")).toHaveCount(0);

  // The headline changed: half the visitors still get variant B's.
  await hero
    .getByLabel("Titular", { exact: false })
    .first()
    .fill("Brisamar Casino: bono de invierno");
  await expect(variants.getByRole("status")).toHaveText(
    /^Has cambiado «Titular», pero el experimento «.+» está en marcha: el 50 % de los visitantes \(variante B\) sigue viendo su propio texto/,
  );
  await expect(table.getByRole("row").nth(1)).toContainText("Brisamar Casino: bono de invierno");
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Descartar borrador" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Borrador descartado" })).toBeVisible();

  // Ended in the site settings: an end chosen with the date picker, and its winner.
  await page.goto(`${server.url}/admin/contenido/ajustes`);
  const end = page.locator("input[type='datetime-local'][id$='_end']").first();
  const ended = new Date(Date.now() - 60_000);
  const madrid = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Madrid",
    dateStyle: "short",
    timeStyle: "short",
  })
    .format(ended)
    .replace(" ", "T");
  await end.fill(madrid);
  await page.locator("input[id$='_winner']").first().fill("A");
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);

  await page.goto(`${server.url}/admin/contenido/paginas/home`);
  await hero.locator("summary").click();
  await expect(variants).toContainText("(terminado, ganadora A)");
  await hero
    .getByLabel("Titular", { exact: false })
    .first()
    .fill("Brisamar Casino: bono de invierno");
  await waitForDraftSaved(page);
  await expect(variants.getByRole("status")).toHaveCount(0);

  // The dashboard reads it as ended, with its winner.
  await page.goto(`${server.url}/admin/experiments`);
  await expect(page.locator("main")).toContainText("home-h1");
  await expect(page.locator("main")).toContainText(/[Tt]erminad/);
  expect(errors).toEqual([]);
});
