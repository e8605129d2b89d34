/**
 * The ledger's writes on SQLite, off the server's thread: better-sqlite3 is synchronous, so
 * a batch written on the thread that answers requests holds every redirect, page and
 * /healthz for as long as it runs, and for as long as the disk stalls. One worker thread
 * (sqlite-writer.worker.ts) owns the writing connection and runs the ledgers' write tasks
 * (writer-tasks.server.ts) one after the other; this side hands it each task's plain data
 * and resolves with its answer once the transaction committed
 * (docs/decisions/019-writer-thread.md).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * The writer thread's file, beside the module that runs this code, as the reader's
 * (docs/decisions/011-reader-worker.md): in production the server build's entry
 * build/server/sqlite-writer.worker.js, beside index.js.
 */
export function writerWorkerFile(moduleUrl: string = import.meta.url): string {
  return fileURLToPath(new URL("sqlite-writer.worker.js", moduleUrl));
}

let missingLogged = false;
let bundled: Promise<string> | null = null;

/**
 * The writer thread's file: the built one beside this module (production); from the source
 * (tsx, Vitest, npm run dev), sqlite-writer.worker.ts bundled once per process as
 * build:server bundles it, since a thread cannot load TypeScript by itself. Null when
 * neither is there (a build that left it out): then the ledger writes on the server's
 * thread, and the server says so once, as an error.
 */
export async function findWriterWorker(
  moduleUrl: string = import.meta.url,
  log: (message: string) => void = console.error,
): Promise<string | null> {
  const built = writerWorkerFile(moduleUrl);
  if (existsSync(built)) return built;
  const source = fileURLToPath(new URL("sqlite-writer.worker.ts", moduleUrl));
  if (existsSync(source)) return (bundled ??= bundleFromSource(source));
  if (!missingLogged) {
    missingLogged = true;
    log(
      `[clicks] the ledger writer's thread is missing (${built}): the ledger writes on the server's thread and holds visitors' requests while it writes; build with npm run build`,
    );
  }
  return null;
}

/**
 * Bundles the thread's source into the project's git-ignored .cache/ (where its packages,
 * left external as in build:server, resolve from node_modules); removed when the process
 * exits.
 */
async function bundleFromSource(source: string): Promise<string> {
  const { build } = await import("esbuild");
  const cache = path.resolve(path.dirname(source), "../../.cache/ledger-writer");
  removeLeftovers(cache);
  const directory = path.join(cache, `${process.pid}-${randomBytes(4).toString("hex")}`);
  const outfile = path.join(directory, "sqlite-writer.worker.js");
  await build({
    entryPoints: [source],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["better-sqlite3"],
    outfile,
    logLevel: "warning",
  });
  process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
  return outfile;
}

/** Removes the bundles of processes that ended without removing theirs (killed). */
function removeLeftovers(cache: string): void {
  if (!existsSync(cache)) return;
  for (const name of readdirSync(cache)) {
    const pid = Number(name.split("-")[0]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      rmSync(path.join(cache, name), { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What the thread answers for a task: its value, or the error it threw. */
export type WriterReply =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; name: string; code?: string } };

type Waiting = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** A gate the writer thread stops at before its next task (tests: a write that blocks). */
export type WriterHold = {
  /** Resolves once the thread is waiting at the gate. */
  entered: Promise<void>;
  /** Lets the thread go on. */
  release: () => void;
};

export class SqliteWriter {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private closing: Promise<void> | null = null;

  /** `file`: the SQLite ledger, already migrated; `workerFile`: findWriterWorker's answer. */
  constructor(
    private readonly file: string,
    private readonly workerFile: string,
  ) {}

  /**
   * Runs the task `name` with `input` (structured-cloned to the thread) in the writer
   * thread; resolves with its value once committed, or rejects with its error. Tasks run
   * in the order they were asked for, one at a time.
   */
  run(name: string, input: unknown): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error("the ledger writer is closed"));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // A task under way keeps the process alive until it is answered; an idle thread does
      // not (a script that forgot to close the ledger still ends).
      worker.ref();
      worker.postMessage({ id, name, input });
    });
  }

  /** Stops the thread at a gate before its next task, until released (tests only). */
  hold(): WriterHold {
    const gate = new Int32Array(new SharedArrayBuffer(8));
    Atomics.store(gate, 0, 1);
    this.start().postMessage({ gate: gate.buffer });
    // Atomics.waitAsync (Node 16+) is not in TypeScript's ES2022 library.
    const waitAsync = (
      Atomics as unknown as {
        waitAsync: (
          array: Int32Array,
          index: number,
          value: number,
        ) => { async: boolean; value: Promise<string> | string };
      }
    ).waitAsync;
    const waited = waitAsync(gate, 1, 0);
    return {
      entered: waited.async ? (waited.value as Promise<string>).then(() => {}) : Promise.resolve(),
      release: () => {
        Atomics.store(gate, 0, 0);
        Atomics.notify(gate, 0);
      },
    };
  }

  /** Waits for the tasks asked for, then closes the connection and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const worker = this.worker;
      if (!worker) return;
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.ref();
      // The thread finishes the tasks it holds before it reads this message.
      worker.postMessage({ close: true });
      await exited;
    })();
    return this.closing;
  }

  /** The running thread, or a new one (the first task, or after the thread died). */
  private start(): Worker {
    if (this.worker) return this.worker;
    // None of the server's flags (`--import tsx`, `--input-type`): the thread is plain
    // JavaScript and needs none.
    const worker = new Worker(this.workerFile, { workerData: { file: this.file }, execArgv: [] });
    worker.unref();
    worker.on("message", (reply: WriterReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ("error" in reply) waiting.reject(asError(reply.error));
      else waiting.resolve(reply.value);
    });
    const ended = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      // What it held is not known to be written: each caller keeps it (a batch is retried
      // with its token, a postback answered 503).
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on("error", ended);
    worker.on("exit", (code) => ended(new Error(`the ledger writer's thread ended (${code})`)));
    this.worker = worker;
    return worker;
  }
}

function asError({ message, name, code }: { message: string; name: string; code?: string }) {
  const error = new Error(message) as Error & { code?: string };
  error.name = name;
  if (code !== undefined) error.code = code;
  return error;
}
