/**
 * The destination monitor end to end (docs/link-health.md): a stub tracker on
 * this machine (HTTPS, with the test-only certificate trusted through NODE_EXTRA_CA_CERTS)
 * answers each of the content's affiliate destinations as a kind of tracker does: healthy,
 * dropping the sub-id, 200 "Invalid link", or never. A server of its own, on a copy of the
 * content whose tracker origin is the stub's and whose header login button has a fallback
 * (/bonos). The Enlaces page's "Comprobar ahora" gives each destination its verdict; /login/
 * goes to the fallback while its destination is broken, and back after one healthy check;
 * the checks made no click; a webhook receiver gets one alert per broken destination and
 * one when it is mended, and the dashboard shows the open ones at the top.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";

import { contentAtOrigin } from "../content-at-origin";

import { expect, test } from "./fixtures";
import { logIn as logInAt } from "./log-in";
import { startOwnServer, type OwnServer } from "./own-server";

const TLS = path.resolve("tests/fixtures/tls");
const PASSWORD = "e2e-enlaces-password-long";
const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** How the stub answers each banner of the content's destinations. */
let loginAnswers: "sin-subid" | "sano" = "sin-subid";
let tracker: Server;
/** The alerts' webhook receiver: each message as it arrived. */
let alerts: HttpServer;
const received: { event: string; kind: string; subject: string }[] = [];
let work = "";
let server: OwnServer | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  tracker = createServer(
    {
      key: readFileSync(path.join(TLS, "key.pem")),
      cert: readFileSync(path.join(TLS, "cert.pem")),
    },
    (req, res) => {
      const url = new URL(req.url!, "https://stub");
      const banner = url.searchParams.get("banner");
      if (url.pathname === "/landing") {
        res.writeHead(200, { "content-type": "text/html" }).end("<h1>Regístrate</h1>");
        return;
      }
      if (banner === "offer-cashback") {
        res.writeHead(200, { "content-type": "text/html" }).end("<p>Invalid link</p>");
        return;
      }
      if (banner === "offer-reload") return; // never answers: a time-out
      if (banner === "hdr-login" && loginAnswers === "sin-subid") {
        url.searchParams.delete("subid");
      }
      res.writeHead(302, { location: `/landing?${url.searchParams}` }).end();
    },
  );
  await new Promise<void>((resolve) => tracker.listen(0, "127.0.0.1", resolve));
  const { port } = tracker.address() as AddressInfo;

  alerts = createHttpServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push(JSON.parse(raw) as (typeof received)[number]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => alerts.listen(0, "127.0.0.1", resolve));

  work = mkdtempSync(path.join(tmpdir(), "e2e-enlaces-"));
  const content = contentAtOrigin(path.join(work, "content"), `https://127.0.0.1:${port}`);
  const sitePath = path.join(content, "site.json");
  const site = JSON.parse(readFileSync(sitePath, "utf8"));
  site.affiliate.fallbacks = [{ link: "header-login", destination: "/bonos" }];
  writeFileSync(sitePath, JSON.stringify(site, null, 2));

  server = await startOwnServer(0, {
    CONTENT_DIR: content,
    DATABASE_URL: `sqlite:${path.join(work, "clicks.sqlite")}`,
    ADMIN_PASSWORD: PASSWORD,
    NODE_EXTRA_CA_CERTS: path.join(TLS, "cert.pem"),
    ALERT_WEBHOOK_URL: `http://127.0.0.1:${(alerts.address() as AddressInfo).port}/alertas`,
    ALERT_WEBHOOK_SECRET: "e2e-alerts-secret-long",
  });
});

