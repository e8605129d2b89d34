/**
 * POST /_app/locale (docs/decisions/001-product-rules.md): saves the interface locale and redirects. A supported
 * locale sets the preference cookie and answers 303 to `redirectTo` when that is a path on
 * this site (else to "/"); an unsupported one answers 400 and sets nothing. Works as a
 * plain HTML form.
 */
import { json, redirect } from "@remix-run/node";

import { isSupportedLocale } from "./config";
import { localeCookie } from "./i18n.server";

/**
 * A same-site path: starts with one "/", no "//" or "/\" (protocol-relative) forms.
 * Returned percent-encoded as a URL parser writes it, so a Location header never carries
 * raw non-ASCII bytes (and characters above U+00FF, which a header cannot hold at all).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  if (!value.startsWith("/") || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) {
    return fallback;
  }
  const url = new URL(value, "http://localhost");
  return `${url.pathname}${url.search}${url.hash}`;
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
