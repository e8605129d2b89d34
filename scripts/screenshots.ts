/**
 * `npm run screenshots`: full-page screenshots of every page at 390 px and 1280 px from
 * the production build, written to screenshots/. Starts `npm start` on a free port
 * (SCREENSHOT_PORT, default 3200) unless BASE_URL points at a running server. The
 * server it starts has the dashboard on, with a ledger of 60,000 synthetic clicks and
 * 300,000 page views over 120 days, so /admin is captured too (docs/screenshots/admin-*.jpg,
 * and its funnel alone in admin-funnel-*.jpg), then the content studio (studio-*.jpg).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { chromium, type Browser, type Locator } from "@playwright/test";

import { writeSeed } from "./seed/ledger-seed";
import { openLedgerDatabase } from "../app/ledger/database.server";
import { contentDirectory, readContentFiles } from "../app/content/content-files.server";
import { loadContent } from "../app/content/load-content.server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";
import { todayIn } from "../app/reports/reporting-day";

const WIDTHS = [390, 1280] as const;
/** Pages whose screenshots the README shows (committed as JPEG in docs/screenshots). */
const README_PAGES: Record<string, string> = { "/": "home", "/terms": "terms" };
const port = Number(process.env.SCREENSHOT_PORT ?? 3200);
const baseUrl = process.env.BASE_URL ?? `http://localhost:${port}`;

