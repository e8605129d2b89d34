/**
 * The ledger writer's thread (sqlite-writer.server.ts): the one connection that writes the
 * SQLite ledger, running the write tasks (writer-tasks.server.ts) it is handed, one at a
 * time and in order, and answering each with its value once committed, or with its error.
 * Bundled beside the server as build/server/sqlite-writer.worker.js (from the source,
 * sqlite-writer.server.ts bundles it the same way when first needed).
 */
import { parentPort, workerData } from "node:worker_threads";

import SQLite from "better-sqlite3";
import { Kysely } from "kysely";

import type { Database } from "./schema";
import { LedgerSqliteDialect } from "./sqlite-dialect";
import type { WriterReply } from "./sqlite-writer.server";
import { writerTasks, type WriterTaskName } from "./writer-tasks.server";

type Message =
  | { id: number; name: WriterTaskName; input: never }
  | { gate: SharedArrayBuffer }
  | { close: true };

const port = parentPort!;
const connection = new SQLite((workerData as { file: string }).file, { fileMustExist: true });
// The server's connection's settings (database.server.ts).
connection.pragma("journal_mode = WAL");
connection.pragma("synchronous = NORMAL");
connection.pragma("busy_timeout = 5000");
const db = new Kysely<Database>({ dialect: new LedgerSqliteDialect(connection) });

/** Tests: the thread stops here while the gate's first cell is 1 (SqliteWriter.hold). */
let gate: Int32Array | null = null;
let tail: Promise<void> = Promise.resolve();

port.on("message", (message: Message) => {
  if ("gate" in message) gate = new Int32Array(message.gate);
  else if ("close" in message) tail = tail.then(close);
  else tail = tail.then(() => run(message));
});

async function run({ id, name, input }: { id: number; name: WriterTaskName; input: never }) {
  if (gate && Atomics.load(gate, 0) === 1) {
    Atomics.store(gate, 1, 1);
    Atomics.notify(gate, 1);
    Atomics.wait(gate, 0, 1);
    gate = null;
  }
  let reply: WriterReply;
  try {
    reply = { id, value: await writerTasks[name](db, input, "sqlite") };
  } catch (thrown) {
    const error = thrown as Error & { code?: unknown };
    reply = {
      id,
      error: {
        message: error.message,
        name: error.name,
        ...(typeof error.code === "string" ? { code: error.code } : {}),
      },
    };
  }
  port.postMessage(reply);
}

async function close() {
  await db.destroy();
  port.close();
}
