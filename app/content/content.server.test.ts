import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { appConfig } from "~/config/app-config.server";
import { headOf } from "~/seo/page-seo.server";

import * as content from "./content.server";
import { ContentError } from "./parse-content";

let directory: string;
const contentDir = process.env.CONTENT_DIR;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Rewrites a JSON file of the copied content, as an editor's save. */
function save(file: string, edit: (data: Json) => void) {
  const target = path.join(directory, file);
  const data = JSON.parse(readFileSync(target, "utf8")) as Json;
  edit(data);
  writeFileSync(target, JSON.stringify(data, null, 2));
}

const vip = () => content.pages.find((page) => page.slug === "/vip")!;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "content-store-"));
  cpSync(path.resolve("content"), directory, { recursive: true });
  process.env.CONTENT_DIR = directory;
});

afterEach(() => {
  if (contentDir === undefined) delete process.env.CONTENT_DIR;
  else process.env.CONTENT_DIR = contentDir;
  content.reloadContent();
  rmSync(directory, { recursive: true, force: true });
});

describe("reloadContent", () => {
  it("puts the saved content in place, and what was derived from the old content follows", () => {
    // Derived once from the content read at load.
    expect(headOf("/vip", Date.now())).toContainEqual({ title: vip().meta.title });
    expect(content.promotionalSlugs().has("/vip")).toBe(true);
    const origin = appConfig.baseUrl;

    save("pages/vip.json", (page) => {
      page.meta.title = "Club VIP: título guardado en vivo para la prueba del almacén";
      page.components[0].data.content.h1 = "Club VIP guardado";
    });
    save("site.json", (site) => {
      site.meta.site_url = "https://otro-dominio.example";
      site.footer.copyright_text = "Texto de pie guardado";
    });
    content.reloadContent();

    expect(vip().components[0]!.data.content).toMatchObject({ h1: "Club VIP guardado" });
    expect(headOf("/vip", Date.now())).toContainEqual({
      title: "Club VIP: título guardado en vivo para la prueba del almacén",
    });
    expect(appConfig.baseUrl).toBe("https://otro-dominio.example");
    expect(appConfig.baseUrl).not.toBe(origin);
    expect(content.publicSite.footer.copyright_text).toBe("Texto de pie guardado");
  });

  it("throws a ContentError on invalid content and keeps the last valid content", () => {
    save("pages/vip.json", (page) => {
      page.components[0].data.content.h1 = "Club VIP válido";
    });
    content.reloadContent();
    save("pages/vip.json", (page) => {
      page.components[0].data.content.h1 = "";
    });

    expect(() => content.reloadContent()).toThrow(ContentError);
    expect(vip().components[0]!.data.content).toMatchObject({ h1: "Club VIP válido" });
  });
});
