/**
 * Storing one batch of conversions in one transaction: each conversion's attribution copied
 * from its click, the dedup rules, orphans and the postback log. The daily counts follow in
 * the next transaction (countWaiting, app/ledger/rollups/rollup.server.ts). Called
 * by the conversion ledger (ledger.server.ts) on whichever thread owns the writing
 * connection: the SQLite writer's thread (app/ledger/sqlite-writer.worker.ts) or, on
 * PostgreSQL, the server's. Its input is plain data, so it can be handed to that thread.
 */
import type { Kysely, Transaction } from "kysely";

import { chunked } from "~/ledger/chunked";
import type {
  ConversionOrigin,
  ConversionsTable,
  Database,
  Dialect,
  PostbackLogTable,
  PostbackOutcome,
} from "~/ledger/schema";
import { durably } from "~/ledger/durably.server";
import { insertRows } from "~/ledger/insert-rows";
import { dayIn } from "~/reports/reporting-day";

import { RETRY_WINDOW_MS } from "./dedup";
import type { ConversionInput, RejectionReason } from "./postback-input";

/** Rows the postback log keeps (the latest). */
export const POSTBACK_LOG_ROWS = 1_000;

type Conversion = Omit<ConversionsTable, "id">;
export type LogRow = Omit<PostbackLogTable, "id">;
export type RecordOutcome = Extract<PostbackOutcome, "accepted" | "duplicate" | "orphan">;

/** One conversion to store, with its dedup keys (dedup.ts). */
export type ConversionToStore = {
  conversion: ConversionInput;
  at: number;
  origin: ConversionOrigin;
  key: string;
  previousKey: string | null;
};

/** What the attribution copies from a click. */
type Attribution = Pick<
  ConversionsTable,
  | "link_id"
  | "page"
  | "utm_source"
  | "utm_campaign"
  | "referrer"
  | "subid"
  | "country"
  | "device"
  | "variants"
  | "offer"
> & { at: number };

const ORPHAN: Omit<Attribution, "at"> = {
  link_id: "",
  page: "",
  utm_source: null,
  utm_campaign: null,
  referrer: null,
  subid: null,
  country: null,
  device: "",
  variants: null,
  offer: null,
};

/** Log rows appended since the postback log was last trimmed, by this thread. */
let logWrites = 0;

/**
 * Stores a batch of conversions and the waiting log rows in one transaction; resolves with
 * each conversion's outcome once committed, or throws (nothing stored).
 */
export function storeConversions(
  db: Kysely<Database>,
  { batch, log, timeZone }: { batch: ConversionToStore[]; log: LogRow[]; timeZone: string },
  dialect: Dialect,
): Promise<RecordOutcome[]> {
  // Answered 200 once on disk: a power loss after it must not undo it.
  return durably(db, dialect, async (trx) => {
    const outcomes = batch.length > 0 ? await insert(trx, dialect, batch, log, timeZone) : [];
    if (log.length > 0) await appendLog(trx, dialect, log);
    return outcomes;
  });
}

