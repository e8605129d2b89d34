/**
 * Facts the instances of one site share through the database (issue 25), so that several
 * instances behind one front count and decide as one:
 * - `visitor_salts`: the daily salt of the visitor key, one row per day (YYYY-MM-DD in the
 *   reporting time zone), created by whichever instance needs it first and deleted two
 *   days later, so a key can no longer be recomputed;
 * - `login_failures`: failed logins to the dashboard per client and fixed window (epoch ms
 *   of the window's start). The client is a salted hash of its address, never the address;
 * - `written_batches`: the token of every batch of clicks or views written, in the batch's
 *   own transaction, so a batch retried after a commit whose outcome was unknown is
 *   recognised and not written twice. Kept a day;
 * - `job_runs`: when a periodic job (retention) last started, a lease that lets one
 *   instance run it and the others skip it.
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("visitor_salts")
        .ifNotExists()
        .addColumn("day", "varchar(10)", (column) => column.primaryKey())
        .addColumn("salt", "varchar(64)", (column) => column.notNull())
        .execute();
      await db.schema
        .createTable("login_failures")
        .ifNotExists()
        .addColumn("client", "varchar(64)", (column) => column.notNull())
        .addColumn("window_start", "bigint", (column) => column.notNull())
        .addColumn("failures", "integer", (column) => column.notNull())
        .addPrimaryKeyConstraint("login_failures_key", ["client", "window_start"])
        .execute();
      await db.schema
        .createTable("written_batches")
        .ifNotExists()
        .addColumn("token", "varchar(32)", (column) => column.primaryKey())
        .addColumn("at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("written_batches_at")
        .ifNotExists()
        .on("written_batches")
        .column("at")
        .execute();
      await db.schema
        .createTable("job_runs")
        .ifNotExists()
        .addColumn("name", "varchar(40)", (column) => column.primaryKey())
        .addColumn("at", "bigint", (column) => column.notNull())
        .execute();
    },
  };
}
