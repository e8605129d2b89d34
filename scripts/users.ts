/**
 * `npm run users -- add <email> --role <editor|publisher|admin> [--name "Nombre"]`: creates
 * a named account of the dashboard and the studio in the database DATABASE_URL names (read
 * as the server reads it, `.env` included) and prints its password once (or takes it from
 * USER_PASSWORD, 12 characters at least). `npm run users -- list` lists the accounts;
 * `npm run users -- disable <email>` disables one and ends its sessions. Admins can do the
 * same at /admin/contenido/personas. See docs/editing-content.md#9-people-and-roles-admins.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import "../server/load-env";
import { hashPassword, MIN_PASSWORD_LENGTH, newPassword } from "../app/admin/passwords.server";
import { EMAIL_PATTERN, ENV_ADMIN, PeopleStore } from "../app/admin/people.server";
import { ROLES, type Role } from "../app/admin/roles";
import { env } from "../app/config/env.server";
import { openLedgerDatabase } from "../app/ledger/database.server";

const USAGE =
  'Uso: npm run users -- add <correo> --role <editor|publisher|admin> [--name "Nombre"] | list | disable <correo>';

/** Runs one command; returns the exit code. */
export async function runUsers(argv: string[], log = console.log, fail = console.error) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { role: { type: "string" }, name: { type: "string" } },
  });
  const [command, rawEmail] = positionals;
  const email = (rawEmail ?? "").trim().toLowerCase();
  if (command !== "add" && command !== "list" && command !== "disable") {
    fail(USAGE);
    return 1;
  }
  if (command !== "list" && (!EMAIL_PATTERN.test(email) || email === ENV_ADMIN)) {
    fail(`"${rawEmail ?? ""}" no es un correo electrónico válido.\n${USAGE}`);
    return 1;
  }
  const database = await openLedgerDatabase(env.DATABASE_URL);
  try {
    const people = new PeopleStore(database.db, () => Boolean(env.ADMIN_PASSWORD));
    if (command === "list") {
      for (const account of await people.accounts()) {
        log(
          `${account.email}\t${account.role}\t${account.disabledAt ? "desactivada" : "activa"}\t${account.name}`,
        );
      }
      return 0;
    }
    if (command === "disable") {
      await people.setDisabled(email, true);
      await people.audit("npm run users", "desactivar cuenta", email);
      log(`${email}: desactivada; sus sesiones se han cerrado.`);
      return 0;
    }
    const role = values.role as Role | undefined;
    if (!role || !ROLES.includes(role)) {
      fail(`Indica el rol con --role: ${ROLES.join(", ")}.\n${USAGE}`);
      return 1;
    }
    const given = process.env.USER_PASSWORD;
    if (given !== undefined && given.length < MIN_PASSWORD_LENGTH) {
      fail(`USER_PASSWORD debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`);
      return 1;
    }
    const password = given ?? newPassword();
    const name = values.name?.trim() || email;
    if (!(await people.addAccount({ email, name, role }, await hashPassword(password)))) {
      fail(`${email} ya tiene una cuenta.`);
      return 1;
    }
    await people.audit("npm run users", "añadir cuenta", email, `rol: ${role}`);
    log(`Cuenta creada: ${email} (${role}) en ${database.describe}.`);
    if (given === undefined) log(`Contraseña (no se volverá a mostrar): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runUsers(process.argv.slice(2));
}
