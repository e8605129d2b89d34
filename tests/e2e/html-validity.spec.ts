/**
 * The HTML the production server sends is valid: every page of content/pages, the 404
 * page of an unknown path, and the dashboard's login form and pages, each validated by
 * html-validate with the project's configuration (.htmlvalidate.mjs: the rules of the HTML
 * standard), at zero errors.
 */
import { HtmlValidate, StaticConfigLoader, type Message } from "html-validate";

import htmlValidateConfig from "../../.htmlvalidate.mjs";
import { ADMIN_PASSWORD, ADMIN_PORT, CLIENT_IP_HEADER } from "../../playwright.config";

import { expect, pages, test } from "./fixtures";

const ADMIN = `http://localhost:${ADMIN_PORT}`;
const validator = new HtmlValidate(new StaticConfigLoader(htmlValidateConfig));

/** Each error as "line:column rule: message", the lines of the document around it too. */
async function errorsIn(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, name);
  const messages: Message[] = report.results.flatMap((result) => result.messages);
  return messages.map(
    (message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
  );
}

const PUBLIC_PATHS = [...pages.map((page) => page.slug), "/pagina-que-no-existe"];

for (const path of PUBLIC_PATHS) {
  test(`${path} is valid HTML`, async ({ request }) => {
    const response = await request.get(path);
    expect([200, 403, 404]).toContain(response.status());
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await errorsIn(await response.text(), path)).toEqual([]);
  });
}

test("the dashboard's login form and its pages are valid HTML", async ({ request }) => {
  const headers = { [CLIENT_IP_HEADER]: `html-validity-${Date.now()}` };
  const login = await request.get(`${ADMIN}/admin`, { headers });
  expect(login.status()).toBe(401);
  expect(await errorsIn(await login.text(), "/admin (login)")).toEqual([]);

  const loggedIn = await request.post(`${ADMIN}/admin`, {
    form: { intent: "login", password: ADMIN_PASSWORD },
    headers,
    maxRedirects: 0,
  });
  expect(loggedIn.status()).toBe(303);
  const cookie = loggedIn.headers()["set-cookie"]!.split(";")[0]!;
  for (const path of [
    "/admin",
    "/admin/experiments",
    "/admin/postbacks",
    "/admin/import",
    "/admin/contenido",
    "/admin/contenido/ajustes",
    "/admin/contenido/paginas/home",
    "/admin/vista-previa/pagina/home",
    "/admin/contenido/personas",
    "/admin/contenido/medios",
    "/admin/contenido/redirecciones",
  ]) {
    const response = await request.get(`${ADMIN}${path}`, { headers: { ...headers, cookie } });
    expect(response.status(), path).toBe(200);
    expect(await errorsIn(await response.text(), path), path).toEqual([]);
  }
});