test.afterAll(async () => {
  server?.process.kill();
  alerts?.closeAllConnections();
  await new Promise((resolve) => alerts?.close(resolve));
  tracker?.closeAllConnections();
  await new Promise((resolve) => tracker?.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

test.use({ userAgent: PERSON });

async function logIn(page: Page) {
  await logInAt(page, `${server!.url}/admin/enlaces`, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Enlaces" })).toBeVisible();
}

/** The card of the destination whose banner is `banner`, and its state's badge. */
const card = (page: Page, banner: string) =>
  page.getByRole("article").filter({ hasText: `banner=${banner}` });

async function checkNow(page: Page) {
  // The stub that never answers holds the run for its 10 s.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().includes("/admin/enlaces"),
    { timeout: 30_000 },
  );
  await page.getByRole("button", { name: "Comprobar ahora" }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole("button", { name: "Comprobar ahora" })).toBeEnabled();
  await expect(
    page.getByRole("status").filter({ hasText: /^Comprobados \d+ destinos/ }),
  ).toBeVisible();
}

/** Where /login/ sends a visitor now, as the redirect says it. */
async function loginLocation(page: Page): Promise<string> {
  const answer = await page.request.get(`${server!.url}/login/`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  return answer.headers().location!;
}

test("each kind of tracker gets its verdict in one check; a broken link sends to its fallback until a healthy check", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page);
  // Nothing checked yet (the schedule is off in the tests): every destination waits.
  await expect(card(page, "hdr-signup").getByText("Sin comprobar")).toBeVisible();
  expect(await loginLocation(page)).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/redirect\?/);

  await checkNow(page);
  const verdicts: [string, string, RegExp | null][] = [
    ["hdr-signup", "Sano", null],
    ["offer-ended", "Sano", null],
    ["hdr-login", "Roto", /se pierde el sub-id \(subid\)/],
    ["offer-cashback", "Roto", /la página final dice «invalid link»/],
    ["offer-reload", "Roto", /sin respuesta en 10 s/],
  ];
  for (const [banner, health, reason] of verdicts) {
    const shown = card(page, banner);
    await expect(shown.locator(".admin-links__badge"), banner).toHaveText(health);
    if (reason)
      await expect(shown.getByRole("list", { name: "Motivos" }), banner).toContainText(reason);
  }
  // The chain of a healthy one: the tracker's redirect, then its landing page.
  await expect(
    card(page, "hdr-signup").getByRole("list", { name: "Saltos" }).getByRole("listitem"),
  ).toHaveText([/^302 127\.0\.0\.1:\d+$/, /^200 127\.0\.0\.1:\d+$/]);
  // Broken ones first.
  await expect(page.locator(".admin-links__badge").first()).toHaveText("Roto");

  // One alert per broken destination, at the top of every dashboard page and by webhook.
  const opened = () =>
    received
      .filter((message) => message.event === "opened")
      .map((message) => new URL(message.subject).searchParams.get("banner"))
      .sort();
  await expect.poll(opened).toEqual(["hdr-login", "offer-cashback", "offer-reload"]);
  await page.goto(`${server!.url}/admin`);
  const banner = page.getByRole("region", { name: "3 alertas abiertas" });
  // Several broken destinations make one line; the cards below say which and why.
  await expect(banner.getByRole("listitem")).toHaveText([
    "3 destinos rotos. Ver cuáles y por qué en Enlaces",
  ]);
  await expect(banner.getByRole("link")).toHaveAttribute("href", "/admin/enlaces");
  await page.goto(`${server!.url}/admin/enlaces`);

  // The header's login button has a fallback: while broken, its visitors go there.
  expect(await loginLocation(page)).toBe("/bonos");

  // The tracker is mended; one healthy check, and /login/ leads to it again.
  loginAnswers = "sano";
  await checkNow(page);
  await expect(card(page, "hdr-login").locator(".admin-links__badge")).toHaveText("Sano");
  // Its incident is resolved: one message more, and the other two stay open, not resent.
  await expect
    .poll(() => received.map((message) => message.event).sort())
    .toEqual(["opened", "opened", "opened", "resolved"]);
  expect(new URL(received.at(-1)!.subject).searchParams.get("banner")).toBe("hdr-login");
  expect(await loginLocation(page)).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/redirect\?/);

  // The checks made no click; the two visits to /login/ while broken and after are clicks,
  // the first recorded as sent to the fallback.
  await expect
    .poll(
      () => {
        const db = new Database(path.join(work, "clicks.sqlite"), { readonly: true });
        try {
          return db
            .prepare("select link_id, destination, fallback from clicks order by id")
            .all()
            .map((row) => {
              const click = row as { link_id: string; destination: string; fallback: number };
              return [
                click.link_id,
                click.destination.startsWith("https:") ? "https" : click.destination,
                click.fallback,
              ];
            });
        } finally {
          db.close();
        }
      },
      { timeout: 15_000 },
    )
    .toEqual([
      ["header-login", "https", 0],
      ["header-login", "/bonos", 1],
      ["header-login", "https", 0],
    ]);
});

for (const width of [390, 1280]) {
  test(`the Enlaces page reads at ${width} px: no sideways scroll, nothing for axe`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
}
