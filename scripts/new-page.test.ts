import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import type { ContentDirectory } from "../app/content/content-files.server";
import { loadContent } from "../app/content/load-content.server";

import { newPage, NewPageError } from "./new-page";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A copy of the content of its own, so no test depends on another's pages. */
function contentCopy(): ContentDirectory {
  const root = mkdtempSync(path.join(tmpdir(), "new-page-"));
  roots.push(root);
  cpSync("content", path.join(root, "content"), { recursive: true });
  return { root: path.join(root, "content"), publicRoot: path.resolve("public") };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof NewPageError) return error.message;
    throw error;
  }
  throw new Error("the page was written");
};

describe("newPage", () => {
  it("writes a valid page with a hero and questions to fill in", () => {
    const directory = contentCopy();
    const { file, report, problems } = newPage(directory, "/ruleta", "Ruleta online");
    expect(problems).toEqual([]);
    expect(file).toBe(path.join(directory.root, "pages", "ruleta.json"));
    const page = JSON.parse(readFileSync(file, "utf8")) as {
      $schema: string;
      meta: { title: string };
      components: { component_id: number }[];
    };
    expect(page.$schema).toBe("../schema/page.schema.json");
    expect(page.meta.title).toBe("Ruleta online | Brisamar Casino");
    expect(page.components.map((component) => component.component_id)).toEqual([1, 7]);

    const loaded = loadContent(directory, "advice");
    expect(loaded.pages.find((candidate) => candidate.slug === "/ruleta")?.title).toBe(
      "Ruleta online",
    );
    // What is left to write is listed, and the same advice is in the report.
    const left = loaded.warnings.filter((line) => line.includes("texto por completar"));
    expect(left).toHaveLength(4);
    for (const line of left) expect(report).toContain(line);
  });

  it("refuses a slug that is taken", () => {
    const directory = contentCopy();
    expect(refusal(() => newPage(directory, "/vip", "Otra"))).toContain('ya tiene la ruta "/vip"');
  });

  it("refuses a path that is not a slug, and a missing title", () => {
    const directory = contentCopy();
    expect(refusal(() => newPage(directory, "/Ruleta Online", "x"))).toContain(
      '"/Ruleta Online" no es una ruta',
    );
    expect(refusal(() => newPage(directory, "/blackjack", undefined))).toBe(
      "Indica la ruta de la página y su título.",
    );
  });
});

describe("npm run new-page", () => {
  // One tsx start-up (compiling the script and the content modules) and one content check;
  // a loaded machine shares its cores, hence the margin.
  it("writes the page and prints what is left to write", async () => {
    const directory = contentCopy();
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; out: string }>((resolve, reject) => {
        const child = spawn("node_modules/.bin/tsx", ["scripts/new-page.ts", ...args], {
          env: { ...process.env, CONTENT_DIR: directory.root },
        });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("error", reject);
        child.on("close", (status) => resolve({ status, out }));
      });
    const written = await run("/ruleta", "Ruleta online");
    expect(written.status, written.out).toBe(0);
    expect(written.out).toContain(
      `escrito ${path.join(directory.root, "pages", "ruleta.json")}: la página /ruleta ya existe.`,
    );
    expect(written.out).toContain("texto por completar");
  }, 60_000);
});
