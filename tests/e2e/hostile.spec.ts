/**
 * Hostile requests against the production server: malformed encodings, huge paths and
 * headers, traversal, NUL bytes, open-redirect forms, markup, every method, broken cookies
 * and conditional headers, hostile form posts and outbound queries. Whatever is sent, the
 * server answers below 500, never shows a stack trace or a file from outside public/,
 * never redirects off the site (except to the configured affiliate) and never echoes
 * markup unescaped. One test per corpus entry; the last one checks the server still serves.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";

import { rawRequest, readContent, type RawResponse } from "./fixtures";

type HostileRequest = {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** Sent with Playwright's `request` (the path is a plain one); others go out raw. */
  body?: string;
  /** Acceptable statuses besides any 4xx (default: 4xx only). */
  allow?: number[];
};

const header = readContent("site.json").header as Record<string, string>;
const AFFILIATE_ORIGINS = new Set(
  [header.signup_redirect_link, header.login_redirect_link].map((url) => new URL(url!).origin),
);

const letters = (length: number) =>
  Array.from({ length }, (_, index) => String.fromCharCode(97 + (index % 26))).join("");
/** A path written byte for byte: node:http sends the request line as Latin-1. */
const rawBytes = (path: string) => Buffer.from(path, "utf8").toString("latin1");
const form = { "content-type": "application/x-www-form-urlencoded" };

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];

