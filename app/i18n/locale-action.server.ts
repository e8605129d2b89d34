/**
 * POST /_app/locale (docs/decisions/001-product-rules.md): saves the interface locale and redirects. A supported
 * locale sets the preference cookie and answers 303 to `redirectTo` when that is a path on
 * this site (else to "/"); an unsupported one answers 400 and sets nothing. Works as a
 * plain HTML form.
 */
import { json, redirect } from "@remix-run/node";

import { isSupportedLocale } from "./config";
import { localeCookie } from "./i18n.server";

/** Any origin: a path is resolved against it, and must stay on it. */
const BASE = "http://localhost";

/**
 * A same-site path, or `fallback`. The value is resolved first, as a browser resolves a
 * Location (dot segments, "%2e" as a dot), and judged after: "/.//evil.example" resolves
 * to "//evil.example", which a browser would follow to another host. Backslashes and
 * control characters, which browsers read as "/" or drop, are refused outright. Returned
 * as the URL parser writes it (percent-encoded), so a Location header never carries raw
 * non-ASCII bytes.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/")) {
    return fallback;
  }
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The path must lead back to the same URL: "//host" would not.
  if (url.origin !== BASE || path.startsWith("//") || new URL(path, BASE).href !== url.href) {
    return fallback;
  }
  return path;
}

function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return new URL(request.url).protocol === "https:" || forwarded === "https";
}

export async function changeLocale(request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw json({ error: "Expected a form with locale and redirectTo" }, { status: 400 });
  }
  const locale = form.get("locale");
  if (!isSupportedLocale(locale)) {
    throw json({ error: "Unsupported locale" }, { status: 400 });
  }
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    status: 303,
    headers: {
      "Set-Cookie": await localeCookie.serialize(locale, { secure: isHttps(request) }),
      "Cache-Control": "no-store",
    },
  });
}
