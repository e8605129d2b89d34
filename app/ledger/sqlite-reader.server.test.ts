/**
 * The SQLite report reader: reports run in worker threads with their own read-only
 * connections, so the server's thread keeps answering while a long report reads.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

import { build } from "esbuild";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openLedgerDatabase, type LedgerDatabase } from "./database.server";
import { findReaderWorker, readerWorkerFile } from "./sqlite-reader.server";
import type { Database } from "./schema";

const directory = mkdtempSync(path.join(tmpdir(), "reader-"));
let database: LedgerDatabase;

beforeAll(async () => {
  database = await openLedgerDatabase(`sqlite:${path.join(directory, "clicks.sqlite")}`);
});
afterAll(async () => {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
});

/** Runs a query that keeps SQLite busy, counting the timer ticks the thread saw meanwhile. */
async function ticksDuring(db: Kysely<Database>): Promise<{ rows: number; ticks: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    const result = await sql<{ n: number }>`with recursive counter(x) as (select 1 union all
      select x + 1 from counter where x < 2000000) select count(*) as n from counter`.execute(db);
    return { rows: Number(result.rows[0]!.n), ticks };
  } finally {
    clearInterval(timer);
  }
}

describe("the SQLite report reader", () => {
  it("reads in another thread: the server's thread keeps running during a long report", async () => {
    expect(database.reader).not.toBe(database.db);
    await ticksDuring(database.reader); // starts the pool's thread
    const offThread = await ticksDuring(database.reader);
    expect(offThread.rows).toBe(2_000_000);
    expect(offThread.ticks).toBeGreaterThan(0);
    // The same query on the writing connection holds the thread: no tick gets through.
    const onThread = await ticksDuring(database.db);
    expect(onThread).toEqual({ rows: 2_000_000, ticks: 0 });
  });

  it("sees what the ledger wrote, and refuses to write", async () => {
    await database.db
      .insertInto("visitor_daily")
      .values({ day: "2026-11-20", visitor: "reader-test" })
      .execute();
    const rows = await database.reader
      .selectFrom("visitor_daily")
      .where("visitor", "=", "reader-test")
      .selectAll()
      .execute();
    expect(rows).toEqual([{ day: "2026-11-20", visitor: "reader-test" }]);
    await expect(
      database.reader.deleteFrom("visitor_daily").where("visitor", "=", "reader-test").execute(),
    ).rejects.toThrow(/only reads/);
  });

  it("runs the dashboard's queries side by side: a short one is not queued behind a long one", async () => {
    // The machine kinds here have two cores or more, so the pool has two threads at least.
    const finished: string[] = [];
    const long = sql<{ n: number }>`with recursive counter(x) as (select 1 union all
      select x + 1 from counter where x < 10000000) select count(*) as n from counter`
      .execute(database.reader)
      .then(() => finished.push("long"));
    const short = sql`select 1 as one`.execute(database.reader).then(() => finished.push("short"));
    await Promise.all([long, short]);
    expect(finished).toEqual(["short", "long"]);
  });

  it("is the connection itself for an in-memory database (no file to share)", async () => {
    const memory = await openLedgerDatabase("sqlite::memory:");
    try {
      expect(memory.reader).toBe(memory.db);
    } finally {
      await memory.close();
    }
  });
});

describe("the reader thread's file", () => {
  it("sits beside the module that starts it: the source here, index.js in a build", () => {
    expect(readerWorkerFile()).toBe(path.join(import.meta.dirname, "sqlite-reader.worker.js"));
    expect(existsSync(readerWorkerFile())).toBe(true);
    expect(readerWorkerFile("file:///srv/site/build/server/index.js")).toBe(
      "/srv/site/build/server/sqlite-reader.worker.js",
    );
  });

  it("when missing, is reported once as an error and reports read on the server's thread", () => {
    const logged: string[] = [];
    const missing = path.join(directory, "nowhere", "sqlite-reader.worker.js");
    expect(findReaderWorker(missing, (line) => logged.push(line))).toBeNull();
    expect(findReaderWorker(missing, (line) => logged.push(line))).toBeNull();
    expect(logged).toEqual([
      `[clicks] the report reader's thread is missing (${missing}): reports read on the server's thread and hold visitors' requests while they run; build with npm run build`,
    ]);
  });

  it("is found, as the writer's, by a server built as build:server builds it and started from another folder", async () => {
    // The build:server script's entries (name=source), with the ledger's database module
    // standing in for the server: the same bundling puts both files in one folder.
    const script = (
      JSON.parse(readFileSync("package.json", "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts["build:server"]!;
    const entries = Object.fromEntries(
      [...script.matchAll(/(\S+)=(\S+\.(?:ts|js))/g)].map((match) => [match[1]!, match[2]!]),
    );
    expect(Object.keys(entries)).toEqual(["index", "sqlite-reader.worker", "sqlite-writer.worker"]);
    // A deployment: build/ and node_modules/, started from a folder that holds neither.
    const deploy = path.join(directory, "deploy");
    const out = path.join(deploy, "build", "server");
    await build({
      entryPoints: { ...entries, index: "app/ledger/database.server.ts" },
      outdir: out,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node24",
      packages: "external",
      logLevel: "warning",
    });
    symlinkSync(path.resolve("node_modules"), path.join(deploy, "node_modules"), "dir");
    const elsewhere = mkdtempSync(path.join(tmpdir(), "elsewhere-"));
    const probe = `
      const { openLedgerDatabase } = await import(${JSON.stringify(pathToFileURL(path.join(out, "index.js")).href)});
      const database = await openLedgerDatabase("sqlite:clicks.sqlite");
      const rows = await database.reader.selectNoFrom((eb) => eb.val(1).as("one")).execute();
      const view = { at: 1, day: "2026-11-20", page: "/", utm_source: null, utm_medium: null,
        utm_campaign: null, referrer: null, country: null, device: "mobile", browser: "Chrome",
        visitor: "v1", variants: null };
      const written = await database.writer?.run("views", { batch: [view], token: "t1" });
      console.log(JSON.stringify({ offThread: database.reader !== database.db, rows, written }));
      await database.close();`;
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ["--input-type=module", "-e", probe],
        { cwd: elsewhere },
      );
      expect(stderr).toBe("");
      // Reports read, and the views are written, off the server's thread.
      expect(JSON.parse(stdout)).toEqual({ offThread: true, rows: [{ one: 1 }], written: true });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
