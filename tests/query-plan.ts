/** SQLite's plan of a compiled query, its steps on one line joined by " | ", for tests. */
import { CompiledQuery, type Kysely } from "kysely";

export async function sqlitePlan<DB>(
  db: Kysely<DB>,
  { sql, parameters }: { sql: string; parameters: readonly unknown[] },
): Promise<string> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return plan.rows.map((row) => row.detail).join(" | ");
}
