/** What the server passes to every loader and action (server/app.ts `getLoadContext`). */
import type { ClickLedger } from "~/clicks/ledger.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The click ledger, or null when the server runs without one (unit tests). */
    clicks: ClickLedger | null;
    /** The client's address, only for the ledger's daily visitor key; never stored. */
    clientAddress: string;
  }
}

export {};
