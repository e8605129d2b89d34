/**
 * Accounts, roles and sessions on both databases: a password is kept as a slow hash and a
 * wrong one (or a disabled account) logs nobody in; a session started on one instance is
 * accepted by another sharing the database, whatever their SESSION_SECRET, and a logout on
 * either ends it on both; sessions expire; what each role may do.
 */
import { describe, expect, inject, it } from "vitest";

import { ownPostgresDatabase } from "../../tests/own-database";
import { openLedgerDatabase } from "~/ledger/database.server";

import { clientGroup, logIn, logOut, personOf } from "./auth.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { can, PeopleStore, SESSION_MS, type Person } from "./people.server";

const ana: Person = { email: "ana@example.com", name: "Ana", role: "editor" };
const noEnvPassword = () => false;

describe("passwords", () => {
  it("are stored as a salted scrypt hash that only the same password matches", async () => {
    const stored = await hashPassword("una contraseña larga");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain("contraseña");
    expect(await verifyPassword("una contraseña larga", stored)).toBe(true);
    expect(await verifyPassword("una contraseña larg", stored)).toBe(false);
    expect(await hashPassword("una contraseña larga")).not.toBe(stored);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});

describe("roles", () => {
  it("let an editor write drafts only, a publisher publish, an admin everything", () => {
    expect(can({ role: "editor" }, "publish")).toBe(false);
    expect(can({ role: "publisher" }, "publish")).toBe(true);
    expect(can({ role: "publisher" }, "media")).toBe(true);
    expect(can({ role: "publisher" }, "people")).toBe(false);
    expect(can({ role: "admin" }, "people")).toBe(true);
    expect(can({ role: "admin" }, "settings")).toBe(true);
  });
});

describe("clientGroup", () => {
  it("counts an IPv6 client by its /64 and an IPv4 one by its address", () => {
    expect(clientGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientGroup("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientGroup("203.0.113.9")).toBe("203.0.113.9");
  });
});

describe.each([
  ["SQLite", async () => ":memory:"],
  ["PostgreSQL", () => ownPostgresDatabase(inject("databaseUrl"), "people")],
])("PeopleStore on %s", (_name, url) => {
  it("logs in an active account with its password only", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      const people = new PeopleStore(database.db, noEnvPassword);
      expect(await people.addAccount(ana, await hashPassword("contraseña de ana"))).toBe(true);
      expect(await people.addAccount(ana, await hashPassword("otra"))).toBe(false);
      const never = () => false;
      expect(await people.verifyLogin("ana@example.com", "contraseña de ana", never)).toEqual(ana);
      expect(await people.verifyLogin("ana@example.com", "contraseña de luis", never)).toBeNull();
      expect(await people.verifyLogin("luis@example.com", "contraseña de ana", never)).toBeNull();
      // The ADMIN_PASSWORD account exists only while ADMIN_PASSWORD is set.
      expect(await people.verifyLogin("admin", "x", () => true)).toBeNull();
      const withEnv = new PeopleStore(database.db, () => true);
      expect(await withEnv.verifyLogin("admin", "x", () => true)).toMatchObject({ role: "admin" });
      await people.setDisabled("ana@example.com", true);
      expect(await people.verifyLogin("ana@example.com", "contraseña de ana", never)).toBeNull();
    } finally {
      await database.close();
    }
  });

  it("keeps sessions on the server: any instance accepts one, a logout anywhere ends it", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      let now = 1_000_000;
      const first = { people: new PeopleStore(database.db, noEnvPassword, () => now) };
      const second = { people: new PeopleStore(database.db, noEnvPassword, () => now) };
      await first.people.addAccount(ana, await hashPassword("contraseña de ana"));
      const cookie = (await logIn(first, ana)).split(";")[0]!;
      const request = new Request("https://site.example/admin", { headers: { Cookie: cookie } });
      expect(await personOf(request, first)).toEqual(ana);
      expect(await personOf(request, second)).toEqual(ana);
      expect(await logOut(request, second)).toMatch(/Max-Age=0/);
      expect(await personOf(request, first)).toBeNull();

      // A session expires 12 hours after its login, and ends when its account is disabled.
      const later = new Request("https://site.example/admin", {
        headers: { Cookie: (await logIn(first, ana)).split(";")[0]! },
      });
      now += SESSION_MS - 1;
      expect(await personOf(later, second)).toEqual(ana);
      now += 1;
      expect(await personOf(later, second)).toBeNull();
      const again = new Request("https://site.example/admin", {
        headers: { Cookie: (await logIn(first, ana)).split(";")[0]! },
      });
      await first.people.setDisabled(ana.email, true);
      expect(await personOf(again, second)).toBeNull();
      // A forged or malformed token is nobody.
      const forged = new Request("https://site.example/admin", {
        headers: { Cookie: "admin_session=forged" },
      });
      expect(await personOf(forged, first)).toBeNull();
    } finally {
      await database.close();
    }
  });

  it("records every change in the audit log, newest first", async () => {
    const database = await openLedgerDatabase(await url());
    try {
      let now = 5_000;
      const people = new PeopleStore(database.db, noEnvPassword, () => (now += 1));
      await people.audit("ana@example.com", "publicar", "pages/home", "Titular");
      await people.audit("admin", "cuenta", "luis@example.com", "rol: publisher");
      expect(await people.auditLog()).toMatchObject([
        { actor: "admin", action: "cuenta", target: "luis@example.com" },
        { actor: "ana@example.com", action: "publicar", target: "pages/home", detail: "Titular" },
      ]);
    } finally {
      await database.close();
    }
  });
});
