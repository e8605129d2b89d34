/**
 * Who may use the dashboard and the studio, and what each may do (migration 015):
 * - roles: `editor` writes drafts and previews them; `publisher` also publishes, restores
 *   and manages media; `admin` also manages people, the site settings, postbacks and the
 *   import (`can` is the one place that says so);
 * - accounts: named, by e-mail, with a password stored as a slow hash. With ADMIN_PASSWORD
 *   set, an account named `admin` exists with that password (never stored);
 * - sessions: a random token in the cookie, its SHA-256 in the database with an absolute
 *   expiry, so a logout or a revocation ends it on every instance, and a restart keeps it;
 * - the audit log: every change, with who made it.
 */
import { createHash, randomBytes } from "node:crypto";

import type { Kysely } from "kysely";

import type { Database } from "~/ledger/schema";

import { verifyPassword } from "./passwords.server";
import type { Person, Role } from "./roles";

export { can, refusal, ROLE_WORDS, ROLES, type Permission, type Person, type Role } from "./roles";

/** The ADMIN_PASSWORD account's name (the login form's user field accepts it). */
export const ENV_ADMIN = "admin";
const ENV_ADMIN_PERSON: Person = { email: ENV_ADMIN, name: ENV_ADMIN, role: "admin" };

/** How long a session lasts after its login. */
export const SESSION_MS = 12 * 60 * 60 * 1000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,180}\.[^\s@]{2,}$/;

export type AccountSummary = Person & {
  createdAt: number;
  disabledAt: number | null;
  sessions: number;
};

export type AuditEntry = {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
};

export class PeopleStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** Whether the ADMIN_PASSWORD account exists. */
    private readonly envAdmin: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  async accounts(): Promise<AccountSummary[]> {
    const [rows, sessions] = await Promise.all([
      this.db.selectFrom("accounts").selectAll().orderBy("email").execute(),
      this.db
        .selectFrom("sessions")
        .select(["account", (eb) => eb.fn.countAll<number>().as("count")])
        .where("expires_at", ">", this.now())
        .groupBy("account")
        .execute(),
    ]);
    const open = new Map(sessions.map((row) => [row.account, Number(row.count)]));
    return rows.map((row) => ({
      email: row.email,
      name: row.name,
      role: row.role,
      createdAt: Number(row.created_at),
      disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
      sessions: open.get(row.email) ?? 0,
    }));
  }

  /** Adds an account; false when the e-mail already has one. */
  async addAccount(person: Person, passwordHash: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto("accounts")
      .values({
        email: person.email,
        name: person.name,
        role: person.role,
        password_hash: passwordHash,
        created_at: this.now(),
        disabled_at: null,
      })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async setRole(email: string, role: Role): Promise<void> {
    await this.db.updateTable("accounts").set({ role }).where("email", "=", email).execute();
  }

  async setPassword(email: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable("accounts")
      .set({ password_hash: passwordHash })
      .where("email", "=", email)
      .execute();
    await this.endSessionsOf(email);
  }

  /** Disables an account (or enables it again); disabling ends its sessions. */
  async setDisabled(email: string, disabled: boolean): Promise<void> {
    await this.db
      .updateTable("accounts")
      .set({ disabled_at: disabled ? this.now() : null })
      .where("email", "=", email)
      .execute();
    if (disabled) await this.endSessionsOf(email);
  }

  /** The person a login names, when the password is theirs and the account is active. */
  async verifyLogin(
    user: string,
    password: string,
    envPasswordMatches: (password: string) => boolean,
  ): Promise<Person | null> {
    if (user === ENV_ADMIN) {
      return this.envAdmin() && envPasswordMatches(password) ? ENV_ADMIN_PERSON : null;
    }
    const row = await this.db
      .selectFrom("accounts")
      .selectAll()
      .where("email", "=", user)
      .executeTakeFirst();
    // A missing account costs the same hash as a wrong password: timing says nothing.
    const valid = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
    if (!row || !valid || row.disabled_at !== null) return null;
    return { email: row.email, name: row.name, role: row.role };
  }

  /** A new session for a person: the token for the cookie (its hash is stored). */
  async startSession(person: Person): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = this.now();
    await this.db
      .insertInto("sessions")
      .values({
        token_hash: digest(token),
        account: person.email,
        created_at: now,
        expires_at: now + SESSION_MS,
      })
      .execute();
    // Expired sessions go as new ones come.
    await this.db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
    return token;
  }

  /** The person of a session token, while the session and the account last. */
  async personOf(token: string): Promise<Person | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const session = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("token_hash", "=", digest(token))
      .executeTakeFirst();
    if (!session || Number(session.expires_at) <= this.now()) return null;
    if (session.account === ENV_ADMIN) return this.envAdmin() ? ENV_ADMIN_PERSON : null;
    const row = await this.db
      .selectFrom("accounts")
      .selectAll()
      .where("email", "=", session.account)
      .executeTakeFirst();
    if (!row || row.disabled_at !== null) return null;
    return { email: row.email, name: row.name, role: row.role };
  }

  async endSession(token: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("token_hash", "=", digest(token)).execute();
  }

  async endSessionsOf(email: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("account", "=", email).execute();
  }

  async audit(actor: string, action: string, target: string, detail = ""): Promise<void> {
    await this.db
      .insertInto("audit_log")
      .values({
        at: this.now(),
        actor: actor.slice(0, 254),
        action: action.slice(0, 40),
        target: target.slice(0, 300),
        detail: detail.slice(0, 1000),
      })
      .execute();
  }

  async auditLog(limit = 200): Promise<AuditEntry[]> {
    const rows = await this.db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) }));
  }
}

/** A valid hash of a password nobody has, checked when a login names no account. */
const DUMMY_HASH =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
