/**
 * The content files as a way in (decision 022), on a production server of the test's own
 * with a content folder of its own: a developer's valid change to a file is published at
 * the next start; a change that makes the content invalid does not take the site down: the
 * last published content keeps serving and the studio shows the file's version apart.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { test as base, expect } from "@playwright/test";

import { logIn } from "./log-in";
import { startOwnServer, type OwnServer } from "./own-server";

const PASSWORD = "studio-files-password-long";
const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const test = base;
test.use({ userAgent: PERSON_UA });

type Page = { components: Array<{ data: { content: { h1?: string } } }> };

test("a developer's file change is published at the next start; an invalid one keeps the site up", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const directory = mkdtempSync(path.join(tmpdir(), "studio-files-"));
  const content = path.join(directory, "content");
  cpSync("content", content, { recursive: true });
  const env = {
    ADMIN_PASSWORD: PASSWORD,
    DATABASE_URL: `sqlite:${path.join(directory, "ledger.sqlite")}`,
    CONTENT_DIR: content,
  };
  const homeFile = path.join(content, "pages", "home.json");
  const withHeadline = (h1: string) => {
    const home = JSON.parse(readFileSync(homeFile, "utf8")) as Page;
    home.components[0]!.data.content.h1 = h1;
    writeFileSync(homeFile, JSON.stringify(home, null, 2));
  };
  const headline = async (server: OwnServer) =>
    /<h1[^>]*>([^<]*)</.exec(await (await page.request.get(`${server.url}/`)).text())?.[1];

  let server = await startOwnServer(0, env);
  try {
    withHeadline("Titular escrito en git");
    server.process.kill();
    await new Promise((resolve) => server.process.once("close", resolve));
    server = await startOwnServer(0, env);
    expect(await headline(server)).toBe("Titular escrito en git");
    expect(server.log()).toContain("[content] from the content files: pages/home");

    // An empty headline is invalid: the site keeps the last published one.
    withHeadline("");
    server.process.kill();
    await new Promise((resolve) => server.process.once("close", resolve));
    server = await startOwnServer(0, env);
    expect(await headline(server)).toBe("Titular escrito en git");
    expect(server.log()).toContain("kept apart, not published");

    await logIn(page, `${server.url}/admin/contenido`, PASSWORD);
    const home = page.locator(".studio-list__item").filter({ hasText: "Inicio" });
    await expect(home).toContainText("Conflicto con los archivos");
    await home.getByRole("link").click();
    await expect(page.locator(".studio-conflict")).toContainText(
      "Cambio de los archivos no publicado: contenido no válido",
    );
  } finally {
    server.process.kill();
  }
});

test("npm start without NODE_ENV is production: text still to write is refused, not served", async () => {
  const directory = mkdtempSync(path.join(tmpdir(), "studio-files-env-"));
  const content = path.join(directory, "content");
  cpSync("content", content, { recursive: true });
  const homeFile = path.join(content, "pages", "home.json");
  const home = JSON.parse(readFileSync(homeFile, "utf8")) as Page;
  home.components[0]!.data.content.h1 = "[Por completar: el titular]";
  writeFileSync(homeFile, JSON.stringify(home, null, 2));
  await expect(
    startOwnServer(0, {
      NODE_ENV: "",
      DATABASE_URL: `sqlite:${path.join(directory, "ledger.sqlite")}`,
      CONTENT_DIR: content,
    }),
  ).rejects.toThrow(/Por completar/);
});
