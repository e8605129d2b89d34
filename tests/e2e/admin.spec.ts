/**
 * The marketer's dashboard: off by default (the site's 404 page), behind a password
 * when on, its figures (clicks and the money they earned) against counts computed here
 * straight from the seeded ledger, the filters, order and "ver todos" in the URL, link
 * labels, the commission chart, the CSV exports, its own frame, the rate limit, logout and
 * the headers.
 */
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";

import {
  ADMIN_PASSWORD,
  ADMIN_PORT,
  BASE_URL,
  CLIENT_IP_HEADER,
  ledgerFile,
} from "../../playwright.config";

import { expect, pageBySlug, h1Of, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
/** An export's rows as a spreadsheet reads them (every cell is quoted: RFC 4180). */
const csvRows = (text: string) => parse(text, { bom: true }) as string[][];
const number = new Intl.NumberFormat("es-ES");
const euros = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  useGrouping: "always",
} as unknown as Intl.NumberFormatOptions);
/** Cents as the dashboard writes euros: "1.234,50 €", "−2,50 €". */
const money = (cents: number) => euros.format(cents / 100).replace("-", "−");
/** Cents as the dashboard writes another currency: "1.234,50 USD". */
const dollarsText = (cents: number) =>
  new Intl.NumberFormat("es-ES", {
    style: "currency",
    currency: "USD",
    currencyDisplay: "code",
    useGrouping: "always",
  } as unknown as Intl.NumberFormatOptions)
    .format(cents / 100)
    .replace("-", "−");
/** The cents of an amount the dashboard wrote. */
const centsOf = (text: string) =>
  Math.round(
    Number(
      text
        .replace(/[^\d,−-]/g, "")
        .replace("−", "-")
        .replace(",", "."),
    ) * 100,
  );

