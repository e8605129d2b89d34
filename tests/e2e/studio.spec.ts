/**
 * The content studio as the marketer uses it, in Chromium against a production server of
 * its own (a publish changes what that server serves): change the home page's headline in
 * a form field, see it in the preview while the public page keeps the old one, publish,
 * read the history, restore; what the checks refuse is refused beside its field and
 * nothing is published; the second of two tabs saving the same page is refused; a restart
 * keeps drafts and revisions.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { test as base, expect, type Page } from "@playwright/test";

import { photo } from "../photo";
import { logIn as logInAt } from "./log-in";
import { startOwnServer, waitForDraftSaved, waitForPublished, type OwnServer } from "./own-server";

const PASSWORD = "studio-e2e-password-long";
/** A person's browser: the studio's previews are pages, and headless Chromium is a crawler. */
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const OLD_HEADLINE = "Brisamar Casino: 100% hasta 500 € y 200 giros gratis";

/**
 * `page`, failing the test on any console error or uncaught exception but the studio's own
 * refusals: a publish the checks refuse is a 422, the second tab's save a 409, and
 * Chromium notes each 4xx answer in the console.
 */
const STUDIO_REFUSAL =
  /^Failed to load resource: the server responded with a status of (401|409|422) /;
const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const url = message.location().url;
      const refusal = STUDIO_REFUSAL.test(message.text()) && url.includes("/admin");
      if (!refusal) errors.push(`${message.text()} (${url})`);
    });
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
});

// Serial, and a minute a test: each saves drafts and publishes through checks of the whole
// content, which on a busy two-core machine passes the default thirty seconds.
test.describe.configure({ mode: "serial", timeout: 90_000 });

let server: OwnServer;
let ledger: string;

const start = async () =>
  startOwnServer(0, {
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: `sqlite:${ledger}`,
    // Plain HTTP on localhost: the session cookie is Secure, which Chromium accepts here.
  });

test.beforeAll(async () => {
  ledger = path.join(mkdtempSync(path.join(tmpdir(), "studio-e2e-")), "ledger.sqlite");
  server = await start();
});

test.afterAll(() => {
  server?.process.kill();
});

const logIn = (
  page: Page,
  to = "/admin/contenido",
  { user = "", password = PASSWORD }: { user?: string; password?: string } = {},
) => logInAt(page, `${server.url}${to}`, password, { user });

/** The public home page's headline, as a visitor without a cookie gets it. */
async function publicHeadline(page: Page): Promise<string> {
  const answer = await page.request.get(`${server.url}/`, {
    headers: { "User-Agent": PERSON_UA, Cookie: "" },
  });
  const html = await answer.text();
  return /<h1[^>]*>([^<]*)</.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
}

