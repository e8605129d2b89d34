/**
 * The dashboard's conversions import and postback page, on the server with the dashboard
 * on and 20,000 seeded clicks (seed 1 of scripts/seed-clicks.ts: click ids
 * `seedClickId(1, n)`; this spec uses n = 17,170…17,179, which no other spec names):
 * - an import from the upload to the ledger file, without JavaScript; the same file again
 *   adds nothing; its limits, its login and its cross-site guard;
 * - the postback page: the URL with the token only for the logged in, the last postbacks,
 *   and the test postback sent through the site's own receiver.
 */
import Database from "better-sqlite3";

import { seedClickId } from "../../scripts/seed/ledger-seed";
import { REJECTIONS } from "../../app/conversions/postback-input";
import {
  ADMIN_PASSWORD,
  ADMIN_PORT,
  BASE_URL,
  CLIENT_IP_HEADER,
  POSTBACK_TOKEN,
  ledgerFile,
} from "../../playwright.config";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
/** A tag no other run or test shares, in txids and unknown click ids. */
const RUN = `e2e${Date.now().toString(36)}`;

function daysAgo(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

let client = 0;
/** A client key of its own per login, so the login rate limit never crosses tests. */
const clientHeaders = () => ({
  [CLIENT_IP_HEADER]: `import-${test.info().workerIndex}-${++client}-${Date.now()}`,
});

async function logIn(page: import("@playwright/test").Page, path: string) {
  await page.setExtraHTTPHeaders(clientHeaders());
  const form = await logInAt(page, `${ADMIN}${path}`, ADMIN_PASSWORD);
  expect(form?.status()).toBe(401);
}

/** The ledger file itself, read by SQL written here (not the app's code). */
function query<T>(sql: string, ...params: (string | number)[]): T[] {
  const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const known = seedClickId(1, 17_170);
const other = seedClickId(1, 17_171);
const unknown = `${RUN}-desconocido`;

/** A spreadsheet's export: BOM, ";", CRLF, Spanish headers in their own order, decimal commas. */
const FILE = [
  "Fecha;Id de clic;Evento;Importe;Moneda;Transacción;Notas",
  `${daysAgo(3)};${known};registration;;;;alta`, // line 2: new
  `${daysAgo(2)};${known};ftd;50,00;EUR;${RUN}-ftd;`, // 3: new
  `${daysAgo(1)};${other};commission;12,50;EUR;;`, // 4: new
  `${daysAgo(1)};${other};commission;12,50;EUR;;`, // 5: new (a second, identical one)
  `${daysAgo(3)};${known};registration;;;;otra vez`, // 6: duplicate of line 2
  `${daysAgo(1)};${unknown};commission;7,00;EUR;;`, // 7: unknown click: orphan
  `${daysAgo(1)};${other};deposit;12,345;EUR;;`, // 8: invalid amount
  `${daysAgo(-1)};${other};deposit;10;EUR;;`, // 9: tomorrow: invalid date
  `${daysAgo(1)};${other};bonus;10;EUR;;`, // 10: unknown event
].join("\r\n");

const upload = (text: string) => ({
  name: "conversiones.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(`\uFEFF${text}`, "utf8"),
});

type Stored = {
  click_id: string;
  event: string;
  amount_cents: number;
  day: string;
  origin: string;
  orphan: number;
  link_id: string;
};
const storedRows = () =>
  query<Stored>(
    // The seed's own conversions for these clicks (origin postback) are not this spec's.
    "select click_id, event, amount_cents, day, origin, orphan, link_id from conversions where origin = 'import' and click_id in (?, ?, ?) order by id",
    known,
    other,
    unknown,
  );

test.describe("the conversions import", () => {
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("previews each row by status, imports on confirmation, and the same file again adds nothing", async ({
      page,
    }) => {
      await logIn(page, "/admin/import");
      await expect(page.getByRole("heading", { name: "Importar conversiones" })).toBeVisible();
      await page.getByLabel("Archivo CSV").setInputFiles(upload(FILE));
      await page.getByRole("button", { name: "Ver la vista previa" }).click();

      const count = (title: string) =>
        page.locator(".admin-import__count", { hasText: title }).locator("dd");
      await expect(count("Nuevas")).toHaveText("4");
      await expect(count("Clic desconocido")).toHaveText("1");
      await expect(count("Duplicadas")).toHaveText("1");
      await expect(count("No válidas")).toHaveText("3");
      await expect(page.getByText("Columnas que no se usan: Notas.")).toBeVisible();
      const rowsOf = (title: string) =>
        page
          .getByRole("region", { name: title })
          .getByRole("row")
          .filter({ hasNot: page.getByRole("columnheader") });
      await expect(rowsOf("Nuevas (4)").getByRole("rowheader")).toHaveText(["2", "3", "4", "5"]);
      await expect(rowsOf("Nuevas (4)").nth(1)).toContainText("50,00");
      await expect(rowsOf("Clic desconocido (1)")).toContainText([unknown]);
      await expect(rowsOf("Duplicadas (1)")).toContainText(["repetida en el archivo (fila 2)"]);
      await expect(rowsOf("No válidas (3)")).toContainText([
        REJECTIONS.bad_amount.es,
        `${REJECTIONS.bad_date.es}: es posterior a hoy`,
        REJECTIONS.unknown_event.es,
      ]);
      await expect(rowsOf("No válidas (3)").getByRole("rowheader")).toHaveText(["8", "9", "10"]);
      // Nothing is written before the confirmation.
      expect(storedRows()).toEqual([]);

      await page.getByRole("button", { name: "Confirmar la importación" }).click();
      await expect(
        page.getByRole("heading", { name: "Importación terminada: 5 conversiones nuevas" }),
      ).toBeVisible();
      const [click] = query<{ link_id: string }>(
        "select link_id from clicks where click_id = ?",
        known,
      );
      const [otherClick] = query<{ link_id: string }>(
        "select link_id from clicks where click_id = ?",
        other,
      );
      const row = (clickId: string, event: string, cents: number, day: string, linkId: string) => ({
        click_id: clickId,
        event,
        amount_cents: cents,
        day,
        origin: "import",
        orphan: linkId ? 0 : 1,
        link_id: linkId,
      });
      const expected = [
        row(known, "registration", 0, daysAgo(3), click!.link_id),
        row(known, "ftd", 5000, daysAgo(2), click!.link_id),
        row(other, "commission", 1250, daysAgo(1), otherClick!.link_id),
        row(other, "commission", 1250, daysAgo(1), otherClick!.link_id),
        row(unknown, "commission", 700, daysAgo(1), ""),
      ];
      expect(storedRows()).toEqual(expected);
      // The invalid rows are in the postback log as rejected, as the preview said.
      expect(
        query<{ outcome: string; reason: string }>(
          "select distinct outcome, reason from postback_log where origin = 'import' and click_id = ? order by reason",
          other,
        ),
      ).toEqual(
        ["bad_amount", "bad_date", "unknown_event"].map((reason) => ({
          outcome: "rejected",
          reason,
        })),
      );

      // The same file again: every valid row is a duplicate, and confirming adds nothing.
      await page.getByRole("link", { name: "Importar otro archivo" }).click();
      await page.getByLabel("Archivo CSV").setInputFiles(upload(FILE));
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await expect(count("Nuevas")).toHaveText("0");
      await expect(count("Duplicadas")).toHaveText("6");
      await expect(rowsOf("Duplicadas (6)")).toContainText(
        Array(6).fill(/ya está en el registro|repetida en el archivo/),
      );
      await expect(page.getByText("Esta importación no añadirá ninguna conversión.")).toBeVisible();
      await page.getByRole("button", { name: "Confirmar la importación" }).click();
      await expect(
        page.getByRole("heading", { name: "Importación terminada: 0 conversiones nuevas" }),
      ).toBeVisible();
      expect(storedRows()).toEqual(expected);
    });

    test("a file problem is said in Spanish under its field; pasted text works too", async ({
      page,
    }) => {
      await logIn(page, "/admin/import");
      const file = page.getByLabel("Archivo CSV");
      await file.setInputFiles(upload(`click_id,importe\n${known},1\n`));
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await expect(file).toHaveAttribute("aria-invalid", "true");
      await expect(file).toHaveAccessibleDescription(/Faltan en la cabecera las columnas «evento»/);

      await file.setInputFiles(upload(`click_id,event,date\n${"x".repeat(2 * 1024 * 1024)}`));
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "El archivo pasa de 2 MB: divídelo en varios archivos.",
      );

      await page.goto(`${ADMIN}/admin/import`);
      await page
        .getByLabel("O pega aquí el contenido del CSV")
        .fill(`click_id,event,date\n${RUN}-pegado,registration,${daysAgo(0)}\n`);
      await page.getByRole("button", { name: "Ver la vista previa" }).click();
      await expect(
        page.locator(".admin-import__count", { hasText: "Clic desconocido" }).locator("dd"),
      ).toHaveText("1");
    });
  });

  test("is behind the login, refuses a forged or cross-site confirmation and an oversized body", async ({
    request,
  }) => {
    const off = await request.get(`${BASE_URL}/admin/import`);
    expect(off.status()).toBe(404);
    const headers = clientHeaders();
    const page = await request.get(`${ADMIN}/admin/import`, { headers });
    expect(page.status()).toBe(401);
    expect(page.headers()["cache-control"]).toBe("no-store");
    expect(await page.text()).toContain('name="password"');
    const anonymous = await request.post(`${ADMIN}/admin/import`, {
      headers,
      multipart: { intent: "preview", text: `click_id,event,date\n${known},ftd,${daysAgo(0)}\n` },
    });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.text()).not.toContain("Vista previa");

    const login = await request.post(`${ADMIN}/admin/import`, {
      headers,
      form: { intent: "login", password: ADMIN_PASSWORD },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(303);
    expect(login.headers()["location"]).toBe("/admin/import");
    const forged = await request.post(`${ADMIN}/admin/import`, {
      headers,
      multipart: { intent: "confirm", sealed: `${Date.now()}.forged.H4sIAAAAAAAAAwMAAAAAAAAAAAA=` },
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("vuelve a subir el archivo");
    const crossSite = await request.post(`${ADMIN}/admin/import`, {
      headers: { ...headers, origin: "https://evil.example" },
      multipart: { intent: "preview", text: "click_id,event,date\n" },
    });
    expect(crossSite.status()).toBe(403);
    const huge = await request.post(`${ADMIN}/admin/import`, {
      headers,
      multipart: { intent: "preview", text: "x".repeat(3 * 1024 * 1024 + 1) },
    });
    expect(huge.status()).toBe(413);
  });
});

test.describe("the postback page", () => {
  test("shows the URL with the token only to the logged in, and the last postbacks", async ({
    page,
    request,
  }) => {
    const anonymous = await request.get(`${ADMIN}/admin/postbacks`, { headers: clientHeaders() });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.text()).not.toContain(POSTBACK_TOKEN);
    const data = await request.get(`${ADMIN}/admin/postbacks?_data=admin-postbacks___en`, {
      headers: clientHeaders(),
    });
    expect(await data.text()).not.toContain(POSTBACK_TOKEN);

    // A program's postback with a malformed amount: a rejection the log must list.
    const rejected = await request.get(
      `${ADMIN}/postback/${POSTBACK_TOKEN}?click_id=${RUN}-log&event=deposit&amount=-0`,
      { headers: clientHeaders() },
    );
    expect(rejected.status()).toBe(400);
    await logIn(page, "/admin/postbacks");
    await page.goto(`${ADMIN}/admin/postbacks`);
    const ftd = page.getByRole("definition").filter({ hasText: "event=ftd" }).locator("code");
    await expect(ftd).toHaveText(
      new RegExp(
        `/postback/${POSTBACK_TOKEN}\\?click_id=\\{click_id\\}&event=ftd&amount=\\{amount\\}&currency=\\{currency\\}&txid=\\{txid\\}$`,
      ),
    );
    await expect(page.getByText("El envío del id de clic está activado.")).toBeVisible();
    await expect(page.locator("code", { hasText: /^clickid$/ })).toBeVisible();
    // The token is shown, never linked.
    expect(await page.locator(`a[href*="${POSTBACK_TOKEN}"]`).count()).toBe(0);
    // The rejection is logged with the next write, not before the 400: reload until listed.
    const logged = page.getByRole("row", { name: new RegExp(`${RUN}-log`) });
    await expect(async () => {
      await page.reload();
      await expect(logged).toContainText("rechazado", { timeout: 1_000 });
    }).toPass();
    await expect(logged).toContainText(REJECTIONS.bad_amount.es);
    await expect(logged).toContainText("postback");
  });

  test("each postback URL and each link id has a button that copies it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ADMIN });
    await logIn(page, "/admin/postbacks");
    await page.goto(`${ADMIN}/admin/postbacks`);
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const url = await page
      .getByRole("definition")
      .filter({ hasText: "event=ftd" })
      .locator("code")
      .textContent();
    const copyUrl = page.getByRole("button", { name: "Copiar la URL de «Primer depósito (FTD)»" });
    await copyUrl.click();
    await expect(copyUrl).toContainText("Copiado");
    expect(await clipboard()).toBe(url);
    await expect(
      page.getByRole("status").filter({ hasText: "Copiado al portapapeles" }),
    ).toHaveText("Copiado al portapapeles: la URL de «Primer depósito (FTD)»");

    await page.goto(`${ADMIN}/admin`);
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    const first = page.getByRole("region", { name: "Por enlace" }).locator("tbody tr").first();
    const id = (await first.locator("th code").textContent())!;
    await first.getByRole("button", { name: `Copiar el id de enlace ${id}` }).click();
    expect(await clipboard()).toBe(id);
  });

  test("both pages fit a phone's width (390 px): wide tables and URLs scroll or wrap inside", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await logIn(page, "/admin/import");
    await page.getByText("Formato del archivo").click();
    await expect(page.getByText("Ejemplo (separado por «;»")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByLabel("Archivo CSV").setInputFiles(upload(FILE));
    await page.getByRole("button", { name: "Ver la vista previa" }).click();
    await expect(page.getByRole("heading", { name: "Vista previa" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(`${ADMIN}/admin/postbacks`);
    await expect(page.getByRole("heading", { name: "Últimos postbacks" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  test("the test button sends a postback through the site's own receiver, which logs it and stores nothing", async ({
    page,
  }) => {
    await logIn(page, "/admin/postbacks");
    await page.getByRole("button", { name: "Enviar un postback de prueba" }).click();
    await expect(page.locator(".admin-postbacks__answer")).toHaveText(
      "El receptor ha respondido 200: «OK test»",
    );
    const logged = page.getByRole("row", { name: /prueba-panel/ }).first();
    await expect(logged).toContainText("prueba");
    await expect(logged).toContainText("10,00 EUR");
    expect(
      query<{ n: number }>(
        "select count(*) as n from postback_log where outcome = 'test' and click_id = 'prueba-panel'",
      )[0]!.n,
    ).toBeGreaterThan(0);
    expect(
      query<{ n: number }>(
        "select count(*) as n from conversions where click_id = 'prueba-panel'",
      )[0]!.n,
    ).toBe(0);
  });
});