function daysAgo(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Counts from the ledger file itself, by SQL written here (not the app's reports). */
function count(where: string, ...params: (string | number)[]): number {
  const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
  try {
    return (
      db.prepare(`select count(*) as n from clicks where ${where}`).get(...params) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

/** One number from the ledger file by SQL written here. */
function scalar(query: string, ...params: (string | number)[]): number {
  const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
  try {
    return Number((db.prepare(query).get(...params) as { n: number | null }).n ?? 0);
  } finally {
    db.close();
  }
}

/**
 * A range that ends yesterday: conversions that other tests post to this server land on
 * today, so the seeded days stay as seeded while this file reads them.
 */
const PAST = { from: daysAgo(30), to: daysAgo(1) };
const PAST_QUERY = `period=custom&from=${PAST.from}&to=${PAST.to}`;

/**
 * A ranking's figure columns by heading: the index among a row's cells (`td`, after the
 * value's `th`) of the column headed `heading`.
 */
async function columnsOf(region: import("@playwright/test").Locator) {
  const headings = (await region.locator("thead th").allInnerTexts()).map((text) =>
    text.replace("▼", "").trim(),
  );
  return (heading: string) => {
    const index = headings.indexOf(heading);
    expect(index, heading).toBeGreaterThan(0);
    return index - 1;
  };
}

let client = 0;
/**
 * A client key no other test, worker or run uses (the server keeps its rate limits for a
 * minute), so rate limits never cross tests.
 */
const clientHeaders = () => ({
  [CLIENT_IP_HEADER]: `e2e-${test.info().workerIndex}-${++client}-${Date.now()}`,
});

async function logIn(page: import("@playwright/test").Page, path = "/admin") {
  await page.setExtraHTTPHeaders(clientHeaders());
  await logInAt(page, `${ADMIN}${path}`, ADMIN_PASSWORD);
}

test.describe("without ADMIN_PASSWORD", () => {
  /** What a visitor gets at `path`: status, cache policy and the page's texts and frame. */
  async function answerAt(page: import("@playwright/test").Page, path: string) {
    const response = await page.goto(`${BASE_URL}${path}`);
    return {
      status: response?.status(),
      cacheControl: response?.headers()["cache-control"],
      setCookie: response?.headers()["set-cookie"],
      h1: await page.locator("main h1").innerText(),
      lead: await page.locator("main .hero__lead").innerText(),
      home: await page.getByRole("main").getByRole("link").first().getAttribute("href"),
      header: await page.getByRole("banner").count(),
      footer: await page.getByRole("contentinfo").count(),
      robots: await page.locator('meta[name="robots"]').getAttribute("content"),
    };
  }

  test("/admin is the site's 404 page, with the texts, status and frame of an unknown path", async ({
    page,
  }) => {
    const unknown = await answerAt(page, "/no-such-page");
    expect(unknown).toMatchObject({ status: 404, h1: h1Of(pageBySlug("/404")), header: 1 });
    expect(unknown.setCookie).toBeUndefined();
    for (const path of ["/admin", "/admin?period=7d", "/admin/x"]) {
      expect(await answerAt(page, path), path).toEqual(unknown);
    }
  });

  test("a POST to /admin is answered as a POST to any unknown path, and logs no one in", async ({
    request,
  }) => {
    const form = { intent: "login", password: "x" };
    const unknown = await request.post(`${BASE_URL}/no-such-page`, { form });
    const post = await request.post(`${BASE_URL}/admin`, { form });
    expect(post.status()).toBe(unknown.status());
    expect(post.headers()["allow"]).toBe(unknown.headers()["allow"]);
    expect(post.headers()["set-cookie"]).toBeUndefined();
    const body = await post.text();
    expect(body).toContain("<footer");
    expect(body).not.toContain('name="password"');
  });

  test("the exports do not exist: the site's 404 page, no cookie, no data", async ({ request }) => {
    for (const path of [
      "/admin/clicks.csv",
      "/admin/conversions.csv",
      "/admin/daily.csv?period=7d",
    ]) {
      const response = await request.get(`${BASE_URL}${path}`);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["set-cookie"], path).toBeUndefined();
      expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
      const body = await response.text();
      expect(body, path).not.toMatch(/^\uFEFF?(id,at,day|day,clicks)/);
      expect(body, path).toContain(h1Of(pageBySlug("/404")));
      expect(body, path).toContain("<footer");
    }
  });
});

test.describe("with ADMIN_PASSWORD", () => {
  test("nothing is reachable without the password, by any path, method or header", async ({
    request,
  }) => {
    const attempts: [string, string, Record<string, string>?][] = [
      ["GET", "/admin"],
      ["GET", "/ADMIN"],
      ["GET", "/admin?_data=admin___en"],
      ["GET", "/admin?period=7d&page=/"],
      ["HEAD", "/admin"],
      ["GET", "/admin/clicks.csv"],
      ["GET", "/admin/conversions.csv"],
      ["GET", "/admin/daily.csv?period=custom&from=2020-01-01&to=2030-01-01"],
      ["GET", "/admin/clicks.csv?_data=admin-clicks___en"],
      ["GET", "/admin", { authorization: `Basic ${btoa(`admin:${ADMIN_PASSWORD}`)}` }],
      ["GET", "/admin", { cookie: "admin_session=forged" }],
      ["GET", "/admin", { "x-forwarded-for": "127.0.0.1", "x-original-url": "/admin" }],
    ];
    for (const [method, path, headers = {}] of attempts) {
      const response = await request.fetch(`${ADMIN}${path}`, {
        method,
        headers: { ...clientHeaders(), ...headers },
        maxRedirects: 0,
      });
      const label = `${method} ${path} ${JSON.stringify(headers)}`;
      expect([401, 404], label).toContain(response.status());
      const body = method === "HEAD" ? "" : await response.text();
      expect(body, label).not.toContain("Clics de personas");
      expect(body, label).not.toMatch(/^\uFEFF?id,at,day/);
      expect(response.headers()["cache-control"], label).toBe("no-store");
    }
  });

  test("a wrong password is refused, and the sixth try in a minute gets 429 with Retry-After", async ({
    request,
  }) => {
    const headers = clientHeaders();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await request.post(`${ADMIN}/admin`, {
        form: { intent: "login", password: `wrong-${attempt}` },
        headers,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(401);
      expect(await response.text()).toContain("Usuario o contraseña incorrectos.");
    }
    const blocked = await request.post(`${ADMIN}/admin`, {
      form: { intent: "login", password: ADMIN_PASSWORD },
      headers,
      maxRedirects: 0,
    });
    expect(blocked.status()).toBe(429);
    const retryAfter = Number(blocked.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await blocked.text()).toContain("Demasiados intentos fallidos");
    // Another client is not blocked.
    const other = await request.post(`${ADMIN}/admin`, {
      form: { intent: "login", password: ADMIN_PASSWORD },
      headers: clientHeaders(),
      maxRedirects: 0,
    });
    expect(other.status()).toBe(303);
    const cookie = other.headers()["set-cookie"]!;
    expect(cookie).toMatch(/^admin_session=/);
    for (const flag of ["HttpOnly", "Secure", "SameSite=Strict", "Path=/admin"]) {
      expect(cookie).toContain(flag);
    }
  });

  test("the figures of the default view match the ledger, and filters compose in the URL", async ({
    page,
  }) => {
    await logIn(page);
    const from = daysAgo(29);
    const to = daysAgo(0);
    const humans = count("day between ? and ? and is_bot = 0", from, to);
    expect(humans).toBeGreaterThan(0);
    const kpi = (label: string) =>
      page.locator(".admin-kpi", { hasText: label }).locator(".admin-kpi__value");
    await expect(kpi("Clics de personas")).toHaveText(number.format(humans));
    const uniques = scalar(
      "select count(*) as n from (select distinct day, visitor from clicks where day between ? and ? and is_bot = 0)",
      from,
      to,
    );
    await expect(kpi("Visitantes que hicieron clic")).toHaveText(number.format(uniques));

    // A page row adds a filter, without a full reload.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const pages = page.getByRole("region", { name: "Por página" });
    const firstPage = pages.locator("tbody th a").first();
    const pagePath = (await firstPage.textContent())!;
    await firstPage.click();
    await expect(page).toHaveURL(new RegExp(`page=${encodeURIComponent(pagePath)}`));
    const byPage = count("day between ? and ? and is_bot = 0 and page = ?", from, to, pagePath);
    await expect(kpi("Clics de personas")).toHaveText(number.format(byPage));
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
    // Visitors who clicked are counted under the filter too, and the page says how.
    const clickers = page.locator(".admin-kpi", { hasText: "Visitantes que hicieron clic" });
    const pageUniques = scalar(
      "select count(*) as n from (select distinct day, visitor from clicks where day between ? and ? and is_bot = 0 and page = ?)",
      from,
      to,
      pagePath,
    );
    await expect(clickers.locator(".admin-kpi__value")).toHaveText(number.format(pageUniques));
    await expect(clickers).toContainText("Con filtros se cuentan por una huella de cada visitante");

    // A campaign row composes with it.
    const campaign = page
      .getByRole("region", { name: "Por campaña" })
      .locator("tbody th a")
      .first();
    const campaignName = (await campaign.textContent())!;
    await campaign.click();
    await expect(page).toHaveURL(/campaign=/);
    const both = count(
      "day between ? and ? and is_bot = 0 and page = ? and utm_campaign = ?",
      from,
      to,
      pagePath,
      campaignName,
    );
    await expect(kpi("Clics de personas")).toHaveText(number.format(both));
    await expect(page.getByRole("list", { name: "Filtros activos" })).toContainText(
      `Página: ${pagePath}`,
    );

    // The period form keeps the filters; the URL alone reproduces the view.
    await page.getByLabel("Periodo").selectOption("7d");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/period=7d/);
    const week = count(
      "day between ? and ? and is_bot = 0 and page = ? and utm_campaign = ?",
      daysAgo(6),
      to,
      pagePath,
      campaignName,
    );
    await expect(kpi("Clics de personas")).toHaveText(number.format(week));
    const shared = page.url();
    await page.goto(shared);
    await expect(kpi("Clics de personas")).toHaveText(number.format(week));

    // Removing a filter.
    await page.getByRole("link", { name: `Quitar el filtro Campaña: ${campaignName}` }).click();
    await expect(page).not.toHaveURL(/campaign=/);
  });

  test("the chart shows a bar per day, bots only when asked", async ({ page }) => {
    await logIn(page, "/admin?period=7d");
    const chart = page.locator(".admin-chart svg");
    await expect(chart.locator("rect.admin-chart__humans")).toHaveCount(7);
    await expect(chart.locator("rect.admin-chart__bots")).toHaveCount(0);
    await page.goto(`${ADMIN}/admin?period=7d&bots=1`);
    expect(await chart.locator("rect.admin-chart__bots").count()).toBeGreaterThan(0);
    await expect(chart).toHaveAttribute("aria-label", /^Clics por día del /);
  });

  test("both exports stream CSV with the view's filters, matching the ledger", async ({ page }) => {
    await logIn(page);
    const from = daysAgo(29);
    const to = daysAgo(0);
    const clicks = await page.request.get(`${ADMIN}/admin/clicks.csv?device=mobile`);
    expect(clicks.status()).toBe(200);
    expect(clicks.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(clicks.headers()["cache-control"]).toBe("no-store");
    expect(clicks.headers()["content-disposition"]).toBe(
      `attachment; filename="clicks-${from}-${to}.csv"`,
    );
    const lines = csvRows(await clicks.text());
    const header = lines[0]!;
    expect(header).toEqual([
      "id",
      "at",
      "day",
      "link_id",
      "destination",
      "page",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_content",
      "utm_term",
      "gclid",
      "fbclid",
      "subid",
      "country",
      "device",
      "browser",
      "is_bot",
      "visitor",
      "referrer",
      "click_id",
      "variants",
      "offer",
      "fallback",
    ]);
    expect(lines.length - 1).toBe(count("day between ? and ? and device = 'mobile'", from, to));
    const device = header.indexOf("device");
    expect(lines.slice(1).every((line) => line[device] === "mobile")).toBe(true);
    // Each click's id, to join it to conversions.csv and to the program's report.
    const clickId = header.indexOf("click_id");
    const first = lines[1]!;
    expect(first[clickId]).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(count("click_id = ? and id = ?", first[clickId]!, Number(first[0]))).toBe(1);

    const daily = await page.request.get(`${ADMIN}/admin/daily.csv?period=7d`);
    const rows = csvRows(await daily.text());
    expect(rows[0]!.join(",")).toBe(
      "day,clicks,bot_clicks,unique_visitors,registrations,ftds,deposits,commission,views,visitors",
    );
    const sum = rows.slice(1).reduce((total, row) => total + Number(row[1]), 0);
    expect(sum).toBe(count("day between ? and ? and is_bot = 0", daysAgo(6), to));
  });

  test("a bad period answers 400 with the notice; a POST that is not a form, 400 and no stack", async ({
    page,
  }) => {
    await logIn(page);
    const response = await page.goto(`${ADMIN}/admin?from=2026-13-45`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("status").filter({ hasText: "Fechas no válidas" })).toHaveText(
      "Fechas no válidas (desde ≤ hasta, como mucho 400 días): se muestran los últimos 30 días.",
    );
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    for (const file of ["clicks.csv", "conversions.csv", "daily.csv", "pages.csv"]) {
      const exported = await page.request.get(`${ADMIN}/admin/${file}?from=2026-13-45`);
      expect(exported.status(), file).toBe(400);
      expect(await exported.text(), file).toMatch(/^Fechas no válidas .*: no se ha exportado nada/);
    }
    for (const path of [
      "/admin",
      "/admin/enlaces",
      "/admin/postbacks",
      "/admin/experiments",
      "/admin/import",
    ]) {
      for (const type of ["application/json", "text/plain"]) {
        const answer = await page.request.post(`${ADMIN}${path}`, {
          headers: { "content-type": type, origin: ADMIN },
          data: type === "application/json" ? '{"intent":"logout"}' : "intent=logout",
          maxRedirects: 0,
        });
        const label = `${path} ${type}`;
        expect(answer.status(), label).toBe(400);
        const html = await answer.text();
        expect(html, label).not.toMatch(/\n\s+at /);
        // The import page keeps its form, with the message; the others show the error page.
        expect(html, label).toContain(
          path === "/admin/import" ? "El formulario no se ha podido leer." : "Solicitud no válida",
        );
      }
    }
    // Still logged in: the JSON "logout" was no form.
    const still = await page.request.get(`${ADMIN}/admin`);
    expect(still.status()).toBe(200);
  });

  test("admin pages keep the strict CSP, say noindex, and logging out ends the session", async ({
    page,
  }) => {
    await logIn(page);
    const response = await page.request.get(`${ADMIN}/admin`);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/^default-src 'none'/);
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(headers["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    // The logout button looks active: the site's type and a transparent outlined button,
    // not the browser's grey <button> in its own small font.
    const logout = page.getByRole("button", { name: "Cerrar sesión" });
    expect(
      await logout.evaluate((button) => {
        const style = getComputedStyle(button);
        return {
          background: style.backgroundColor,
          fontSize: style.fontSize === getComputedStyle(document.body).fontSize,
          cursor: style.cursor,
        };
      }),
    ).toEqual({ background: "rgba(0, 0, 0, 0)", fontSize: true, cursor: "pointer" });
    await logout.click();
    await expect(page.getByLabel("Contraseña")).toBeVisible();
    const after = await page.request.get(`${ADMIN}/admin/clicks.csv`);
    expect(after.status()).toBe(401);
  });

  test("a public page loads none of the dashboard's code or styles", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(request.url()));
    await page.goto(`${ADMIN}/`);
    await page.locator("html[data-hydrated='true']").waitFor({ state: "attached" });
    const manifest = await page.evaluate(
      () =>
        (window as unknown as { __remixManifest: { routes: Record<string, { module: string }> } })
          .__remixManifest.routes,
    );
    const adminModule = manifest["admin___en"]!.module;
    expect(loaded.some((url) => url.endsWith(adminModule))).toBe(false);
    expect(loaded.some((url) => /admin-[A-Z0-9]+\.css$/.test(url))).toBe(false);
    expect(await page.locator("style").first().textContent()).not.toContain(".admin-kpi");
  });
});

test.describe("what earns money", () => {
  /** The key figure whose name is exactly `label`. */
  const card = (page: import("@playwright/test").Page, label: string) =>
    page.locator(".admin-kpi").filter({ has: page.getByText(label, { exact: true }) });
  const kpi = (page: import("@playwright/test").Page, label: string) =>
    card(page, label).locator(".admin-kpi__value");
  const inPast = "day between ? and ?";

  test("the key figures count registrations, FTDs, commission in euros and EPC as the ledger does", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const humans = count(`${inPast} and is_bot = 0`, PAST.from, PAST.to);
    const conversions = (event: string) =>
      scalar(
        `select count(*) as n from conversions where ${inPast} and event = ?`,
        PAST.from,
        PAST.to,
        event,
      );
    const commission = scalar(
      `select sum(amount_cents) as n from conversions where ${inPast} and event = 'commission' and currency = 'EUR'`,
      PAST.from,
      PAST.to,
    );
    const dollars = scalar(
      `select sum(amount_cents) as n from conversions where ${inPast} and event = 'commission' and currency = 'USD'`,
      PAST.from,
      PAST.to,
    );
    expect(conversions("registration")).toBeGreaterThan(0);
    expect(dollars).not.toBe(0);
    await expect(kpi(page, "Registros")).toHaveText(number.format(conversions("registration")));
    await expect(kpi(page, "FTD (primeros depósitos)")).toHaveText(
      number.format(conversions("ftd")),
    );
    await expect(kpi(page, "Comisión")).toHaveText(money(commission));
    // Dollars apart, never added to the euros.
    await expect(card(page, "Comisión")).toContainText(`también: ${dollarsText(dollars)}`);
    await expect(kpi(page, "EPC")).toHaveText(money(commission / humans));
    await expect(card(page, "Visitantes únicos")).toContainText(
      "Quienes vieron alguna página, sumados día a día",
    );
  });

  test("each ranking row has the registrations, FTDs and commission of its clicks, and orphans their own row", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const pages = page.getByRole("region", { name: "Por página" });
    const first = pages.locator("tbody tr").first();
    const path = (await first.locator("th a").textContent())!;
    const cells = await first.locator("td").allTextContents();
    const where = `${inPast} and orphan = 0 and page = ?`;
    const of = (event: string) =>
      scalar(
        `select count(*) as n from conversions where ${where} and event = ?`,
        PAST.from,
        PAST.to,
        path,
        event,
      );
    const euro = scalar(
      `select sum(amount_cents) as n from conversions where ${where} and event = 'commission' and currency = 'EUR'`,
      PAST.from,
      PAST.to,
      path,
    );
    const at = await columnsOf(pages);
    expect(cells[at("Registros")]).toBe(number.format(of("registration")));
    expect(cells[at("FTD")]).toBe(number.format(of("ftd")));
    expect(cells[at("Comisión")]).toContain(money(euro));

    const orphans = scalar(
      `select count(*) as n from conversions where ${inPast} and orphan = 1 and event = 'registration'`,
      PAST.from,
      PAST.to,
    );
    const orphanRow = pages.locator("tbody tr", { hasText: "(sin clic)" });
    await expect(orphanRow).toHaveCount(1);
    await expect(orphanRow.locator("td").nth(at("Registros"))).toHaveText(number.format(orphans));
  });

  test("each offer has the clicks and conversions the ledger recorded for it, and filters the view", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const offers = page.getByRole("region", { name: "Por oferta" });
    const first = offers.locator("tbody tr").first();
    const id = (await first.locator("th code").textContent())!;
    const clicks = count(`${inPast} and is_bot = 0 and offer = ?`, PAST.from, PAST.to, id);
    const registrations = scalar(
      `select count(*) as n from conversions where ${inPast} and event = 'registration' and offer = ?`,
      PAST.from,
      PAST.to,
      id,
    );
    // The seed clicks the content's links, so an offer's links bring it clicks and players.
    expect(clicks).toBeGreaterThan(0);
    const at = await columnsOf(offers);
    const cells = first.locator("td");
    await expect(cells.nth(at("Clics"))).toHaveText(number.format(clicks));
    await expect(cells.nth(at("Registros"))).toHaveText(number.format(registrations));

    await first.locator("th a").click();
    await expect(page).toHaveURL(new RegExp(`[?&]offer=${id}(&|$)`));
    await expect(page.getByRole("link", { name: `Quitar el filtro Oferta: ${id}` })).toBeVisible();
    // Under the offer, every ranking counts that offer's clicks only.
    const links = page.getByRole("region", { name: "Por enlace" });
    const linkCells = await links.locator("tbody tr").first().locator("td").allTextContents();
    const linkId = (await links.locator("tbody tr").first().locator("th code").textContent())!;
    const linkAt = await columnsOf(links);
    expect(linkCells[linkAt("Clics")]).toBe(
      number.format(
        count(
          `${inPast} and is_bot = 0 and offer = ? and link_id = ?`,
          PAST.from,
          PAST.to,
          id,
          linkId,
        ),
      ),
    );
  });

  test("on a phone a ranking's label stays while its figures scroll, none cut, and a cue says so", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, `/admin?${PAST_QUERY}`);
    const links = page.getByRole("region", { name: "Por enlace" });
    await expect(links.getByText("Desliza la tabla para ver todas las cifras")).toBeVisible();
    const scroller = links.locator(".admin-rank__scroll");
    const row = links.locator("tbody tr").first();
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const box = (await scroller.boundingBox())!;
    const label = (await row.locator("th").boundingBox())!;
    const last = (await row.locator("td").last().boundingBox())!;
    // The label is still at the left edge, the last figure now in view beside it.
    expect(label.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(label.x).toBeLessThan(box.x + 2);
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(last.x).toBeGreaterThanOrEqual(label.x + label.width - 1);
    // No figure is cut: every cell shows all it holds.
    const cut = await links
      .locator("tbody td")
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
    expect(cut).toBe(0);
    // On a laptop the tables have room: no cue.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(links.getByText("Desliza la tabla para ver todas las cifras")).toBeHidden();
  });

  test("a column heading orders every ranking by it, most first, and says so", async ({ page }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const links = page.getByRole("region", { name: "Por enlace" });
    await links.getByRole("link", { name: "Comisión" }).click();
    await expect(page).toHaveURL(/sort=commission/);
    await expect(links.locator("th[aria-sort='descending']")).toHaveText(/Comisión/);
    const column = (await columnsOf(links))("Comisión") + 1;
    const byCommission = (
      await links
        .locator(`tbody tr:not(:has-text('(sin clic)')) td:nth-of-type(${column})`)
        .allTextContents()
    ).map((text) => centsOf(text.split("también")[0]!));
    expect(byCommission.length).toBeGreaterThan(1);
    expect(byCommission).toEqual([...byCommission].sort((a, b) => b - a));
    // The period form keeps the order.
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page).toHaveURL(/sort=commission/);
  });

  test("«ver todos» shows every row of one ranking, and the first ten again", async ({ page }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const subids = page.getByRole("region", { name: "Por sub-id" });
    const values =
      scalar(
        `select count(distinct subid) as n from clicks where ${inPast} and is_bot = 0`,
        PAST.from,
        PAST.to,
      ) + 1; // and the clicks without a sub-id
    expect(values).toBeGreaterThan(10);
    const valueRows = subids.locator("tbody tr:not(:has-text('(sin clic)'))");
    await expect(valueRows).toHaveCount(10);
    await subids.getByRole("link", { name: `Ver todos (${number.format(values)})` }).click();
    await expect(page).toHaveURL(/all=subid/);
    await expect(valueRows).toHaveCount(values);
    await subids.getByRole("link", { name: "Ver solo los 10 primeros" }).click();
    await expect(valueRows).toHaveCount(10);
  });

  test("under a filter, the sub-id ranking is computed when asked for, with the ledger's counts", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}&device=mobile`);
    const subids = page.getByRole("region", { name: "Por sub-id" });
    await expect(subids).toContainText("se calcula al pedirlo");
    await expect(subids.locator("tbody tr")).toHaveCount(0);
    await subids.getByRole("link", { name: "Calcular por sub-id" }).click();
    await expect(page).toHaveURL(/all=subid/);
    await expect(page).toHaveURL(/device=mobile/);
    const values =
      scalar(
        `select count(distinct subid) as n from clicks where ${inPast} and is_bot = 0 and device = 'mobile'`,
        PAST.from,
        PAST.to,
      ) + 1; // and the clicks without a sub-id
    await expect(subids.locator("tbody tr:not(:has-text('(sin clic)'))")).toHaveCount(values);
    const top = scalar(
      `select max(n) as n from (select count(*) as n from clicks where ${inPast} and is_bot = 0
        and device = 'mobile' group by subid)`,
      PAST.from,
      PAST.to,
    );
    await expect(subids.locator("tbody tr").first().locator("td").first()).toHaveText(
      number.format(top),
    );
  });

  test("a link is named by its page and its button, its id beside", async ({ page }) => {
    await logIn(page, `/admin?${PAST_QUERY}&all=link`);
    const bonos = pageBySlug("/bonos");
    const main = bonos.components.find((component) => component.component_id === 1)!;
    const button = (main.data.content.buttons as { text: string }[])[0]!;
    const row = page
      .getByRole("region", { name: "Por enlace" })
      .locator("tbody th", { hasText: "bonos-main-block-1-button-1" });
    const title = (bonos as unknown as { title: string }).title;
    await expect(row).toContainText(`${title} · ${button.text}`);
    await expect(row.locator("code")).toHaveText("bonos-main-block-1-button-1");
  });

  test("the chart shows euro commission per day when asked", async ({ page }) => {
    await logIn(page, "/admin?period=7d");
    await page.getByRole("link", { name: "Ver comisión por día" }).click();
    await expect(page).toHaveURL(/chart=commission/);
    await expect(page.getByRole("heading", { name: "Comisión por día (EUR)" })).toBeVisible();
    const chart = page.locator(".admin-chart svg");
    await expect(chart.locator("rect.admin-chart__commission")).toHaveCount(7);
    await expect(chart).toHaveAttribute("aria-label", /^Comisión en euros por día del /);
  });

  test("conversions.csv has one row per conversion with its attribution; daily.csv the money per day", async ({
    page,
  }) => {
    await logIn(page);
    const conversions = await page.request.get(
      `${ADMIN}/admin/conversions.csv?${PAST_QUERY}&device=mobile`,
    );
    expect(conversions.status()).toBe(200);
    expect(conversions.headers()["content-disposition"]).toBe(
      `attachment; filename="conversions-${PAST.from}-${PAST.to}.csv"`,
    );
    const lines = csvRows(await conversions.text());
    const header = lines[0]!;
    expect(header).toEqual([
      "at",
      "day",
      "event",
      "amount",
      "currency",
      "txid",
      "click_id",
      "orphan",
      "origin",
      "link_id",
      "page",
      "utm_source",
      "utm_campaign",
      "subid",
      "country",
      "device",
      "referrer",
      "offer",
    ]);
    expect(lines.length - 1).toBe(
      scalar(
        `select count(*) as n from conversions where ${inPast} and device = 'mobile'`,
        PAST.from,
        PAST.to,
      ),
    );
    const rows = lines.slice(1);
    expect(rows.every((row) => row[header.indexOf("device")] === "mobile")).toBe(true);
    expect(rows.every((row) => /^-?\d+\.\d\d$/.test(row[header.indexOf("amount")]!))).toBe(true);

    const daily = await page.request.get(`${ADMIN}/admin/daily.csv?${PAST_QUERY}`);
    const days = csvRows(await daily.text());
    const columns = days[0]!;
    const sum = (column: string) =>
      days.slice(1).reduce((total, row) => total + Number(row[columns.indexOf(column)]), 0);
    const events = (event: string) =>
      scalar(
        `select count(*) as n from conversions where ${inPast} and event = ?`,
        PAST.from,
        PAST.to,
        event,
      );
    expect(sum("registrations")).toBe(events("registration"));
    expect(sum("ftds")).toBe(events("ftd"));
    expect(sum("deposits")).toBe(events("deposit"));
    expect(Math.round(sum("commission") * 100)).toBe(
      scalar(
        `select sum(amount_cents) as n from conversions where ${inPast} and event = 'commission' and currency = 'EUR'`,
        PAST.from,
        PAST.to,
      ),
    );
  });

  test("the dashboard has its own frame: its menu and logout, none of the site's calls to action", async ({
    page,
  }) => {
    await logIn(page);
    // One name for the dashboard: its heading, its title, its frame and its login page.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panel de afiliación");
    await expect(page).toHaveTitle("Panel de afiliación");
    const header = page.getByRole("banner");
    await expect(header).toHaveCount(1);
    await expect(header).toContainText("· Panel de afiliación");
    const menu = page.getByRole("navigation", { name: "Secciones del panel" });
    for (const [name, href] of [
      ["Panel", "/admin"],
      ["Enlaces", "/admin/enlaces"],
      ["Experimentos", "/admin/experiments"],
      ["Postbacks", "/admin/postbacks"],
      ["Importar CSV", "/admin/import"],
    ] as const) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: "Panel" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Inscribirse", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Conectarse", exact: true })).toHaveCount(0);
    expect(
      await page.locator('a[href^="/go/"], a[href*="sing-up"], a[href*="login"]').count(),
    ).toBe(0);
    await expect(page.getByRole("contentinfo")).toContainText("Panel privado");
  });
});

test.describe("the funnel: page views to commission", () => {
  const percent = new Intl.NumberFormat("es-ES", { style: "percent", maximumFractionDigits: 1 });
  const card = (page: import("@playwright/test").Page, label: string) =>
    page.locator(".admin-kpi").filter({ has: page.getByText(label, { exact: true }) });
  const kpi = (page: import("@playwright/test").Page, label: string) =>
    card(page, label).locator(".admin-kpi__value");
  const inPast = "day between ? and ?";
  const views = (where = "1 = 1", ...params: string[]) =>
    scalar(
      `select count(*) as n from views where ${inPast} and ${where}`,
      PAST.from,
      PAST.to,
      ...params,
    );
  const humans = (where = "1 = 1", ...params: string[]) =>
    count(`${inPast} and is_bot = 0 and ${where}`, PAST.from, PAST.to, ...params);
  /** The page with the most views in the past range, by SQL. */
  const topPage = () => {
    const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
    try {
      return (
        db
          .prepare(
            `select page from views where ${inPast} group by page order by count(*) desc, page limit 1`,
          )
          .get(PAST.from, PAST.to) as { page: string }
      ).page;
    } finally {
      db.close();
    }
  };

  /** A ranking's cell in the column headed `heading`, in the row whose value is `value`. */
  async function cell(
    region: import("@playwright/test").Locator,
    value: string,
    heading: string,
  ): Promise<string> {
    const row = region.locator("tbody tr").filter({
      has: region.page().getByRole("link", { name: value, exact: true }),
    });
    return row
      .locator("td")
      .nth((await columnsOf(region))(heading))
      .innerText();
  }

  test("the key figures and the funnel count views, visitors, clicks, CTR and RPM as the ledger does", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const seen = views();
    const clicks = humans();
    expect(seen).toBeGreaterThan(clicks);
    const visitors = scalar(
      `select count(*) as n from (select distinct day, visitor from views where ${inPast})`,
      PAST.from,
      PAST.to,
    );
    const commission = scalar(
      `select sum(amount_cents) as n from conversions where ${inPast} and event = 'commission' and currency = 'EUR'`,
      PAST.from,
      PAST.to,
    );
    await expect(kpi(page, "Vistas de página")).toHaveText(number.format(seen));
    await expect(kpi(page, "Visitantes únicos")).toHaveText(number.format(visitors));
    await expect(kpi(page, "CTR")).toHaveText(percent.format(clicks / seen));
    await expect(kpi(page, "RPM")).toHaveText(money((commission * 1000) / seen));

    const funnel = page.getByRole("region", { name: "Embudo: de la vista al primer depósito" });
    const steps = funnel.getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText(`Vistas de página${number.format(seen)}`);
    await expect(steps.nth(1)).toContainText(
      `${number.format(clicks)}${percent.format(clicks / seen)} de las vistas (CTR)`,
    );
    const registrations = scalar(
      `select count(*) as n from conversions where ${inPast} and event = 'registration'`,
      PAST.from,
      PAST.to,
    );
    await expect(steps.nth(2)).toContainText(
      `${percent.format(registrations / clicks)} de los clics`,
    );
  });

  test("a page's CTR is its people's clicks ÷ its views, computed here from the ledger", async ({
    page,
  }) => {
    // Visitors are not among the rankings' default figures: asked for.
    await logIn(page, `/admin?${PAST_QUERY}&col=views&col=visitors&col=clicks&col=ctr`);
    const path = topPage();
    const [seen, clicks] = [views("page = ?", path), humans("page = ?", path)];
    expect(clicks).toBeGreaterThan(0);
    const pages = page.getByRole("region", { name: "Por página" });
    expect(await cell(pages, path, "Vistas")).toBe(number.format(seen));
    expect(await cell(pages, path, "Clics")).toBe(number.format(clicks));
    expect(await cell(pages, path, "CTR")).toBe(percent.format(clicks / seen));
    const visitors = scalar(
      `select count(*) as n from (select distinct day, visitor from views where ${inPast} and page = ?)`,
      PAST.from,
      PAST.to,
      path,
    );
    expect(await cell(pages, path, "Visitantes")).toBe(number.format(visitors));
  });

  test("the pages ranking orders by views, most first, from its heading and the URL", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const pages = page.getByRole("region", { name: "Por página" });
    await pages.getByRole("link", { name: "Vistas", exact: true }).click();
    await expect(page).toHaveURL(/sort=views/);
    await expect(pages.locator('th[aria-sort="descending"]')).toHaveText(/Vistas/);
    await expect(pages.locator("tbody tr").first().locator("th a")).toHaveText(topPage());
    const column = await pages
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Number(row.querySelector("td")!.textContent!.replace(/\D/g, ""))),
      );
    expect(column).toEqual([...column].sort((a, b) => b - a));
  });

  test("a placement is measured against its page's views, so a page's buttons compare", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const links = page.getByRole("region", { name: "Por enlace" });
    const id = (await links.locator("tbody tr").first().locator("code").innerText()).trim();
    const db = new Database(ledgerFile(ADMIN_PORT), { readonly: true });
    const { page: path } = db
      .prepare("select page from clicks where link_id = ? limit 1")
      .get(id) as {
      page: string;
    };
    db.close();
    const [seen, clicks] = [views("page = ?", path), humans("link_id = ?", id)];
    const row = links.locator("tbody tr").filter({ has: page.locator("code", { hasText: id }) });
    const column = await columnsOf(links);
    const at = (heading: string) => row.locator("td").nth(column(heading));
    await expect(at("Vistas de su página")).toHaveText(number.format(seen));
    await expect(at("CTR")).toHaveText(percent.format(clicks / seen));
  });

  test("sources: referrer hosts and utm sources with their views; under a link filter, no views", async ({
    page,
  }) => {
    await logIn(page, `/admin?${PAST_QUERY}`);
    const referrers = page.getByRole("region", { name: "Por referente" });
    expect(await cell(referrers, "google.com", "Vistas")).toBe(
      number.format(views("referrer = ?", "google.com")),
    );
    expect(await cell(referrers, "google.com", "Clics")).toBe(
      number.format(humans("referrer = ?", "google.com")),
    );
    const sources = page.getByRole("region", { name: "Por fuente" });
    expect(await cell(sources, "google", "CTR")).toBe(
      percent.format(humans("utm_source = ?", "google") / views("utm_source = ?", "google")),
    );

    await page.goto(`${ADMIN}/admin?${PAST_QUERY}&link=home-main-block-1-button-1`);
    await expect(kpi(page, "Vistas de página")).toHaveText("—");
    await expect(kpi(page, "CTR")).toHaveText("—");
    await expect(page.locator(".admin-funnel").getByRole("note")).toContainText(
      "Con un filtro de enlace o de sub-id no hay vistas",
    );
  });

  test("pages.csv has the funnel per page and daily.csv the views per day, as the ledger counts them", async ({
    page,
  }) => {
    await logIn(page);
    const rowsOf = async (file: string) =>
      csvRows(await (await page.request.get(`${ADMIN}/admin/${file}?${PAST_QUERY}`)).text());
    const [header, ...pages] = await rowsOf("pages.csv");
    expect(header).toEqual([
      "page",
      "views",
      "visitors",
      "clicks",
      "ctr",
      "registrations",
      "ftds",
      "commission",
      "rpm",
    ]);
    const path = topPage();
    const top = pages[0]!;
    expect(top[0]).toBe(path);
    const [seen, clicks] = [views("page = ?", path), humans("page = ?", path)];
    expect(Number(top[1])).toBe(seen);
    expect(Number(top[3])).toBe(clicks);
    expect(top[4]).toBe((clicks / seen).toFixed(4));
    expect(pages.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(views());
    // "404" collects every path that is not a page of the content.
    expect(pages.find((row) => row[0] === "404")?.[1]).toBe(String(views("page = '404'")));

    const [columns, ...days] = await rowsOf("daily.csv");
    const sum = (column: string) =>
      days.reduce((total, row) => total + Number(row[columns!.indexOf(column)]), 0);
    expect(sum("views")).toBe(views());
    expect(sum("visitors")).toBe(
      scalar(
        `select count(*) as n from (select distinct day, visitor from views where ${inPast})`,
        PAST.from,
        PAST.to,
      ),
    );
  });

  test("daily.csv counts the unique visitors who viewed and who clicked under one filter and two", async ({
    page,
  }) => {
    await logIn(page);
    for (const [query, where] of [
      ["device=mobile", "device = 'mobile'"],
      ["country=ES&device=mobile", "country = 'ES' and device = 'mobile'"],
    ] as const) {
      const [columns, ...days] = csvRows(
        await (await page.request.get(`${ADMIN}/admin/daily.csv?${PAST_QUERY}&${query}`)).text(),
      );
      const sum = (column: string) =>
        days.reduce((total, row) => total + Number(row[columns!.indexOf(column)]), 0);
      const distinct = (facts: string, people: string) =>
        scalar(
          `select count(*) as n from (select distinct day, visitor from ${facts}
            where ${inPast} and ${where} and ${people})`,
          PAST.from,
          PAST.to,
        );
      const [clicked, viewed] = [distinct("clicks", "is_bot = 0"), distinct("views", "1 = 1")];
      expect(clicked, query).toBeGreaterThan(0);
      expect(viewed, query).toBeGreaterThan(0);
      expect(sum("unique_visitors"), query).toBe(clicked);
      expect(sum("visitors"), query).toBe(viewed);
    }
  });
});
