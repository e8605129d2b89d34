import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { contentDirectory, displayName, readContentFiles } from "./content-files.server";

const root = mkdtempSync(path.join(tmpdir(), "content-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function contentDir(name: string, files: Record<string, string>): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "pages"), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe("readContentFiles", () => {
  it("discovers every pages/*.json in file-name order, and nothing else", () => {
    const dir = contentDir("discover", {
      "site.json": '{"a": 1}',
      "pages/vip.json": '{"slug": "/vip"}',
      "pages/home.json": '{"slug": "/"}',
      "pages/notes.txt": "not a page",
      "pages/ruleta.json": '{"slug": "/ruleta"}',
    });
    mkdirSync(path.join(dir, "pages", "drafts.json"));
    const files = readContentFiles(dir);
    expect(files.problems).toEqual([]);
    expect(files.siteFile?.data).toEqual({ a: 1 });
    expect(files.pageFiles.map(({ data }) => data)).toEqual([
      { slug: "/" },
      { slug: "/ruleta" },
      { slug: "/vip" },
    ]);
    expect(files.pageFiles[0]!.file).toBe(path.join(dir, "pages", "home.json"));
  });

  it("names the file, line and column of a JSON syntax error, and still reads the others", () => {
    const dir = contentDir("syntax", {
      "site.json": "{}",
      "pages/home.json": '{\n  "slug": "/",\n  "title": "Inicio",\n}\n',
      "pages/vip.json": '{"slug": "/vip"}',
    });
    const files = readContentFiles(dir);
    expect(files.pageFiles.map(({ data }) => data)).toEqual([{ slug: "/vip" }]);
    expect(files.problems).toHaveLength(1);
    expect(files.problems[0]).toMatch(
      new RegExp(
        `^${path.join(dir, "pages", "home.json")}: \\(archivo\\): no es JSON válido en la línea 3, columna 20: sobra esta coma`,
      ),
    );
  });

  it("places a missing comma after the value it should follow, in Spanish", () => {
    const dir = contentDir("comma", {
      "site.json": "{}",
      "pages/home.json": '{\n  "slug": "/"\n  "title": "Inicio"\n}\n',
    });
    expect(readContentFiles(dir).problems).toEqual([
      `${path.join(dir, "pages", "home.json")}: (archivo): no es JSON válido en la línea 2, columna 13: falta una coma (o la llave de cierre) después de este valor`,
    ]);
  });

  it("names a missing site.json and a missing pages folder", () => {
    const dir = path.join(root, "empty");
    mkdirSync(dir);
    const files = readContentFiles(dir);
    expect(files.siteFile).toBeNull();
    expect(files.problems).toEqual([
      `${path.join(dir, "site.json")}: (archivo): no se puede leer (ENOENT)`,
      `${path.join(dir, "pages")}: (carpeta): no se puede leer (ENOENT)`,
    ]);
  });
});

describe("contentDirectory", () => {
  it("is content/ of the working directory unless CONTENT_DIR says otherwise", () => {
    expect(contentDirectory({})).toEqual({
      root: path.resolve("content"),
      publicRoot: path.resolve("public"),
    });
    expect(contentDirectory({ CONTENT_DIR: "/srv/content" })).toEqual({
      root: "/srv/content",
      publicRoot: path.resolve("public"),
    });
  });

  it("names files inside the working directory relative to it", () => {
    expect(displayName(path.resolve("content/pages/home.json"))).toBe("content/pages/home.json");
    expect(displayName("/srv/content/site.json")).toBe("/srv/content/site.json");
  });
});
