/**
 * Where the ledger writer's thread comes from: the build's file beside the server, the
 * source bundled on first use, or, when neither is there, writes on the server's thread
 * with one error that says so.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { findWriterWorker, writerWorkerFile } from "./sqlite-writer.server";

const directory = mkdtempSync(path.join(tmpdir(), "writer-file-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("the writer thread's file", () => {
  it("is the build's entry beside index.js", () => {
    expect(writerWorkerFile("file:///srv/site/build/server/index.js")).toBe(
      "/srv/site/build/server/sqlite-writer.worker.js",
    );
  });

  it("from the source, is the thread bundled once per process", async () => {
    const first = await findWriterWorker();
    expect(first).toMatch(/\.cache\/ledger-writer\/.+\/sqlite-writer\.worker\.js$/);
    expect(existsSync(first!)).toBe(true);
    expect(await findWriterWorker()).toBe(first);
  });

  it("when missing, is reported once as an error and the ledger writes on the server's thread", async () => {
    const logged: string[] = [];
    const nowhere = pathToFileURL(path.join(directory, "index.js")).href;
    expect(await findWriterWorker(nowhere, (line) => logged.push(line))).toBeNull();
    expect(await findWriterWorker(nowhere, (line) => logged.push(line))).toBeNull();
    expect(logged).toEqual([
      `[clicks] the ledger writer's thread is missing (${path.join(directory, "sqlite-writer.worker.js")}): the ledger writes on the server's thread and holds visitors' requests while it writes; build with npm run build`,
    ]);
  });
});
