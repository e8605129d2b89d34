import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadContent } from "../app/content/load-content.server";

const root = mkdtempSync(path.join(tmpdir(), "new-page-"));
const content = path.join(root, "content");
cpSync("content", content, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function newPage(...args: string[]) {
  const run = spawnSync("node_modules/.bin/tsx", ["scripts/new-page.ts", ...args], {
    env: { ...process.env, CONTENT_DIR: content },
    encoding: "utf8",
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("npm run new-page", () => {
  it("writes a valid page with a hero and questions to fill in", () => {
    const { status, out } = newPage("/ruleta", "Ruleta online");
    expect(status, out).toBe(0);
    const file = path.join(content, "pages", "ruleta.json");
    expect(out).toContain(`wrote ${file}: the page /ruleta exists now.`);
    const page = JSON.parse(readFileSync(file, "utf8")) as {
      $schema: string;
      meta: { title: string };
      components: { component_id: number }[];
    };
    expect(page.$schema).toBe("../schema/page.schema.json");
    expect(page.meta.title).toBe("Ruleta online | Brisamar Casino");
    expect(page.components.map((component) => component.component_id)).toEqual([1, 7]);

    const loaded = loadContent({ root: content, publicRoot: path.resolve("public") });
    expect(loaded.pages.find((candidate) => candidate.slug === "/ruleta")?.title).toBe(
      "Ruleta online",
    );
    // What is left to write is listed, and the same advice is printed by the script.
    const left = loaded.warnings.filter((line) => line.includes("text still to write"));
    expect(left).toHaveLength(4);
    for (const line of left) expect(out).toContain(line);
  });

  it("refuses a slug that is taken, a bad path and a missing title", () => {
    expect(newPage("/ruleta", "Otra").out).toContain('already has the slug "/ruleta"');
    expect(newPage("/Ruleta Online", "x").out).toContain('"/Ruleta Online" is not a path');
    const missing = newPage("/blackjack");
    expect(missing.status).toBe(1);
    expect(missing.out).toContain("Give the page's path and its title.");
  });
});