async function waitForServer(url: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

const adminPassword = process.env.BASE_URL ? process.env.ADMIN_PASSWORD : "screenshots-password";

/** A fresh ledger with synthetic clicks for the dashboard's screenshots. */
async function seededLedger(): Promise<string> {
  const url = `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), "screenshots-")), "clicks.sqlite")}`;
  const database = await openLedgerDatabase(url);
  const content = loadContent();
  await writeSeed(database, {
    count: 60_000,
    days: 120,
    lastDay: todayIn("Europe/Madrid"),
    links: [...content.links.values()],
    pages: content.pages.map((page) => page.slug),
    views: 300_000,
  });
  await database.close();
  return url;
}

const server = process.env.BASE_URL
  ? null
  : spawn("node", ["build/server/index.js"], {
      env: {
        ...process.env,
        PORT: String(port),
        ADMIN_PASSWORD: adminPassword,
        DATABASE_URL: await seededLedger(),
      },
      stdio: "ignore",
    });

try {
  await waitForServer(baseUrl);
  await mkdir("screenshots", { recursive: true });
  await mkdir("docs/screenshots", { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const slugs = readContentFiles(contentDirectory().root).pageFiles.map(
    ({ data }) => (data as { slug: string }).slug,
  );
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const slug of [...slugs, "/pagina/que/no/existe"]) {
      await page.goto(`${baseUrl}${slug}`, { waitUntil: "networkidle" });
      // Scroll through the page so lazy images load before the full-page capture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const name = slug === "/" ? "home" : slug.slice(1).replaceAll("/", "_");
      await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
      console.log(`screenshots/${name}-${width}.png`);
      const readmeName = README_PAGES[slug];
      if (readmeName) {
        const path = `docs/screenshots/${readmeName}-${width}.jpg`;
        await page.screenshot({ path, fullPage: true, type: "jpeg", quality: 60 });
        console.log(path);
      }
    }
    await page.close();
  }
  if (adminPassword) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${baseUrl}/admin`);
      await page.getByLabel("Contraseña").fill(adminPassword);
      await page.getByRole("button", { name: "Entrar" }).click();
      await page.getByRole("button", { name: "Cerrar sesión" }).waitFor();
      await page.waitForLoadState("networkidle");
      const file = `docs/screenshots/admin-${width}.jpg`;
      await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 60 });
      await page.screenshot({ path: `screenshots/admin-${width}.png`, fullPage: true });
      console.log(file);
      const funnel = `docs/screenshots/admin-funnel-${width}.jpg`;
      await page.locator(".admin-funnel").screenshot({ path: funnel, type: "jpeg", quality: 70 });
      console.log(funnel);
      await page.close();
    }
  }
  if (adminPassword) await studioScreenshots(browser, adminPassword);
  await browser.close();
} finally {
  server?.kill();
}

/**
 * The content studio as the marketer sees it (docs/editing-content.md): the list of pages,
 * the home page's editor with its hero unfolded and a draft saved, a publish refused beside
 * its field, the preview inside the editor, and the history. Captured from a server of its
 * own so the drafts it leaves do not touch anything else; then the media library and an
 * image field choosing one of its images.
 */
async function studioScreenshots(browser: Browser, password: string) {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const shot = async (name: string, target: Locator | null = null) => {
      const file = `docs/screenshots/studio-${name}-${width}.jpg`;
      if (target) await target.screenshot({ path: file, type: "jpeg", quality: 70 });
      else await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 60 });
      console.log(file);
    };
    await page.goto(`${baseUrl}/admin/contenido`);
    await page.getByLabel("Contraseña").fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("heading", { level: 1, name: "Contenido" }).waitFor();
    await shot("list");

    await page.getByRole("link", { name: "Inicio", exact: true }).click();
    const hero = page.locator("details.studio-block").first();
    await hero.locator("summary").click();
    const headline = hero.getByLabel("Titular", { exact: false });
    await headline.fill("Brisamar Casino: bono de bienvenida de diciembre");
    await page.getByRole("status").filter({ hasText: "Borrador guardado" }).waitFor();
    await hero.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({
      path: `docs/screenshots/studio-editor-${width}.jpg`,
      type: "jpeg",
      quality: 70,
    });
    console.log(`docs/screenshots/studio-editor-${width}.jpg`);

    const frame = page.locator("details.studio-frame");
    await frame.locator("summary").click();
    await page.frameLocator(".studio-frame iframe").locator("h1").waitFor();
    await shot("preview", frame);
    await frame.locator("summary").click();

    await headline.fill("");
    await page.getByRole("status").filter({ hasText: "Borrador guardado" }).waitFor();
    await page.getByRole("button", { name: "Publicar" }).click();
    await page.locator(".studio-problems").waitFor();
    await page
      .locator(".studio-problems")
      .evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({
      path: `docs/screenshots/studio-problems-${width}.jpg`,
      type: "jpeg",
      quality: 70,
    });
    console.log(`docs/screenshots/studio-problems-${width}.jpg`);
    await page.getByRole("button", { name: "Descartar borrador" }).click();
    await page.getByRole("status").filter({ hasText: "Borrador descartado" }).waitFor();

    const history = page.locator(".studio-history");
    await history.locator(".studio-revision summary").first().click();
    await shot("history", history);

    // The media library with one image (the site's own sharing artwork), then an image
    // field choosing it; the draft is discarded.
    await page.goto(`${baseUrl}/admin/contenido/medios`);
    await page.getByLabel(/^Archivo/).setInputFiles("public/images/social/og-image.png");
    await page.getByLabel(/^Texto alternativo/).fill("Logotipo de Brisamar Casino sobre el mar");
    await page.getByRole("button", { name: "Subir", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Imagen subida" }).waitFor();
    await shot("media");
    await page.goto(`${baseUrl}/admin/contenido/paginas/es`);
    const promo = page
      .locator("details.studio-block")
      .filter({ has: page.locator("summary", { hasText: "Imagen promocional" }) });
    await promo.locator("summary").click();
    const picker = promo.getByLabel("Móvil: imagen de la biblioteca");
    await picker.selectOption({ index: 1 });
    await page.getByRole("status").filter({ hasText: "Borrador guardado" }).waitFor();
    await picker.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await page.screenshot({
      path: `docs/screenshots/studio-image-${width}.jpg`,
      type: "jpeg",
      quality: 70,
    });
    console.log(`docs/screenshots/studio-image-${width}.jpg`);
    await page.getByRole("button", { name: "Descartar borrador" }).click();
    await page.getByRole("status").filter({ hasText: "Borrador descartado" }).waitFor();
    await context.close();
  }
}
