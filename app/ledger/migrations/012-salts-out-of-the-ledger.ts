/**
 * The visitor key's daily salts leave the ledger (decision 017). `visitor_salts` (migration
 * 007) kept them beside the keys, so every backup held both and a key could be reversed by
 * guessing address and User-Agent. This migration destroys every stored salt:
 * - SQLite: the rows are deleted and the table dropped with `secure_delete` on, so their
 *   bytes are overwritten with zeros (not left in a free page that a backup copies), and
 *   the write-ahead log is checkpointed and truncated. From now on a SQLite ledger's salts
 *   live in the server's memory only;
 * - PostgreSQL: the table is dropped (its files go with it) and `live_salts(day, salt)` is
 *   created UNLOGGED, so that its rows never reach the write-ahead log, a replica or a
 *   `pg_basebackup`, and `pg_dump --no-unlogged-table-data` leaves them out. Instances share
 *   the day's salt through it; a crash of the database empties it (a new salt for the day).
 * Frozen: names and columns are the ones of this migration.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") {
        const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db);
        const previous = Number(rows[0]?.secure_delete ?? 0);
        await sql`pragma secure_delete = on`.execute(db);
        await sql`delete from visitor_salts`.execute(db);
        await db.schema.dropTable("visitor_salts").ifExists().execute();
        await sql`pragma secure_delete = ${sql.raw(String(previous))}`.execute(db);
        // The deleted salts' earlier versions may still sit in old frames of the log.
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
        return;
      }
      await db.schema.dropTable("visitor_salts").ifExists().execute();
      await db.schema
        .createTable("live_salts")
        .modifyFront(sql`unlogged`)
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.primaryKey())
        .addColumn("salt", "varchar(64)", (column) => column.notNull())
        .execute();
    },
  };
}
