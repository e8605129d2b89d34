/**
 * The answers to the dashboard's session forms, for every admin page that shows the login
 * form in place of its content (the import, the postbacks): log in (rate-limited per
 * client, then back to the same page) and log out. Every admin answer carries
 * ADMIN_HEADERS: never stored, never indexed.
 *
 * Failed logins are limited twice: in this process's memory (free, always), and in the
 * ledger's database when there is one (shared-login-limiter.server.ts), so the limit holds
 * across instances. When the database fails, the process's limit alone applies (logged).
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";

import { env } from "~/config/env.server";
import { readLedger } from "~/reports/ledger-read.server";

import { ADMIN_HEADERS } from "./admin-headers";

import {
  accountLimiter,
  clientGroup,
  logIn,
  loginLimiter,
  logOut,
  passwordMatches,
  personOf,
  totalLimiter,
} from "./auth.server";
import { ENV_ADMIN, refusal, type Person } from "./people.server";
import {
  ACCOUNT_FAILURES,
  sharedLoginLimiter,
  TOTAL_FAILURES,
} from "./shared-login-limiter.server";

export { ADMIN_HEADERS } from "./admin-headers";

/**
 * The form a dashboard page was posted (urlencoded or multipart), or a thrown 400 for any
 * other body (JSON, text, none): the page's error boundary shows the site's "bad request"
 * texts in the dashboard's frame, never a 500.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(null, { status: 400, headers: ADMIN_HEADERS });
  }
}

/** What the login form shows (its error, if any). */
export type LoginState = { state: "login"; error: string | null };

const loginState = (error: string | null, status: number, headers: HeadersInit = {}) =>
  json<LoginState>(
    { state: "login", error },
    { status, headers: { ...ADMIN_HEADERS, ...headers } },
  );

/** The page to show logged out: the login form, 401. */
export const loginPage = () => loginState(null, 401);

/** The page to show a person whose role does not allow the page or the action: 403. */
export const forbiddenPage = (person: Person, what: string) =>
  json(
    { state: "forbidden" as const, message: refusal(person, what) },
    { status: 403, headers: ADMIN_HEADERS },
  );

/**
 * Answers a "login" or "logout" form posted to `path` (a path of the dashboard), or
 * returns null when the form is another one, for the page's own action. The user field
 * takes an account's e-mail, or "admin" (also when left empty) for ADMIN_PASSWORD.
 */
export async function answerSessionForm(
  form: FormData,
  request: Request,
  context: Pick<AppLoadContext, "clicks" | "clientAddress" | "people">,
  path: string,
): Promise<Response | null> {
  const intent = form.get("intent");
  if (intent === "logout") {
    const person = await personOf(request, context);
    const cookie = await readLedger(async () => {
      if (person) await context.people.audit(person.email, "salir", "sesión");
      return logOut(request, context);
    });
    return redirect("/admin", {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": cookie },
    });
  }
  if (intent !== "login") return null;
  const client = clientGroup(context.clientAddress || "unknown");
  const user =
    String(form.get("user") ?? "")
      .trim()
      .toLowerCase()
      .slice(0, 254) || ENV_ADMIN;
  const account = `account:${user}`;
  const shared = context.clicks && sharedLoginLimiter(context.clicks, env.REPORT_TIME_ZONE);
  /** Asks the shared limiter; when the database fails, answers `otherwise`. */
  const ask = async <T>(question: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await question();
    } catch (error) {
      console.error(`[admin] shared login limit unavailable: ${(error as Error).message}`);
      return otherwise;
    }
  };
  const wait =
    loginLimiter.retryAfter(client) ||
    accountLimiter.retryAfter(account) ||
    totalLimiter.retryAfter("total") ||
    (shared ? await ask(() => shared.retryAfter(client), 0) : 0) ||
    (shared ? await ask(() => shared.retryAfter(account, undefined, ACCOUNT_FAILURES), 0) : 0) ||
    (shared ? await ask(() => shared.retryAfter("total", undefined, TOTAL_FAILURES), 0) : 0);
  if (wait > 0) {
    return loginState(`Demasiados intentos fallidos. Vuelve a probar dentro de ${wait} s.`, 429, {
      "Retry-After": String(wait),
    });
  }
  const password = form.get("password");
  const person =
    typeof password === "string" && password.length <= 1024
      ? await readLedger(() => context.people.verifyLogin(user, password, passwordMatches))
      : null;
  if (person) {
    loginLimiter.succeed(client);
    if (shared) await ask(() => shared.succeed(client), undefined);
    const cookie = await readLedger(async () => {
      await context.people.audit(person.email, "entrar", "sesión");
      return logIn(context, person);
    });
    return redirect(path, { status: 303, headers: { ...ADMIN_HEADERS, "Set-Cookie": cookie } });
  }
  loginLimiter.fail(client);
  accountLimiter.fail(account);
  totalLimiter.fail("total");
  if (shared) {
    await ask(() => shared.fail(client), undefined);
    await ask(() => shared.fail(account), undefined);
    await ask(() => shared.fail("total"), undefined);
  }
  return loginState("Usuario o contraseña incorrectos.", 401);
}
