/**
 * Whether an error says the ledger's database is out of reach (stopped, restarting,
 * unreachable, busy), as opposed to a fault of the query or the code: the dashboard answers
 * the first with a 503 and its Spanish "try again" page (app/reports/ledger-read.server.ts).
 * A leaf: it names the drivers' error codes without importing the drivers.
 */

/** Node's socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    // PostgreSQL's classes 08 (connection exception) and 57P (operator intervention: the
    // server shutting down or starting); SQLite's lock wait that ran out.
    if (NETWORK_CODES.has(code) || /^08|^57P0[1-3]$/.test(code)) return true;
    if (code === "SQLITE_BUSY") return true;
  }
  // node-postgres reports a lost or never-made connection by message only.
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}
