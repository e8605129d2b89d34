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

import { logIn, loginLimiter, logOut, passwordMatches } from "./auth.server";
import { sharedLoginLimiter } from "./shared-login-limiter.server";

export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

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

/**
 * Answers a "login" or "logout" form posted to `path` (a path of the dashboard), or
 * returns null when the form is another one, for the page's own action.
 */
export async function answerSessionForm(
  form: FormData,
  request: Request,
  context: Pick<AppLoadContext, "clicks" | "clientAddress">,
  path: string,
): Promise<Response | null> {
  const intent = form.get("intent");
  if (intent === "logout") {
    return redirect("/admin", {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": await logOut(request) },
    });
  }
  if (intent !== "login") return null;
  const client = context.clientAddress || "unknown";
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
    loginLimiter.retryAfter(client) || (shared ? await ask(() => shared.retryAfter(client), 0) : 0);
  if (wait > 0) {
    return loginState(`Demasiados intentos fallidos. Vuelve a probar dentro de ${wait} s.`, 429, {
      "Retry-After": String(wait),
    });
  }
  const password = form.get("password");
  if (typeof password === "string" && passwordMatches(password)) {
    loginLimiter.succeed(client);
    if (shared) await ask(() => shared.succeed(client), undefined);
    return redirect(path, {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": await logIn(request) },
    });
  }
  loginLimiter.fail(client);
  if (shared) await ask(() => shared.fail(client), undefined);
  return loginState("Contraseña incorrecta.", 401);
}
