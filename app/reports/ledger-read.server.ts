/**
 * The dashboard's reads of the ledger. When its database is out of reach (an outage, a
 * restart), a page answers 503 with Retry-After: the site's error page says in Spanish that
 * the data is unavailable for a moment; no 500, no stack. Clicks, views and redirects go on
 * meanwhile (docs/server.md "Database outage"). Any other failure stays a failure (500).
 */
import { isDatabaseUnavailable } from "~/ledger/unavailable";

import { ADMIN_HEADERS } from "~/admin/admin-headers";

/** Seconds the 503 asks to wait: about one restart of PostgreSQL. */
export const RETRY_AFTER_SECONDS = 15;

/** Whether `error` says the database is out of reach; logs it once if so. */
export function databaseUnavailable(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  console.error(`[admin] the ledger's database does not answer: ${(error as Error).message}`);
  return true;
}

export async function readLedger<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!databaseUnavailable(error)) throw error;
    throw new Response(null, {
      status: 503,
      headers: { ...ADMIN_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
}
