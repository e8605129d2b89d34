/**
 * One thread of the ledger's report reader (sqlite-reader.server.ts): its own read-only
 * connection to the SQLite file (WAL lets it read while the server writes), answering one
 * compiled query per task with its rows. Plain JavaScript, so the tests and `npm run dev`
 * start it as it is; the production build bundles it beside the server
 * (build/server/sqlite-reader.worker.js, docs/decisions/011-reader-worker.md).
 */
import Database from "better-sqlite3";
import { workerData } from "piscina";

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 5000");

/** @param {{ sql: string, parameters: unknown[] }} query */
export default function read({ sql, parameters }) {
  const statement = db.prepare(sql);
  if (!statement.reader) throw new Error("the report reader only reads");
  return statement.all(parameters);
}
