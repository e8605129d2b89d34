/**
 * The answers to the dashboard's session forms, for every admin page that shows the login
 * form in place of its content (the import, the postbacks): log in (rate-limited per
 * client, then back to the same page) and log out. Every admin answer carries
 * ADMIN_HEADERS: never stored, never indexed.
 */
import { json, redirect } from "@remix-run/node";

import { logIn, loginLimiter, logOut, passwordMatches } from "./auth.server";

export const ADMIN_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

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
  clientAddress: string,
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
  const client = clientAddress || "unknown";
  const wait = loginLimiter.retryAfter(client);
  if (wait > 0) {
    return loginState(`Demasiados intentos fallidos. Vuelve a probar dentro de ${wait} s.`, 429, {
      "Retry-After": String(wait),
    });
  }
  const password = form.get("password");
  if (typeof password === "string" && passwordMatches(password)) {
    loginLimiter.succeed(client);
    return redirect(path, {
      status: 303,
      headers: { ...ADMIN_HEADERS, "Set-Cookie": await logIn(request) },
    });
  }
  loginLimiter.fail(client);
  return loginState("Contraseña incorrecta.", 401);
}
