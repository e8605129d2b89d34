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

/** What a write's failure means, in the words of the operator's log line, by driver code. */
const FAULTS: [RegExp, string][] = [
  // SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…) share the prefix.
  [/^SQLITE_FULL$|^ENOSPC$|^53100$/, "disco lleno"],
  [/^SQLITE_READONLY|^EROFS$|^25006$/, "la base de datos es de solo lectura"],
  [/^SQLITE_IOERR|^EIO$/, "error de lectura o escritura del disco"],
  [/^SQLITE_CANTOPEN|^EACCES$|^EPERM$/, "no se puede abrir el archivo de la base de datos"],
  [/^SQLITE_CORRUPT|^SQLITE_NOTADB$/, "el archivo de la base de datos está dañado"],
  [/^SQLITE_(BUSY|LOCKED)/, "la base de datos está bloqueada por otro proceso"],
  [/^53200$|^SQLITE_NOMEM$/, "sin memoria para la base de datos"],
];

/**
 * A storage error as one phrase for the log, in Spanish, with the driver's code and message
 * kept: `disco lleno (SQLITE_FULL: database or disk is full)`.
 */
export function describeStorageError(error: unknown): string {
  const { code, message } = (typeof error === "object" && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const codeText = typeof code === "string" ? code : "";
  const detail = [codeText, typeof message === "string" ? message : String(error)]
    .filter(Boolean)
    .join(": ");
  const known = FAULTS.find(([pattern]) => codeText && pattern.test(codeText))?.[1];
  const phrase =
    known ??
    (isDatabaseUnavailable(error)
      ? "la base de datos no responde"
      : "la base de datos ha rechazado la escritura");
  return `${phrase} (${detail})`;
}