const CORPUS: HostileRequest[] = [
  // Malformed percent-encoding
  { name: "lone percent", path: "/%" },
  { name: "invalid hex escape", path: "/%zz" },
  { name: "truncated UTF-8 escape", path: "/%E0%A4%A" },
  { name: "overlong UTF-8 slash", path: "/%C0%AF" },
  { name: "encoded NUL", path: "/%00" },
  { name: "trailing percent on a page", path: "/terms%" },
  // Very long paths and queries
  { name: "path of 5,000 letters", path: `/${letters(5_000)}` },
  { name: "path of 20,000 letters", path: `/${letters(20_000)}` },
  { name: "query of 50,000 characters", path: `/terms?q=${letters(50_000)}`, allow: [200] },
  // Traversal and files outside public/
  { name: "traversal under /build/", path: "/build/../package.json" },
  { name: "encoded traversal under /build/", path: "/build/..%2f..%2fpackage.json" },
  { name: "encoded traversal under /locales/", path: "/locales/en/..%2f..%2f..%2fpackage.json" },
  { name: "encoded dot segments under /locales/", path: "/locales/%2e%2e/%2e%2e/server.mjs" },
  { name: "traversal under /images/", path: "/images/../../server.mjs" },
  { name: "backslash traversal under /images/", path: "/images/..%5c..%5cserver.mjs" },
  { name: "dotenv", path: "/.env" },
  { name: "dotenv example", path: "/.env.example" },
  { name: "git config", path: "/.git/config" },
  { name: "node_modules file", path: "/node_modules/react/package.json" },
  { name: "server build", path: "/build/index.js" },
  { name: "app source", path: "/app/root.tsx" },
  { name: "content file", path: "/content/site.json" },
  { name: "package.json at the root", path: "/package.json" },
  // NUL bytes
  { name: "NUL before an extension", path: "/terms%00.json" },
  { name: "NUL in a static path", path: "/images/brand/logo.svg%00.js" },
  // Non-ASCII
  { name: "non-ASCII path as one Latin-1 byte", path: "/términos" },
  { name: "non-ASCII path percent-encoded", path: "/t%C3%A9rminos" },
  { name: "emoji path percent-encoded", path: "/%F0%9F%8E%B0" },
  { name: "raw UTF-8 bytes in the path", path: rawBytes("/términos/🎰") },
  // Protocol-relative and backslash forms
  { name: "protocol-relative host", path: "//evil.example" },
  { name: "backslash host", path: "/\\evil.example" },
  { name: "encoded protocol-relative host", path: "/%2F%2Fevil.example" },
  { name: "encoded backslash host", path: "/%5Cevil.example/" },
  {
    name: "trailing-slash redirect with a forwarded host",
    path: "/terms/",
    headers: { "x-forwarded-host": "evil.example", host: "evil.example" },
    allow: [301, 308],
  },
  // Markup in path and query
  { name: "script tag in the path", path: "/<script>alert(1)</script>" },
  { name: "encoded img tag in the path", path: "/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E" },
  { name: "script tag in the query", path: "/terms?q=<script>alert(1)</script>", allow: [200] },
  { name: "attribute breakout in the path", path: '/"onmouseover="alert(1)' },
  {
    name: "attribute breakout in the query",
    path: '/terms?"onmouseover="alert(1)&x=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    allow: [200],
  },
  // Every method on a page (CONNECT is a tunnel, not a request for a page)
  ...METHODS.map((method) => ({
    name: `${method} /terms`,
    path: "/terms",
    method,
    allow: method === "GET" || method === "HEAD" ? [200] : [],
  })),
  // Oversized and malformed cookies
  { name: "7 KB cookie", path: "/", headers: { cookie: `big=${letters(7 * 1024)}` }, allow: [200] },
  {
    name: "cookie header with 200 pairs",
    path: "/",
    headers: { cookie: Array.from({ length: 200 }, (_, i) => `c${i}=v${i}`).join("; ") },
    allow: [200],
  },
  {
    name: "locale cookie with a bad escape",
    path: "/",
    headers: { cookie: "ui_locale=%E0%A4%A" },
    allow: [200],
  },
  {
    name: "locale cookie with an unterminated quote",
    path: "/",
    headers: { cookie: 'ui_locale="unterminated' },
    allow: [200],
  },
  { name: "cookie of bare separators", path: "/", headers: { cookie: "=;=;;" }, allow: [200] },
  {
    name: "locale cookie holding markup",
    path: "/",
    headers: { cookie: "ui_locale=%3Cscript%3Ealert(1)%3C%2Fscript%3E" },
    allow: [200],
  },
  // Accept-Language garbage
  {
    name: "garbage Accept-Language",
    path: "/",
    headers: { "accept-language": "*;q=abc, ,,,,x-@@@" },
    allow: [200],
  },
  {
    name: "Accept-Language of 5,000 characters",
    path: "/",
    headers: { "accept-language": "x-@@@;q=abc,es-ES;q=0.9,".repeat(250).slice(0, 5_000) },
    allow: [200],
  },
  // If-None-Match garbage (a 304 is a fair answer to "*")
  { name: "If-None-Match lone quote", path: "/", headers: { "if-none-match": '"' }, allow: [200] },
  {
    name: "If-None-Match mixed list",
    path: "/",
    headers: { "if-none-match": 'W/"x", *, ""' },
    allow: [200, 304],
  },
  {
    name: "If-None-Match of 10,000 characters",
    path: "/",
    headers: { "if-none-match": `W/"${letters(9_995)}"` },
    allow: [200],
  },
  {
    name: "If-None-Match garbage on a static file",
    path: "/images/brand/logo.svg",
    headers: { "if-none-match": 'W/"x", *, ""' },
    allow: [200, 304],
  },
  // The locale form
  {
    name: "locale form with a malformed body",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "%zz=%&&=;locale=%E0%A4%A",
  },
  {
    name: "locale form with a broken multipart body",
    path: "/_app/locale",
    method: "POST",
    headers: { "content-type": "multipart/form-data; boundary=" },
    body: '--\r\nContent-Disposition: form-data; name="locale\r\n\r\nen',
  },
  {
    name: "locale form with markup as the locale",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "locale=%3Cscript%3Ealert(1)%3C%2Fscript%3E&redirectTo=%2F",
  },
  {
    name: "locale form redirecting protocol-relative",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "locale=en&redirectTo=%2F%2Fevil.example",
    allow: [302, 303],
  },
  {
    name: "locale form redirecting through a backslash",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "locale=en&redirectTo=%2F%5Cevil.example",
    allow: [302, 303],
  },
  {
    name: "locale form redirecting to an absolute URL",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "locale=en&redirectTo=https%3A%2F%2Fevil.example%2F",
    allow: [302, 303],
  },
  {
    name: "locale form redirecting with a header injection",
    path: "/_app/locale",
    method: "POST",
    headers: form,
    body: "locale=en&redirectTo=%2F%0D%0ASet-Cookie%3A%20x%3D1",
    allow: [302, 303],
  },
  // Outbound routes with hostile queries
  {
    name: "sign-up with a header injection in the query",
    path: "/sing-up/?utm_source=%00%0d%0aSet-Cookie:%20x=1",
    allow: [302],
  },
  {
    name: "login overriding partner and banner",
    path: "/login/?partner=evil&banner=evil",
    allow: [302],
  },
];

