import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { buildImportMap } from "./module-integrity.server";

const directory = mkdtempSync(path.join(tmpdir(), "integrity-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("buildImportMap", () => {
  it("lists the SHA-384 of every module under the assets path, and nothing else", () => {
    mkdirSync(path.join(directory, "_shared"));
    writeFileSync(path.join(directory, "entry.client-A.js"), "export const a = 1;");
    writeFileSync(path.join(directory, "_shared", "chunk-B.js"), "export const b = '</script>';");
    writeFileSync(path.join(directory, "app.css"), "body{}");
    const sha = (text: string) => `sha384-${createHash("sha384").update(text).digest("base64")}`;
    const map = buildImportMap(directory, "https://cdn.example/build/");
    expect(map).not.toContain("<");
    expect(JSON.parse(map)).toEqual({
      integrity: {
        "https://cdn.example/build/entry.client-A.js": sha("export const a = 1;"),
        "https://cdn.example/build/_shared/chunk-B.js": sha("export const b = '</script>';"),
      },
    });
  });
});
