/**
 * Named accounts of the dashboard and the studio (decision 022), their sessions, and the
 * audit log:
 * - `accounts`: one per person, by e-mail: a name, a role (editor, publisher, admin), the
 *   password as a slow hash (scrypt, with its parameters and salt), and when it was
 *   disabled (a disabled account cannot log in). The ADMIN_PASSWORD account is not stored;
 * - `sessions`: one per login, by the SHA-256 of its token (the cookie holds the token;
 *   a copy of this table gives no session), with its absolute expiry: a logout deletes it,
 *   so it ends on the server, on every instance;
 * - `audit_log`: who did what to what, and when, for an admin to read.
 * Frozen: names and columns are the ones of this migration.
 */
import type { Kysely } from "kysely";
import type { Migration } from "kysely/migration";

export function migration(dialect: "sqlite" | "postgres"): Migration {
  const serial = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("accounts")
        .ifNotExists()
        .addColumn("email", "varchar(254)", (column) => column.primaryKey())
        .addColumn("name", "varchar(120)", (column) => column.notNull())
        .addColumn("role", "varchar(12)", (column) => column.notNull())
        .addColumn("password_hash", "varchar(200)", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("disabled_at", "bigint")
        .execute();
      await db.schema
        .createTable("sessions")
        .ifNotExists()
        .addColumn("token_hash", "varchar(64)", (column) => column.primaryKey())
        .addColumn("account", "varchar(254)", (column) => column.notNull())
        .addColumn("created_at", "bigint", (column) => column.notNull())
        .addColumn("expires_at", "bigint", (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex("sessions_account")
        .ifNotExists()
        .on("sessions")
        .column("account")
        .execute();
      await db.schema
        .createTable("audit_log")
        .ifNotExists()
        .addColumn("id", serial, (column) =>
          dialect === "postgres" ? column.primaryKey() : column.primaryKey().autoIncrement(),
        )
        .addColumn("at", "bigint", (column) => column.notNull())
        .addColumn("actor", "varchar(254)", (column) => column.notNull())
        .addColumn("action", "varchar(40)", (column) => column.notNull())
        .addColumn("target", "varchar(300)", (column) => column.notNull())
        .addColumn("detail", "varchar(1000)", (column) => column.notNull().defaultTo(""))
        .execute();
    },
  };
}
