/**
 * /admin/contenido/personas (app/routes/admin.contenido.tsx), for accounts with the admin role: the people who may use the dashboard
 * and the studio (add one with a role, change a role, reset a password, disable an account
 * or end its sessions), and the audit log of every change. A new or reset password is shown
 * once, to hand to the person; only its slow hash is stored (app/admin/people.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { personOf, requireDashboard } from "~/admin/auth.server";
import { hashPassword, newPassword } from "~/admin/passwords.server";
import { EMAIL_PATTERN, ENV_ADMIN } from "~/admin/people.server";
import { can, ROLES, type Role } from "~/admin/roles";
import {
  ADMIN_HEADERS,
  answerSessionForm,
  forbiddenPage,
  loginPage,
  postedForm,
} from "~/admin/session-form.server";
import { Forbidden } from "~/components/admin/forbidden";
import { LoginForm } from "~/components/admin/login-form";
import { PeoplePage } from "~/components/admin/people-page";
import { env } from "~/config/env.server";

export const PEOPLE_PATH = "/admin/contenido/personas";
/** Entries of the audit log the page lists (the newest). */
const AUDIT_ROWS = 200;

export async function peopleLoader({ request, context }: LoaderFunctionArgs) {
  requireDashboard();
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "people")) return forbiddenPage(person, "gestionar personas");
  const [accounts, audit] = await Promise.all([
    context.people.accounts(),
    context.people.auditLog(AUDIT_ROWS),
  ]);
  return json(
    { state: "page" as const, accounts, audit, timeZone: env.REPORT_TIME_ZONE },
    { headers: ADMIN_HEADERS },
  );
}

const answer = (result: { ok: boolean; message: string; password?: string }, status = 200) =>
  json({ state: "result" as const, ...result }, { status, headers: ADMIN_HEADERS });

export async function peopleAction({ request, context }: ActionFunctionArgs) {
  requireDashboard();
  const form = await postedForm(request);
  const session = await answerSessionForm(form, request, context, PEOPLE_PATH);
  if (session) return session;
  const person = await personOf(request, context);
  if (!person) return loginPage();
  if (!can(person, "people")) return forbiddenPage(person, "gestionar personas");
  const { people } = context;
  const intent = form.get("intent");
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const role = String(form.get("role") ?? "") as Role;
  const audit = (action: string, detail = "") => people.audit(person.email, action, email, detail);

  if (!EMAIL_PATTERN.test(email) || email.length > 254 || email === ENV_ADMIN) {
    return answer({ ok: false, message: "Escribe un correo electrónico válido." }, 400);
  }
  const existing = (await people.accounts()).find((account) => account.email === email);

  if (intent === "add") {
    const name =
      String(form.get("name") ?? "")
        .trim()
        .slice(0, 120) || email;
    if (!ROLES.includes(role)) return answer({ ok: false, message: "Elige un rol." }, 400);
    const password = newPassword();
    if (!(await people.addAccount({ email, name, role }, await hashPassword(password)))) {
      return answer({ ok: false, message: `${email} ya tiene una cuenta.` }, 409);
    }
    await audit("añadir cuenta", `rol: ${role}`);
    return answer({
      ok: true,
      message: `Cuenta creada para ${email}. Dale esta contraseña (no se volverá a mostrar):`,
      password,
    });
  }
  if (!existing) return answer({ ok: false, message: `${email} no tiene cuenta.` }, 404);
  if (intent === "role") {
    if (!ROLES.includes(role)) return answer({ ok: false, message: "Elige un rol." }, 400);
    await people.setRole(email, role);
    await audit("cambiar rol", `${existing.role} → ${role}`);
    return answer({ ok: true, message: `${email} tiene ahora el rol ${role}.` });
  }
  if (intent === "password") {
    const password = newPassword();
    await people.setPassword(email, await hashPassword(password));
    await audit("nueva contraseña");
    return answer({
      ok: true,
      message: `Nueva contraseña para ${email} (sus sesiones se han cerrado; no se volverá a mostrar):`,
      password,
    });
  }
  if (intent === "disable" || intent === "enable") {
    await people.setDisabled(email, intent === "disable");
    await audit(intent === "disable" ? "desactivar cuenta" : "activar cuenta");
    return answer({
      ok: true,
      message:
        intent === "disable"
          ? `${email} ya no puede entrar; sus sesiones se han cerrado.`
          : `${email} puede volver a entrar.`,
    });
  }
  if (intent === "sessions") {
    await people.endSessionsOf(email);
    await audit("cerrar sesiones");
    return answer({ ok: true, message: `Se han cerrado las sesiones de ${email}.` });
  }
  return answer({ ok: false, message: "Petición no válida." }, 400);
}

export function People() {
  const data = useLoaderData<typeof peopleLoader>();
  const result = useActionData<typeof peopleAction>();
  if (data.state === "login") return <LoginForm />;
  if (data.state === "forbidden") return <Forbidden message={data.message} />;
  return (
    <PeoplePage
      accounts={data.accounts}
      audit={data.audit}
      timeZone={data.timeZone}
      result={result && "state" in result && result.state === "result" ? result : null}
    />
  );
}
