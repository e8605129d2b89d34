/**
 * The editor's loop under `npm run dev`, as a marketer lives it: save a text and the open
 * page shows it without a reload; save a mistake and the page lists it (file and JSON
 * path); save the fix and the page comes back; add a page file and it exists.
 *
 * `npm run dev` writes its own build into the project, so it runs in a copy of the
 * project (node_modules linked), never touching the production build the other tests use.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { PORT } from "../../playwright.config";

const DEV_PORT = PORT + 20;
/** remix dev's own port (its live-reload socket). */
const DEV_SOCKET_PORT = PORT + 21;
const ORIGIN = `http://localhost:${DEV_PORT}`;
const ROOT = path.resolve(import.meta.dirname, "../..");

test.describe.configure({ mode: "serial", timeout: 120_000 });

let project: string;
let dev: ChildProcess;
let output = "";

const vipFile = () => path.join(project, "content", "pages", "vip.json");
const H1 = '"h1": "Club VIP de Brisamar Casino"';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  project = mkdtempSync(path.join(tmpdir(), "brisamar-dev-"));
  for (const entry of [
    "app",
    "server",
    "content",
    "public",
    "remix.config.js",
    "remix.env.d.ts",
    "tsconfig.json",
    "package.json",
  ]) {
    cpSync(path.join(ROOT, entry), path.join(project, entry), {
      recursive: true,
      filter: (source) => !/[/\\]public[/\\]build([/\\]|$)|\.(br|gz)$/.test(source),
    });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(project, "node_modules"), "dir");
  expect(readFileSync(vipFile(), "utf8")).toContain(H1);

  dev = spawn("npm", ["run", "dev", "--", "--port", String(DEV_SOCKET_PORT)], {
    cwd: project,
    env: { ...process.env, PORT: String(DEV_PORT), CLICK_LEDGER: "false", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  dev.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        timeout: 90_000,
        intervals: [500],
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Writes vip.json with `edit` applied to its text, as an editor's save. */
function saveVip(edit: (text: string) => string) {
  const file = vipFile();
  writeFileSync(file, edit(readFileSync(file, "utf8")));
}

test("a saved edit, a mistake and its fix show in the open page by themselves", async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/vip`);
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
  await expect(page.locator("h1")).toHaveText("Club VIP de Brisamar Casino");
  // Survives only if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  saveVip((text) => text.replace(H1, '"h1": "Club VIP, editado en vivo"'));
  await expect(page.locator("h1")).toHaveText("Club VIP, editado en vivo", { timeout: 5_000 });
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);

  saveVip((text) => text.replace('"h1": "Club VIP, editado en vivo"', '"h1": ""'));
  const problems = page.getByRole("heading", { name: "El contenido tiene errores" });
  await expect(problems).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole("listitem").first()).toHaveText(
    "content/pages/vip.json: components[0].data.content.h1: must not be empty",
  );
  const answer = await fetch(`${ORIGIN}/bonos`);
  expect(answer.status).toBe(500);
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(await answer.text()).toContain('<meta name="robots" content="noindex">');
  // The terminal printed the same list once, without a stack trace.
  await expect.poll(() => output).toContain("components[0].data.content.h1: must not be empty");
  expect(output.match(/components\[0\]\.data\.content\.h1: must not be empty/g)).toHaveLength(1);
  expect(output).not.toMatch(/^\s+at /m);

  saveVip((text) => text.replace('"h1": ""', H1));
  await expect(page.locator("h1")).toHaveText("Club VIP de Brisamar Casino", { timeout: 5_000 });

  saveVip((text) => text.replace("{", "{,"));
  await expect(page.getByRole("listitem").first()).toContainText(
    "content/pages/vip.json: (file): not valid JSON at line 1, column 2",
    { timeout: 5_000 },
  );
  saveVip((text) => text.replace("{,", "{"));
  await expect(page.locator("h1")).toHaveText("Club VIP de Brisamar Casino", { timeout: 5_000 });
});

test("a new page file is a page, and its advice shows in the dev panel", async ({ page }) => {
  const vip = JSON.parse(readFileSync(vipFile(), "utf8")) as {
    slug: string;
    meta: { title: string; description: string };
    components: { component_id: number; data: { content: Record<string, unknown> } }[];
  };
  const ruleta = structuredClone(vip);
  ruleta.slug = "/ruleta";
  ruleta.meta.title = "Ruleta online en Brisamar Casino: mesas, reglas y límites para jugar bien";
  ruleta.meta.description = "La ruleta de Brisamar Casino.";
  ruleta.components[0]!.data.content.h1 = "Ruleta online";
  writeFileSync(
    path.join(project, "content", "pages", "ruleta.json"),
    JSON.stringify(ruleta, null, 2),
  );
  await expect
    .poll(() => fetch(`${ORIGIN}/ruleta`).then((response) => response.status), { timeout: 5_000 })
    .toBe(200);
  await page.goto(`${ORIGIN}/ruleta`);
  await expect(page.locator("h1")).toHaveText("Ruleta online");
  const panel = page.getByRole("complementary", { name: "Consejos de contenido" });
  await panel.getByText(/Consejos de contenido: \d+/).click();
  await expect(panel).toContainText(
    `content/pages/ruleta.json: meta.title: ${ruleta.meta.title.length} characters: search results cut titles after about 60`,
  );
  await expect(panel).toContainText(
    "content/pages/ruleta.json: meta.description: 29 characters: aim for 70 to 160",
  );
  await expect(panel).toContainText('no other page, menu or footer links to "/ruleta"');
});