async function insert(
  trx: Transaction<Database>,
  dialect: Dialect,
  batch: ConversionToStore[],
  log: LogRow[],
  timeZone: string,
): Promise<RecordOutcome[]> {
  const attribution = await attributionOf(trx, [
    ...new Set(batch.map((item) => item.conversion.clickId)),
  ]);
  // Keys taken already: in the database (the slot before within the retry window too)…
  const taken = await takenKeys(
    trx,
    batch.flatMap((item) => [item.key, item.previousKey ?? item.key]),
  );
  // …or earlier in this batch.
  const outcomes: RecordOutcome[] = [];
  const rows: Conversion[] = [];
  for (const item of batch) {
    const previousAt = item.previousKey ? taken.get(item.previousKey) : undefined;
    const retried =
      taken.has(item.key) || (previousAt !== undefined && item.at - previousAt < RETRY_WINDOW_MS);
    const click = attribution.get(item.conversion.clickId);
    // The log lists what programs sent; an import shows its own outcomes on its page.
    const note = (outcome: RecordOutcome) => {
      if (item.origin === "postback")
        log.push(logRow(item.at, outcome, "postback", item.conversion, null));
    };
    if (retried) {
      outcomes.push("duplicate");
      note("duplicate");
      continue;
    }
    taken.set(item.key, item.at);
    const { conversion } = item;
    const { at: clickAt = null, ...copied } = click ?? { ...ORPHAN, at: null };
    rows.push({
      at: item.at,
      day: dayIn(timeZone, item.at),
      event: conversion.event,
      amount_cents: conversion.amountCents,
      currency: conversion.currency,
      txid: conversion.txid,
      dedup_key: item.key,
      click_id: conversion.clickId,
      orphan: click ? 0 : 1,
      origin: item.origin,
      click_at: clickAt,
      ...copied,
      // Counted by the next transaction (countWaiting): this one is the postback's answer.
      counted: 0,
    });
    const outcome = click ? "accepted" : "orphan";
    outcomes.push(outcome);
    note(outcome);
  }
  // Another instance may have stored the same key meanwhile (PostgreSQL): the unique
  // index has the last word, and what it refused is a duplicate.
  const inserted = await insertRows(trx, dialect, "conversions", rows, {
    columns: ["dedup_key"],
    returning: ["dedup_key"],
  });
  const stored = new Set(inserted.map((row) => String(row.dedup_key)));
  if (stored.size < rows.length) {
    for (const [index, item] of batch.entries()) {
      if (outcomes[index] !== "duplicate" && !stored.has(item.key)) {
        outcomes[index] = "duplicate";
        const entry = log.find(
          (row) => row.click_id === item.conversion.clickId && row.at === item.at,
        );
        if (entry) entry.outcome = "duplicate";
      }
    }
  }
  return outcomes;
}

async function appendLog(
  trx: Transaction<Database>,
  dialect: Dialect,
  log: LogRow[],
): Promise<void> {
  await insertRows(trx, dialect, "postback_log", log);
  logWrites += log.length;
  if (logWrites >= POSTBACK_LOG_ROWS / 10) {
    logWrites = 0;
    const newest = await trx
      .selectFrom("postback_log")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const keepFrom = Number(newest?.id ?? 0) - POSTBACK_LOG_ROWS;
    if (keepFrom > 0) await trx.deleteFrom("postback_log").where("id", "<=", keepFrom).execute();
  }
}

export function logRow(
  at: number,
  outcome: PostbackOutcome,
  origin: ConversionOrigin | "test",
  conversion: ConversionInput,
  reason: RejectionReason | null,
): LogRow {
  return {
    at,
    outcome,
    origin,
    reason,
    event: conversion.event,
    click_id: conversion.clickId,
    txid: conversion.txid,
    amount_cents: conversion.amountCents,
    currency: conversion.currency,
  };
}

/** The stored conversions' keys among these, with their instants. */
export async function takenKeys(
  trx: Transaction<Database>,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const part of chunked([...new Set(keys)], 500)) {
    const rows = await trx
      .selectFrom("conversions")
      .select(["dedup_key", "at"])
      .where("dedup_key", "in", part)
      .execute();
    for (const row of rows) taken.set(row.dedup_key, Number(row.at));
  }
  return taken;
}

/** The attribution of the clicks with these ids (absent: no such click). */
export async function attributionOf(
  trx: Transaction<Database>,
  clickIds: string[],
): Promise<Map<string, Attribution>> {
  const found = new Map<string, Attribution>();
  for (const part of chunked(clickIds, 500)) {
    const rows = await trx
      .selectFrom("clicks")
      .select([
        "click_id",
        "at",
        "link_id",
        "page",
        "utm_source",
        "utm_campaign",
        "referrer",
        "subid",
        "country",
        "device",
        // The click's experiments: its conversions count for the variants it was shown.
        "variants",
        "offer",
      ])
      .where("click_id", "in", part)
      .execute();
    for (const { click_id, at, ...row } of rows) {
      if (click_id) found.set(click_id, { ...row, at: Number(at) });
    }
  }
  return found;
}
