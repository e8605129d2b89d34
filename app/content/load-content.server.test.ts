import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadContent, placeholdersFor } from "./load-content.server";
import { ContentError } from "./parse-content";

const root = mkdtempSync(path.join(tmpdir(), "load-content-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const directory = { root: path.join(root, "content"), publicRoot: path.resolve("public") };
cpSync("content", directory.root, { recursive: true });
const vipFile = path.join(directory.root, "pages", "vip.json");
const vip = JSON.parse(readFileSync(vipFile, "utf8")) as { meta: { description: string } };
vip.meta.description = "[Por completar: de 70 a 160 caracteres]";
writeFileSync(vipFile, JSON.stringify(vip));
const line = `${vipFile}: meta.description: texto por completar`;

describe("text still to write", () => {
  it("is a problem in production and advice otherwise", () => {
    expect(placeholdersFor({ NODE_ENV: "production" })).toBe("problem");
    expect(placeholdersFor({ NODE_ENV: "development" })).toBe("advice");
    expect(placeholdersFor({})).toBe("advice");
  });

  it("stops a production load, naming file and path", () => {
    let problems: string[] = [];
    try {
      loadContent(directory, placeholdersFor({ NODE_ENV: "production" }));
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([`${line}: una página con "[Por completar…]" no se publica`]);
  });

  it("is listed as advice while writing, and the page loads", () => {
    const loaded = loadContent(directory, placeholdersFor({ NODE_ENV: "development" }));
    expect(loaded.warnings).toContain(line);
    expect(loaded.pages.find((page) => page.slug === "/vip")?.meta.description).toBe(
      vip.meta.description,
    );
  });
});
