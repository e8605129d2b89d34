import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { freePort } from "../free-port";

import { expect, pageBySlug, pages, test } from "./fixtures";

type Row = Record<string, string | boolean>;
/** Time for every image of a page to finish, on a machine shared with many runs. */
const IMAGES_LOADED_MS = 30_000;

function blockContent(slug: string, componentId: number): Record<string, unknown> {
  const component = pageBySlug(slug).components.find((c) => c.component_id === componentId);
  if (!component) throw new Error(`${slug} has no block ${componentId}`);
  return component.data.content;
}

for (const { slug } of pages) {
  test(`${slug}: every image has width, height and alt, and loads`, async ({ page }) => {
    // The images' own bound, and the page's load and checks beside it.
    test.setTimeout(IMAGES_LOADED_MS + 30_000);
    await page.goto(slug);
    // Bring lazy images into view so the browser fetches them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    // Every image has finished: loaded, or broken (which the assertions below report). An
    // image still loading is brought into view again, in case the page grew under the scroll.
    await expect
      .poll(
        () =>
          page.locator("img").evaluateAll((nodes) => {
            const waiting = (nodes as HTMLImageElement[]).filter((img) => !img.complete);
            waiting[0]?.scrollIntoView();
            return waiting.length === 0;
          }),
        { timeout: IMAGES_LOADED_MS },
      )
      .toBe(true);
    const images = await page.locator("img").evaluateAll((nodes) =>
      (nodes as HTMLImageElement[]).map((img) => ({
        src: img.currentSrc || img.src,
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        hasAlt: img.hasAttribute("alt"),
        loaded: img.complete && img.naturalWidth > 0,
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image, image.src).toMatchObject({ hasAlt: true, loaded: true });
      expect(Number(image.width), image.src).toBeGreaterThan(0);
      expect(Number(image.height), image.src).toBeGreaterThan(0);
    }
  });
}

test("the above-the-fold hero image loads eagerly with high priority; the rest lazily", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.locator("[data-block=MainBlock] img");
  await expect(hero).toHaveAttribute("loading", "eager");
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator("[data-block=Games] img").first()).toHaveAttribute("loading", "lazy");
  await expect(page.locator("footer img").first()).toHaveAttribute("loading", "lazy");
});

test("the deposit table renders every payment method of the content", async ({ page }) => {
  const content = blockContent("/", 10) as {
    rows: Row[];
    yes_text: string;
    no_text: string;
    deposit_only_text: string;
  };
  await page.goto("/");
  const rows = page.locator("[data-block=DepositTable] tbody tr");
  await expect(rows).toHaveCount(content.rows.length);
  for (const [index, row] of content.rows.entries()) {
    const cells = rows.nth(index).locator("th, td");
    await expect(cells.nth(0)).toHaveText(row.payment_system as string);
    await expect(cells.nth(1)).toHaveText(row.mobile_payment ? content.yes_text : content.no_text);
    const depositOnly = row.min_withdrawal === undefined;
    const values = depositOnly
      ? ["min_deposit", "max_deposit", "deposit_only_text"]
      : ["min_deposit", "max_deposit", "min_withdrawal", "withdrawal_fees", "withdrawal_time"];
    for (const [offset, key] of values.entries()) {
      const text = key === "deposit_only_text" ? content.deposit_only_text : row[key];
      await expect(cells.nth(offset + 2)).toHaveText(text as string);
    }
  }
});

test("home shows the key figures of the offer from content", async ({ page }) => {
  await page.goto("/");
  const main = page.locator("main");
  for (const figure of [
    "500 €",
    "200 giros",
    "35x",
    "40x",
    "20 €",
    "10.000",
    "70",
    "3.000 €",
    "15 %",
    "2.000.000 €",
    "24/7",
  ]) {
    await expect(main, figure).toContainText(figure);
  }
  await expect(main).not.toContainText("25x");
  const games = blockContent("/", 4) as {
    table: { content: { name: string; provider: string }[] };
  };
  const tiles = page.locator("[data-block=Games] li");
  await expect(tiles).toHaveCount(games.table.content.length);
  for (const [index, game] of games.table.content.entries()) {
    await expect(tiles.nth(index)).toContainText(game.name);
    await expect(tiles.nth(index)).toContainText(game.provider);
  }
});

test("/terms shows version 1.5, 10.03.2025 and the figures of its rules", async ({ page }) => {
  await page.goto("/terms");
  await page
    .locator("details")
    .evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute("open", "")));
  const main = page.locator("main");
  for (const fact of ["1.5", "10.03.2025", "12 meses", "30 días", "5 años", "un mes", "18 años"]) {
    await expect(main, fact).toContainText(fact);
  }
});

test("/responsible explains limits and where to get help", async ({ page }) => {
  await page.goto("/responsible");
  await page
    .locator("details")
    .evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute("open", "")));
  const main = page.locator("main");
  for (const fact of [
    "depósito",
    "pérdidas",
    "apuesta",
    "sesión",
    "diari",
    "semanal",
    "mensual",
    "RGIAJ",
    "jugarbien.es",
  ]) {
    await expect(main, fact).toContainText(new RegExp(fact, "i"));
  }
});

test.describe("a page with text still to write", () => {
  let root = "";
  test.beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "brisamar-placeholder-"));
    const content = path.join(root, "content");
    cpSync("content", content, { recursive: true });
    const file = path.join(content, "pages", "vip.json");
    const vip = JSON.parse(readFileSync(file, "utf8")) as {
      meta: { description: string };
    };
    vip.meta.description = "[Por completar: de 70 a 160 caracteres para los buscadores]";
    writeFileSync(file, JSON.stringify(vip, null, 2));
  });
  test.afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Runs `command` on the copy of the content until it exits or says it is listening. */
  function run(command: string, args: string[], env: Record<string, string>) {
    const child = spawn(command, args, {
      env: { ...process.env, CONTENT_DIR: path.join(root, "content"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      child.on("exit", (code) => resolve({ code, output }));
      child.stdout.on("data", () => {
        // A server that starts has published the page: stop it and report that.
        if (output.includes("[server] http://")) child.kill("SIGKILL");
      });
    });
  }

  const problem =
    'content/pages/vip.json: meta.description: texto por completar: una página con "[Por completar…]" no se publica';

  test("stops the production boot with the problem", async () => {
    // One boot of the production build, which reads and checks the content first.
    test.setTimeout(60_000);
    const { code, output } = await run("node", ["build/server/index.js"], {
      NODE_ENV: "production",
      PORT: String(await freePort()),
      CLICK_LEDGER: "false",
    });
    expect(output).not.toContain("[server] http://");
    expect(code).toBe(1);
    expect(output).toContain(problem.replace("content/", ""));
  });

  test("stops the content check the build runs", async () => {
    // One tsx start-up and one content check.
    test.setTimeout(60_000);
    const { code, output } = await run("node_modules/.bin/tsx", ["scripts/check-content.ts"], {});
    expect(code).toBe(1);
    expect(output).toContain(problem.replace("content/", ""));
  });
});