/** Opens the home page's editor and unfolds its first block (the hero). */
async function openHomeHero(page: Page) {
  await page.goto(`${server.url}/admin/contenido`);
  await page.getByRole("link", { name: "Inicio", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inicio" })).toBeVisible();
  const hero = page.locator("details.studio-block").first();
  await hero.locator("summary").click();
  // The first: the hero's own; its fallback (shown when its offer is not valid) has one too.
  return hero.getByLabel("Titular", { exact: false }).first();
}

test.use({ userAgent: PERSON_UA });

test("the marketer changes the home headline, previews it, publishes it and restores it", async ({
  page,
}) => {
  await logIn(page);
  await expect(page.getByRole("link", { name: "Contenido", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Every page is listed, with its path and state; the content files were the first revisions.
  const home = page.locator(".studio-list__item").filter({ hasText: "Inicio" });
  await expect(home).toContainText("Publicada");
  await expect(home).toContainText("Publicado por archivos");

  const headline = await openHomeHero(page);
  await expect(headline).toHaveValue(OLD_HEADLINE);
  const newHeadline = "Brisamar Casino: bono de bienvenida de diciembre";
  await headline.fill(newHeadline);
  await waitForDraftSaved(page);

  // A draft: the public page is unchanged; the list says there are unpublished changes.
  expect(await publicHeadline(page)).toBe(OLD_HEADLINE);

  // The preview shows the draft with the site's own frame.
  const preview = await page.context().newPage();
  await preview.goto(`${server.url}/admin/vista-previa/pagina/home`);
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(newHeadline);
  await expect(preview.getByRole("note")).toContainText("Vista previa del borrador");
  const previewAnswer = await preview.request.get(`${server.url}/admin/vista-previa/pagina/home`);
  expect(previewAnswer.headers()["cache-control"]).toBe("no-store");
  expect(previewAnswer.headers()["x-robots-tag"]).toContain("noindex");
  await preview.close();

  // Inside the editor, at a phone's width and at a laptop's.
  await page.getByText("Vista previa aquí, en móvil o escritorio").click();
  const framed = page.frameLocator(".studio-frame iframe");
  await expect(framed.getByRole("heading", { level: 1 })).toHaveText(newHeadline);
  await expect(page.locator(".studio-frame iframe")).toHaveAttribute("width", "390");
  await page.getByRole("button", { name: "Escritorio (1280 px)" }).click();
  await expect(page.locator(".studio-frame iframe")).toHaveAttribute("width", "1280");
  await expect(framed.getByRole("heading", { level: 1 })).toHaveText(newHeadline);

  // A link for someone without an account shows the same draft; a forged one shows nothing.
  // Creating it reloads the root's data (the session) but not the editor's, which is drawn
  // again when its data changes: the note typed after it (below) stays.
  const reloads: string[] = [];
  page.on("request", (request) => {
    const data = new URL(request.url()).searchParams.get("_data");
    if (request.method() === "GET" && data && data !== "root") reloads.push(data);
  });
  const rootReloaded = page.waitForResponse(
    (answer) => new URL(answer.url()).searchParams.get("_data") === "root",
  );
  await page.getByRole("button", { name: "Crear enlace" }).click();
  await rootReloaded;
  const linkField = page.getByLabel(/^Enlace \(caduca el/);
  await expect(linkField).toHaveValue(
    /^http:\/\/localhost:\d+\/admin\/vista-previa\/[\w-]+\.[\w-]+$/,
  );
  const link = await linkField.inputValue();
  const stranger = await page.context().browser()!.newContext({ userAgent: PERSON_UA });
  const shared = await stranger.newPage();
  await shared.goto(link);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText(newHeadline);
  const forged = await shared.request.get(`${link.slice(0, -4)}AAAA`);
  expect(forged.status()).toBe(404);
  await stranger.close();

  expect(reloads).toEqual([]);
  await page.getByLabel("Nota de la publicación (opcional)").fill("Titular de diciembre");
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);
  await expect.poll(() => publicHeadline(page), { timeout: 5_000 }).toBe(newHeadline);

  // The history: the first revision (the files) and this one, with the field that changed.
  const history = page.locator(".studio-revision");
  await expect(history).toHaveCount(2);
  const newest = history.first();
  await expect(newest).toContainText("Titular de diciembre");
  await newest.locator("summary").click();
  await expect(newest.getByRole("table")).toContainText("Titular");
  await expect(newest.getByRole("table")).toContainText(newHeadline);

  // Restaurar publishes the first revision again, as a third one.
  const first = history.last();
  await first.locator("summary").click();
  await first.getByRole("button", { name: "Restaurar esta revisión" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revisión restaurada" })).toBeVisible();
  await expect(history).toHaveCount(3);
  await expect.poll(() => publicHeadline(page), { timeout: 5_000 }).toBe(OLD_HEADLINE);
});

test("a draft of the site settings is previewed with its footer on the home page; visitors keep the published one", async ({
  page,
}) => {
  const footerOf = async (path: string, cookie = "") => {
    const html = await (
      await page.request.get(`${server.url}${path}`, {
        headers: { "User-Agent": PERSON_UA, ...(cookie ? {} : { Cookie: "" }) },
      })
    ).text();
    return /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? "";
  };
  await logIn(page, "/admin/contenido/ajustes");
  const copyright = page.getByLabel("Texto de derechos", { exact: false });
  const published = await copyright.inputValue();
  const draft = "Brisamar Casino. Texto de derechos del borrador. Solo para mayores de 18 años.";
  await copyright.fill(draft);
  await waitForDraftSaved(page);

  // In a tab: the home page under the draft's footer, marked as a preview.
  const preview = await page.context().newPage();
  await preview.goto(`${server.url}/admin/vista-previa/ajustes`);
  await expect(preview.getByRole("contentinfo")).toContainText(draft);
  await expect(preview.getByRole("note")).toContainText("ajustes del sitio");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(OLD_HEADLINE);
  // Leaving the preview for a public page (in the browser, without a new document) shows
  // the published footer again.
  await preview.locator("main a[href='/bonos']").first().click();
  await expect(preview).toHaveURL(`${server.url}/bonos`);
  await expect(preview.getByRole("contentinfo")).toContainText(published);
  await expect(preview.getByRole("contentinfo")).not.toContainText(draft);
  await preview.close();
  // Inside the editor, and through a link for someone without an account.
  await page.getByText("Vista previa aquí, en móvil o escritorio").click();
  await expect(page.frameLocator(".studio-frame iframe").getByRole("contentinfo")).toContainText(
    draft,
  );
  await page.getByRole("button", { name: "Crear enlace" }).click();
  const link = await page.getByLabel(/^Enlace \(caduca el/).inputValue();
  const stranger = await page.context().browser()!.newContext({ userAgent: PERSON_UA });
  const shared = await stranger.newPage();
  await shared.goto(link);
  await expect(shared.getByRole("contentinfo")).toContainText(draft);
  await stranger.close();

  // Visitors, and the marketer's own public pages, keep the published footer.
  expect(await footerOf("/")).toContain(published);
  expect(await footerOf("/")).not.toContain(draft);
  expect(await footerOf("/bonos", "session")).not.toContain(draft);
  // A page's own preview keeps the published settings too.
  expect(await footerOf("/admin/vista-previa/pagina/home", "session")).toContain(published);

  await page.getByRole("button", { name: "Descartar borrador" }).click();
  await expect(copyright).toHaveValue(published);
});

test("what the checks refuse stays beside its field, and nothing is published", async ({
  page,
}) => {
  await logIn(page);
  const cases: Array<{ field: string; value: string; message: RegExp }> = [
    { field: "Titular", value: "", message: /Titular/ },
    { field: "Párrafo", value: "Juega hoy y recupera tus pérdidas.", message: /pérdidas/i },
  ];
  for (const { field, value, message } of cases) {
    await openHomeHero(page);
    const hero = page.locator("details.studio-block").first();
    await hero.getByLabel(field, { exact: false }).first().fill(value);
    await waitForDraftSaved(page);
    await page.getByRole("button", { name: "Publicar" }).click();
    const problems = page.locator(".studio-problems");
    await expect(problems).toContainText("No se puede publicar todavía");
    await expect(problems).toContainText(message);
    // Beside the field: the hero is unfolded and the message is in it.
    await expect(page.locator("details.studio-block").first()).toHaveAttribute("open", "");
    await expect(
      page.locator("details.studio-block").first().locator(".error-detail"),
    ).toBeVisible();
    expect(await publicHeadline(page)).toBe(OLD_HEADLINE);
    await page.getByRole("button", { name: "Descartar borrador" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Borrador descartado" })).toBeVisible();
  }

  // A link to a page that does not exist. Link fields suggest the site's pages and the
  // affiliate's paths.
  await openHomeHero(page);
  const hero = page.locator("details.studio-block").first();
  await expect(hero.getByLabel("Dirección (URL)", { exact: false }).first()).toHaveAttribute(
    "list",
    "studio-destinations",
  );
  await expect(page.locator("#studio-destinations option[value='/bonos']")).toHaveText(
    "Página: Bonos y promociones",
  );
  await expect(page.locator("#studio-destinations option[value='/sing-up/']")).toHaveCount(1);
  await hero.getByLabel("Dirección (URL)", { exact: false }).first().fill("/no-existe");
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.locator(".studio-problems")).toContainText("/no-existe");
  await page.getByRole("button", { name: "Descartar borrador" }).click();
  await expect(page.locator(".studio-revision")).toHaveCount(3);
});

test("the second of two tabs saving the same page is refused and shown both versions", async ({
  page,
  context,
}) => {
  await logIn(page);
  const other = await context.newPage();
  const mine = await openHomeHero(page);
  const theirs = await openHomeHero(other);
  await theirs.fill("Versión de la otra pestaña");
  await waitForDraftSaved(other);
  await mine.fill("Versión de esta pestaña");
  const conflict = page.locator(".studio-conflict");
  await expect(conflict).toContainText("No se guardó");
  await expect(conflict.getByRole("table")).toContainText("Versión de la otra pestaña");
  await expect(conflict.getByRole("table")).toContainText("Versión de esta pestaña");
  await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
  // Their draft is what the server keeps until this tab chooses.
  await other.reload();
  await other.locator("details.studio-block").first().locator("summary").click();
  await expect(
    other.locator("details.studio-block").first().getByLabel("Titular", { exact: false }).first(),
  ).toHaveValue("Versión de la otra pestaña");
  await other.close();
});

test("an uploaded photo appears in a promo block with srcset, width and height; one in use is not deleted", async ({
  page,
}) => {
  await logIn(page, "/admin/contenido/medios");
  const file = page.getByLabel(/^Archivo/);
  const alt = page.getByLabel(/^Texto alternativo/);
  const upload = page.getByRole("button", { name: "Subir", exact: true });

  // Refused beside their field, with the text typed kept: a 50 MB file (before it is
  // sent), an SVG, a file that is no image, an alternative text of spaces.
  await alt.fill("Ruleta sobre un tapete verde");
  const huge = path.join(path.dirname(ledger), "enorme.jpg");
  writeFileSync(huge, Buffer.alloc(50 * 1024 * 1024, 1));
  await file.setInputFiles(huge);
  await upload.click();
  await expect(file).toHaveAccessibleDescription(/pesa 50 MB; el máximo es 10 MB/);
  await expect(alt).toHaveValue("Ruleta sobre un tapete verde");
  await file.setInputFiles({
    name: "dibujo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script></svg>',
    ),
  });
  await upload.click();
  await expect(file).toHaveAccessibleDescription(/Las imágenes SVG no se admiten/);
  await expect(alt).toHaveValue("Ruleta sobre un tapete verde");
  await file.setInputFiles({ name: "roto.png", mimeType: "image/png", buffer: Buffer.from("no") });
  await upload.click();
  await expect(file).toHaveAccessibleDescription(/no es una imagen que se pueda leer/);
  await file.setInputFiles({
    name: "Ruleta Diciembre.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await alt.fill("   ");
  await upload.click();
  await expect(alt).toHaveAccessibleDescription(/Escribe el texto alternativo/);
  await expect(page.locator(".studio-media__item")).toHaveCount(0);

  await file.setInputFiles({
    name: "Ruleta Diciembre.jpg",
    mimeType: "image/jpeg",
    buffer: await photo(),
  });
  await alt.fill("Ruleta sobre un tapete verde");
  await upload.click();
  await expect(page.getByRole("status")).toContainText("Imagen subida: ruleta-diciembre");
  const item = page.locator(".studio-media__item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("1920×1280 px · 5 tamaños (360, 720, 1080, 1440, 1920 px)");
  await expect(item).toContainText("Sin usar");

  // Chosen in the promo block of /es, then published.
  await page.goto(`${server.url}/admin/contenido/paginas/es`);
  const promo = page
    .locator("details.studio-block")
    .filter({ has: page.locator("summary", { hasText: "Imagen promocional" }) });
  await promo.locator("summary").click();
  await promo
    .getByLabel("Móvil: imagen de la biblioteca")
    .selectOption({ label: "ruleta-diciembre (1920×1280)" });
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);

  const visitor = await page.request.get(`${server.url}/es`, {
    headers: { "User-Agent": PERSON_UA, Cookie: "" },
  });
  const html = await visitor.text();
  const img = /<img class="promo__image"[^>]*>/.exec(html)?.[0] ?? "";
  expect(img).toMatch(/ src="\/media\/ruleta-diciembre-[0-9a-f]{12}-1920\.webp"/);
  expect(img).toMatch(/ srcSet="\/media\/ruleta-diciembre-[0-9a-f]{12}-360\.webp 360w, .* 1920w"/);
  expect(img).toContain(' width="1920" height="1280"');
  // The banner's words (its offer's) are text over the photo and name the link: the photo
  // is decorative there.
  expect(img).toContain(' alt=""');
  const source = /src="([^"]+)"/.exec(img)![1]!;
  const served = await page.request.get(`${server.url}${source}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // The library says where the image is used, and refuses to delete it.
  await page.goto(`${server.url}/admin/contenido/medios`);
  await expect(item).toContainText("Usada en: España");
  await item.getByRole("button", { name: "Eliminar ruleta-diciembre" }).click();
  await expect(page.getByRole("status")).toContainText(
    "No se eliminó «ruleta-diciembre»: la usa España",
  );
  await expect(item).toHaveCount(1);
  expect((await page.request.get(`${server.url}${source}`)).status()).toBe(200);
});

test("an HTML field is written with the rich-text editor; <script> typed as HTML is refused beside it", async ({
  page,
}) => {
  await logIn(page, "/admin/contenido/paginas/responsible");
  const faq = page
    .locator("details.studio-block")
    .filter({ has: page.locator("summary", { hasText: "Preguntas frecuentes" }) });
  await faq.locator("summary").click();
  const field = faq.locator(".studio-rich").first();
  const answer = field.getByRole("textbox", { name: "Respuesta" });
  await expect(answer).toContainText("El juego debe ser una forma de entretenimiento");
  await answer.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await field.getByRole("button", { name: "Negrita" }).click();
  await expect(field.getByRole("button", { name: "Negrita" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.type("Pide ayuda cuando la necesites");
  // Typed a key at a time, the draft may be saved halfway: the preview shows the whole text
  // once the last save is in.
  const previewed = async () =>
    (await page.request.get(`${server.url}/admin/vista-previa/pagina/responsible`)).text();
  // Where the caret landed (the click's place or the end) is the browser's business: the
  // new paragraph holds the bold text.
  await expect.poll(previewed).toMatch(/<p><strong>Pide ayuda cuando la necesites<\/strong>/);

  // The same text as HTML; a <script> is refused beside the field, and nothing published.
  await field.getByRole("button", { name: "Editar como HTML" }).click();
  const html = field.getByRole("textbox", { name: "Respuesta (HTML)" });
  await expect(html).toHaveValue(/<p><strong>Pide ayuda cuando la necesites<\/strong>/);
  await html.press("Control+End");
  await html.pressSequentially("<script>alert(1)</script>");
  await expect(html).toHaveValue(/<script>alert\(1\)<\/script>$/);
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await expect(page.locator(".studio-problems")).toContainText("<script> no está permitido");
  await expect(faq.locator(".error-detail").first()).toContainText("<script> no está permitido");
  const visitor = await page.request.get(`${server.url}/responsible`, {
    headers: { "User-Agent": PERSON_UA, Cookie: "" },
  });
  expect(await visitor.text()).not.toContain("Pide ayuda cuando la necesites");
  await page.getByRole("button", { name: "Descartar borrador" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Borrador descartado" })).toBeVisible();
});

test("a page is duplicated into a new one, published, and taken off the site; a linked page is not", async ({
  page,
}) => {
  await logIn(page);
  await page.getByLabel("Título", { exact: true }).fill("Ruleta en vivo");
  await page.getByLabel("Ruta", { exact: true }).fill("/ruleta-en-vivo");
  await page
    .getByLabel("Partir de")
    .selectOption({ label: "Una copia de «Bonos y promociones» (/bonos)" });
  await page.getByRole("button", { name: "Crear borrador" }).click();
  await expect(page).toHaveURL(`${server.url}/admin/contenido/paginas/ruleta-en-vivo`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ruleta en vivo");
  const bonosBlocks = (await (
    await page.request.get(`${server.url}/admin/contenido/paginas/bonos?_data=studio___en`)
  ).json()) as {
    editor: { data: { components: unknown[] } };
  };
  await expect(page.locator("details.studio-block")).toHaveCount(
    bonosBlocks.editor.data.components.length,
  );

  // Its description is to write (two pages saying the same would compete in search).
  await page.getByRole("button", { name: "Publicar" }).click();
  // The publish's own answer (the draft's problems are listed from the start), then the page
  // idle again (its button answers) before the marketer writes the fix.
  await expect(page.getByRole("alert").filter({ hasText: "No se publicó" })).toBeVisible();
  await expect(page.locator(".studio-problems")).toContainText("Por completar");
  await expect(page.getByRole("button", { name: "Publicar" })).toBeEnabled();
  await page
    .getByLabel(/^Descripción\*?$/)
    .first()
    .fill(
      "Ruleta en vivo en Brisamar Casino: mesas con crupier, límites de apuesta y condiciones de cada bono, explicadas con calma.",
    );
  await waitForDraftSaved(page);
  await page.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(page);
  const visitor = { headers: { "User-Agent": PERSON_UA, Cookie: "" } };
  await expect
    .poll(async () => (await page.request.get(`${server.url}/ruleta-en-vivo`, visitor)).status())
    .toBe(200);

  // Taken off the site: visitors get the page that is not found.
  await page.getByText("Retirar del sitio").click();
  await page.getByRole("button", { name: "Retirar la página del sitio" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retirada del sitio" })).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`${server.url}/ruleta-en-vivo`, visitor)).status())
    .toBe(404);

  // A page other pages link to stays, and the refusal names a link.
  await page.goto(`${server.url}/admin/contenido/paginas/bonos`);
  await page.getByText("Retirar del sitio").click();
  await page.getByRole("button", { name: "Retirar la página del sitio" }).click();
  await expect(page.locator(".admin-notice, [role=alert]").first()).toContainText("No se retiró");
  expect((await page.request.get(`${server.url}/bonos`, visitor)).status()).toBe(200);
});

test("a restart keeps the drafts and the revisions", async ({ page }) => {
  server.process.kill();
  await new Promise((resolve) => server.process.once("close", resolve));
  server = await start();
  await logIn(page);
  const home = page.locator(".studio-list__item").filter({ hasText: "Inicio" });
  await expect(home).toContainText("Cambios sin publicar");
  await home.getByRole("link").click();
  await expect(page.locator(".studio-revision")).toHaveCount(3);
  const hero = page.locator("details.studio-block").first();
  await hero.locator("summary").click();
  await expect(hero.getByLabel("Titular", { exact: false }).first()).toHaveValue(
    "Versión de la otra pestaña",
  );
  expect(await publicHeadline(page)).toBe(OLD_HEADLINE);
  // And the media library, its files served as before.
  await page.goto(`${server.url}/admin/contenido/medios`);
  await expect(page.locator(".studio-media__item")).toContainText("Usada en: España");
  const smallest = await page.locator(".studio-media__item img").getAttribute("src");
  expect((await page.request.get(`${server.url}${smallest}`)).status()).toBe(200);
});

test("an editor writes and previews drafts; publishing answers 403; accounts come from the studio and from npm run users", async ({
  page,
  browser,
}) => {
  // An admin adds a publisher in the studio: the password is shown once.
  await logIn(page, "/admin/contenido/personas");
  await page.getByLabel("Correo electrónico").fill("pablo@example.com");
  await page.getByLabel("Nombre").fill("Pablo");
  await page.getByLabel("Rol", { exact: true }).selectOption("publisher");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  const shown = page.locator(".people-password");
  await expect(shown).toHaveText(/^[\w-]{24}$/);
  const publisherPassword = (await shown.textContent())!;
  await expect(page.getByRole("list", { name: "Cuentas" })).toContainText("pablo@example.com");
  await expect(page.getByRole("table")).toContainText("añadir cuenta");

  // An editor, created on the command line as an operator would.
  const { execFileSync } = await import("node:child_process");
  const created = execFileSync(
    "npx",
    ["tsx", "scripts/users.ts", "add", "eda@example.com", "--role", "editor", "--name", "Eda"],
    {
      env: { ...process.env, DATABASE_URL: `sqlite:${ledger}`, USER_PASSWORD: "eda-password-long" },
    },
  ).toString();
  expect(created).toContain("Cuenta creada: eda@example.com (editor)");

  const editorContext = await browser.newContext({ userAgent: PERSON_UA });
  const editor = await editorContext.newPage();
  await logIn(editor, "/admin/contenido", {
    user: "eda@example.com",
    password: "eda-password-long",
  });
  await expect(editor.locator(".admin-bar__person")).toHaveText("eda@example.com");
  // No site settings, postbacks or people for an editor.
  await expect(editor.getByRole("link", { name: "Ajustes del sitio" })).toHaveCount(0);
  await expect(editor.getByRole("link", { name: "Personas" })).toHaveCount(0);
  expect((await editor.request.get(`${server.url}/admin/postbacks`)).status()).toBe(403);
  expect((await editor.request.get(`${server.url}/admin/contenido/ajustes`)).status()).toBe(403);

  await editor.goto(`${server.url}/admin/contenido`);
  await editor.getByRole("link", { name: "Inicio", exact: true }).click();
  const hero = editor.locator("details.studio-block").first();
  await hero.locator("summary").click();
  await hero.getByLabel("Titular", { exact: false }).first().fill("Titular de la editora");
  await waitForDraftSaved(editor);
  await expect(editor.getByRole("button", { name: "Publicar" })).toHaveCount(0);
  await expect(editor.getByText("Tu cuenta puede guardar borradores, no publicar.")).toBeVisible();
  // The server refuses the publish itself, whatever the page shows.
  const refused = await editor.request.post(`${server.url}/admin/contenido/paginas/home`, {
    headers: { Origin: server.url },
    form: { intent: "publish", data: JSON.stringify({ title: "x" }), version: "0" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("no publicar");
  expect(await publicHeadline(editor)).toBe(OLD_HEADLINE);
  // Images: an editor chooses them, and may neither upload nor delete one.
  await editor.goto(`${server.url}/admin/contenido/medios`);
  await expect(editor.getByText("Tu cuenta puede elegir imágenes")).toBeVisible();
  await expect(editor.getByRole("button", { name: /^Eliminar/ })).toHaveCount(0);
  const upload = await editor.request.post(`${server.url}/admin/contenido/medios`, {
    headers: { Origin: server.url },
    multipart: {
      intent: "upload",
      alt: "Foto",
      file: { name: "foto.jpg", mimeType: "image/jpeg", buffer: await photo() },
    },
  });
  expect(upload.status()).toBe(403);
  expect(await upload.text()).toContain("no puede gestionar imágenes");

  // The publisher publishes the editor's draft.
  const publisherContext = await browser.newContext({ userAgent: PERSON_UA });
  const publisher = await publisherContext.newPage();
  await logIn(publisher, "/admin/contenido/paginas/home", {
    user: "pablo@example.com",
    password: publisherPassword,
  });
  const theirs = publisher.locator("details.studio-block").first();
  await theirs.locator("summary").click();
  await expect(theirs.getByLabel("Titular", { exact: false }).first()).toHaveValue(
    "Titular de la editora",
  );
  await publisher.getByRole("button", { name: "Publicar" }).click();
  await waitForPublished(publisher);
  await expect
    .poll(() => publicHeadline(publisher), { timeout: 5_000 })
    .toBe("Titular de la editora");
  await expect(publisher.locator(".studio-revision").first()).toContainText("pablo@example.com");

  // Logging out ends the session on the server: the old cookie opens nothing any more.
  const cookies = await editorContext.cookies();
  await editor.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(editor.getByLabel("Contraseña")).toBeVisible();
  const replayed = await page.request.get(`${server.url}/admin/contenido`, {
    headers: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  expect(replayed.status()).toBe(401);
  await editorContext.close();
  await publisherContext.close();
});

test("Programar publishes the draft at the time chosen, on its own", async ({ page }) => {
  test.setTimeout(150_000);
  await logIn(page, "/admin/contenido/paginas/home");
  const hero = page.locator("details.studio-block").first();
  await hero.locator("summary").click();
  await hero
    .getByLabel("Titular", { exact: false })
    .first()
    .fill("Titular programado para el viernes");
  await waitForDraftSaved(page);
  // The next minute, as the date picker takes it, in the reporting time zone (Madrid).
  const at = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000);
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .replace(" ", "T");
  await page.getByText("Programar", { exact: true }).click();
  await page.getByLabel(/^Publicar el día y la hora/).fill(local);
  await page.getByRole("button", { name: "Programar la publicación" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Programado:" })).toBeVisible();
  await expect(page.locator(".studio-scheduled")).toContainText("Programada para el");
  expect(await publicHeadline(page)).not.toBe("Titular programado para el viernes");
  await page.goto(`${server.url}/admin/contenido`);
  await expect(page.locator(".studio-list__item").filter({ hasText: "Inicio" })).toContainText(
    "Programada",
  );
  // Published by the server when the minute comes, with no one in the studio.
  await expect
    .poll(() => publicHeadline(page), { timeout: 120_000, intervals: [1_000] })
    .toBe("Titular programado para el viernes");
  await page.goto(`${server.url}/admin/contenido/personas`);
  await expect(page.getByRole("table")).toContainText("publicar (programado)");
});
