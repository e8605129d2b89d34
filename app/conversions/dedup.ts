/**
 * What makes a conversion unique, so that a program's retry is never counted twice and a
 * real new deposit is never dropped. Each conversion carries one key; the ledger's unique
 * index on it turns a second arrival into a "duplicate" outcome (logged, not lost):
 * - registration and FTD happen once per click: `once:<event>:<click id>`, whatever the txid;
 * - with a txid (the program's transaction id), the txid decides: `tx:<event>:<txid>`;
 * - a deposit or commission without txid (postback): the same click, event, amount and
 *   currency within RETRY_WINDOW_MS of an identical one is a retry. The key names the
 *   ten-minute slot and the ledger also checks the slot before (conversions/ledger.server.ts);
 * - a CSV row without txid: its click, event, amount, currency and date, and which
 *   occurrence of that row it is in the file, so importing a file again adds nothing.
 */
import type { ConversionEvent } from "~/ledger/schema";

import { ONCE_PER_CLICK, type ConversionInput } from "./postback-input";

/** Two identical repeatable postbacks without txid this close are one, retried. */
export const RETRY_WINDOW_MS = 10 * 60 * 1000;

const slotOf = (at: number) => Math.floor(at / RETRY_WINDOW_MS);

function retryKey(
  { clickId, event, amountCents, currency }: ConversionInput,
  slot: number,
): string {
  return `auto:${event}:${clickId}:${amountCents}:${currency}:${slot}`;
}

/** The key of a postback's conversion received at `at`. */
export function postbackKey(conversion: ConversionInput, at: number): string {
  const { event, clickId, txid } = conversion;
  if (ONCE_PER_CLICK.has(event)) return `once:${event}:${clickId}`;
  if (txid) return `tx:${event}:${txid}`;
  return retryKey(conversion, slotOf(at));
}

/**
 * The key an identical retry in the slot before would carry (null when the key does not
 * depend on time); a match within RETRY_WINDOW_MS makes this one a duplicate.
 */
export function previousSlotKey(conversion: ConversionInput, at: number): string | null {
  if (ONCE_PER_CLICK.has(conversion.event) || conversion.txid) return null;
  return retryKey(conversion, slotOf(at) - 1);
}

/** The key of an imported CSV row: its `occurrence` counts identical rows before it. */
export function importKey(conversion: ConversionInput, date: string, occurrence: number): string {
  const { event, clickId, txid, amountCents, currency } = conversion;
  if (ONCE_PER_CLICK.has(event)) return `once:${event}:${clickId}`;
  if (txid) return `tx:${event}:${txid}`;
  return `csv:${event}:${clickId}:${amountCents}:${currency}:${date}:${occurrence}`;
}

export const isRepeatable = (event: ConversionEvent) => !ONCE_PER_CLICK.has(event);
