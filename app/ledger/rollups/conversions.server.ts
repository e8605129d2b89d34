/**
 * Daily counts of conversions beside the conversions, as click_daily is beside the clicks
 * (app/ledger/rollups/clicks.server.ts): per day, dimension, value, event and currency, how many
 * and how much, written in the transaction that stores the conversions. An orphan (no
 * click) counts under "" in every dimension but still in the day's totals.
 * `conversion_filter_daily` (migration 010) holds the same figures under each
 * one-dimension filter, every pair of PAIRED (no sub-ids, as click_filter_daily).
 */
import type { Transaction } from "kysely";

import { chunked } from "../chunked";
import { DIMENSION_NAMES, DIMENSIONS } from "~/reports/dimensions";
import { PAIRED } from "./clicks.server";
import type {
  ConversionDailyTable,
  ConversionFilterDailyTable,
  ConversionsTable,
  Database,
} from "../schema";

type Written = Omit<ConversionsTable, "id">;

/** A conversion's value of `dimension` as the daily counts store it ("" when missing). */
const valueOf = (conversion: Written, dimension: (typeof DIMENSION_NAMES)[number]) =>
  String(conversion[DIMENSIONS[dimension].column as keyof Written] ?? "");

/** The conversions' counts and amounts per day, dimension, value, event and currency. */
export function countConversions(conversions: readonly Written[]): ConversionDailyTable[] {
  const counts = new Map<string, ConversionDailyTable>();
  for (const conversion of conversions) {
    for (const dimension of DIMENSION_NAMES) {
      const value = valueOf(conversion, dimension);
      const key = [conversion.day, dimension, value, conversion.event, conversion.currency].join(
        "\u0000",
      );
      const counted = counts.get(key);
      if (counted) {
        counted.conversions++;
        counted.amount_cents += conversion.amount_cents;
      } else {
        counts.set(key, {
          day: conversion.day,
          dimension,
          value,
          event: conversion.event,
          currency: conversion.currency,
          conversions: 1,
          amount_cents: conversion.amount_cents,
        });
      }
    }
  }
  return [...counts.values()];
}

/** The conversions' figures under each one-dimension filter (conversion_filter_daily). */
export function countConversionsFiltered(
  conversions: readonly Written[],
): ConversionFilterDailyTable[] {
  const counts = new Map<string, ConversionFilterDailyTable>();
  for (const conversion of conversions) {
    const values = PAIRED.map((dimension) => valueOf(conversion, dimension));
    const { day, event, currency, amount_cents } = conversion;
    for (const [at, filter] of PAIRED.entries()) {
      for (const [index, dimension] of PAIRED.entries()) {
        const key = [at, values[at], index, values[index], day, event, currency].join("\u0000");
        const counted = counts.get(key);
        if (counted) {
          counted.conversions++;
          counted.amount_cents += amount_cents;
        } else {
          counts.set(key, {
            filter_dimension: filter,
            filter_value: values[at]!,
            day,
            dimension,
            value: values[index]!,
            event,
            currency,
            conversions: 1,
            amount_cents,
          });
        }
      }
    }
  }
  return [...counts.values()];
}

export async function addConversionsToRollups(
  trx: Transaction<Database>,
  conversions: readonly Written[],
): Promise<void> {
  for (const part of chunked(countConversions(conversions), 200)) {
    await trx
      .insertInto("conversion_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict.columns(["day", "dimension", "value", "event", "currency"]).doUpdateSet((eb) => ({
          conversions: eb("conversion_daily.conversions", "+", eb.ref("excluded.conversions")),
          amount_cents: eb("conversion_daily.amount_cents", "+", eb.ref("excluded.amount_cents")),
        })),
      )
      .execute();
  }
  // 300 rows × 9 values: under both databases' parameter limits.
  for (const part of chunked(countConversionsFiltered(conversions), 300)) {
    await trx
      .insertInto("conversion_filter_daily")
      .values(part)
      .onConflict((conflict) =>
        conflict
          .columns([
            "filter_dimension",
            "filter_value",
            "day",
            "dimension",
            "value",
            "event",
            "currency",
          ])
          .doUpdateSet((eb) => ({
            conversions: eb(
              "conversion_filter_daily.conversions",
              "+",
              eb.ref("excluded.conversions"),
            ),
            amount_cents: eb(
              "conversion_filter_daily.amount_cents",
              "+",
              eb.ref("excluded.amount_cents"),
            ),
          })),
      )
      .execute();
  }
}