const STACK_TRACE = [/\n\s+at\s/, /node_modules/, /\/work\//, /Error:[^\n<"]*?(?:\/[\w.@-]+){2,}/];
/** Fragments of files that must never be served: package.json, server.mjs, .git, .env… */
const LEAKED_FILE = [
  '"devDependencies"',
  "createRequestHandler",
  "[core]",
  "repositoryformatversion",
  "SITE_URL=",
  'from "@remix-run/node"',
  '"login_redirect_link"',
  '"signup_redirect_link"',
];
const UNESCAPED_MARKUP = [
  /<script>alert\(1\)<\/script>/i,
  /<[^>]*\sonerror=alert\(1\)/i,
  /<img src=x/i,
  /<[^>]*"onmouseover="alert\(1\)/i,
];

async function send(entry: HostileRequest, request: APIRequestContext): Promise<RawResponse> {
  const method = entry.method ?? "GET";
  if (entry.body === undefined) return rawRequest(entry.path, { method, headers: entry.headers });
  const response = await request.fetch(entry.path, {
    method,
    headers: entry.headers,
    data: entry.body,
    maxRedirects: 0,
  });
  return { status: response.status(), headers: response.headers(), body: await response.text() };
}

/** The body without the requested path as sent, decoded, or HTML-escaped. */
function echoesRemoved(body: string, path: string): string {
  const forms = new Set([path, path.split("?")[0] ?? path]);
  for (const form of [...forms]) {
    try {
      forms.add(decodeURIComponent(form));
    } catch {
      // Malformed escapes are echoed as sent.
    }
  }
  let result = body;
  for (const form of forms) {
    if (form.length < 2) continue;
    const escaped = form
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;");
    result = result.replaceAll(form, "").replaceAll(escaped, "");
  }
  return result;
}

function isSafeLocation(location: string): boolean {
  if (/^\/(?![/\\])/.test(location)) return !/[\u0000-\u001f\\]/.test(location);
  try {
    const url = new URL(location);
    return AFFILIATE_ORIGINS.has(url.origin) && location.startsWith(`${url.origin}/`);
  } catch {
    return false;
  }
}

// In order, in one worker: the last test checks the server after the whole corpus.
test.describe.configure({ mode: "default" });

for (const entry of CORPUS) {
  test(`hostile: ${entry.name}`, async ({ request }) => {
    const response = await send(entry, request);
    const { status, headers, body } = response;
    const summary = `${entry.method ?? "GET"} ${entry.path.slice(0, 80)} → ${status}`;
    const where = headers["location"] ? ` (Location: ${headers["location"]})` : "";
    console.log(`${entry.name}: ${summary}${where}`);

    expect(status, `${summary}: below 500`).toBeLessThan(500);
    const acceptable = (status >= 400 && status < 500) || (entry.allow ?? []).includes(status);
    expect(acceptable, `${summary}: a 4xx or one of ${entry.allow ?? []}`).toBe(true);

    // The 404 page echoes the requested path (escaped); that echo is not a leak.
    const withoutEcho = echoesRemoved(body, entry.path);
    for (const pattern of STACK_TRACE) {
      expect(withoutEcho, `${summary}: no stack trace or server path`).not.toMatch(pattern);
    }
    for (const fragment of LEAKED_FILE) {
      expect(body, `${summary}: no file contents`).not.toContain(fragment);
    }
    for (const pattern of UNESCAPED_MARKUP) {
      expect(body, `${summary}: markup escaped`).not.toMatch(pattern);
    }

    const location = headers["location"];
    if (location !== undefined) {
      const value = Array.isArray(location) ? location.join(", ") : location;
      expect(isSafeLocation(value), `${summary}: Location ${value} stays on the site`).toBe(true);
    }
    const cookies = [headers["set-cookie"] ?? []].flat().join("\n");
    expect(cookies, `${summary}: no injected cookie`).not.toMatch(/(^|[\s;])x=1/);

    if (
      status === 200 &&
      (entry.method ?? "GET") === "GET" &&
      entry.path !== "/images/brand/logo.svg"
    ) {
      expect(body, `${summary}: the site's page`).toContain('class="site-footer"');
    }
  });
}

test("after the corpus the server still answers / with 200", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('class="site-header"');
});
