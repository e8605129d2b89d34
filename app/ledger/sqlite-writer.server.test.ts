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

import { openLedgerDatabase } from "./database.server";
import { findWriterWorker, SqliteWriter, writerWorkerFile } from "./sqlite-writer.server";

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
    // esbuild bundling on a loaded machine: a build step, not the behaviour under test.
  }, 30_000);

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

describe("the writer thread", () => {
  it("rejects the task of a thread that died, and starts a new one for the next", async () => {
    const file = path.join(directory, "later.sqlite");
    const writer = new SqliteWriter(file, (await findWriterWorker())!);
    const task = { batch: [view], token: "t-later" };
    // No ledger file yet: the thread dies opening it, and the task fails with it.
    await expect(writer.run("views", task)).rejects.toThrow();
    const database = await openLedgerDatabase(`sqlite:${file}`);
    try {
      await expect(writer.run("views", task)).resolves.toBe(true);
      // The same token again: already written, not written twice.
      await expect(writer.run("views", task)).resolves.toBe(false);
    } finally {
      await writer.close();
      await database.close();
    }
  }, 30_000);
});

const view = {
  at: Date.parse("2026-11-20T12:00:00Z"),
  day: "2026-11-20",
  page: "/",
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  referrer: null,
  country: null,
  device: "mobile",
  browser: "Chrome",
  visitor: "v1",
  variants: null,
};
