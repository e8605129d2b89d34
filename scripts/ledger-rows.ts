/** What a ledger table holds, counted: the benches check what they wrote or measured. */
import type { Kysely } from "kysely";

import type { Database } from "../app/ledger/schema";

export async function countRows(
  db: Kysely<Database>,
  table: "clicks" | "conversions" | "views",
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
