/**
 * Daily counts of conversions beside the conversions, as click_daily is beside the clicks
 * (app/clicks/rollup.server.ts): per day, dimension, value, event and currency, how many
 * and how much, written in the transaction that stores the conversions. An orphan (no
 * click) counts under "" in every dimension but still in the day's totals.
 */
import type { Transaction } from "kysely";

import { chunked } from "~/clicks/chunked";
import { DIMENSION_NAMES, DIMENSIONS } from "~/clicks/dimensions";
import type { ConversionDailyTable, ConversionsTable, Database } from "~/clicks/types";

type Written = Omit<ConversionsTable, "id">;

/** The conversions' counts and amounts per day, dimension, value, event and currency. */
export function countConversions(conversions: readonly Written[]): ConversionDailyTable[] {
  const counts = new Map<string, ConversionDailyTable>();
  for (const conversion of conversions) {
    for (const dimension of DIMENSION_NAMES) {
      const column = DIMENSIONS[dimension].column as keyof Written;
      const value = String(conversion[column] ?? "");
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
}
