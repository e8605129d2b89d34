/**
 * The dashboard's routes against requests they cannot use: a period that cannot be used
 * (400 with the notice on the dashboard, a Spanish line from an export) and a POST whose
 * body is not a form (400, never a 500). The dashboard is on (ADMIN_PASSWORD set before
 * the environment is read) and the requests carry a logged-in session.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { memoryPeople } from "../../tests/people";

const people = await memoryPeople();

const previous = vi.hoisted(() => {
  const saved = { ...process.env };
  process.env.ADMIN_PASSWORD = "correct-horse-battery";
  process.env.SESSION_SECRET = "s".repeat(32);
  return saved;
});

afterAll(() => {
  process.env = previous;
});

const { logIn } = await import("~/admin/auth.server");
const dashboard = await import("./admin");
const exports = await import("./admin.export");
const experiments = await import("./admin.experiments");
const postbacks = await import("./admin.postbacks");
const importPage = await import("./admin.import");

const context = (reports: unknown = null): AppLoadContext => ({
  clicks: null,
  conversions: null,
  studio: null,
  people,
  reports: reports as AppLoadContext["reports"],
  clientAddress: "203.0.113.9",
  head: false,
  variants: "",
  refusal: null,
});

const cookie = (await logIn({ people }, { email: "admin", name: "admin", role: "admin" })).split(
  ";",
)[0]!;

const get = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie } });

/** The dashboard's data (logged in, so never the login form's). */
async function viewOf(response: Response) {
  const data = (await response.json()) as { view?: { notice: string | null } };
  return data.view!;
}

/** What a route answered, returned or thrown. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const BAD_PERIODS = [
  "?from=2026-13-45",
  "?period=custom&from=2026-13-45&to=2026-12-01",
  "?period=custom&from=2026-02-30&to=2026-03-01",
  "?period=custom&from=2026-03-02&to=2026-03-01",
  "?period=custom&from=2020-01-01&to=2026-03-01",
  "?period=custom&from=x&to=y",
  "?period=forever",
];

describe("a period that cannot be used", () => {
  it.each(BAD_PERIODS)("%s: the dashboard answers 400 with its notice", async (search) => {
    const response = await dashboard.loader({
      request: get(`/admin${search}`),
      context: context(),
      params: {},
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await viewOf(response)).notice).toMatch(
      /^(Fechas no válidas|Periodo desconocido).*: se muestran los últimos 30 días\.$/,
    );
  });

  it.each(["clicks.csv", "conversions.csv", "daily.csv", "pages.csv"])(
    "%s answers 400 with a Spanish line, whatever the period",
    async (file) => {
      // The reports are never asked: a stand-in that fails if they are.
      const reports = new Proxy({}, { get: () => expect.unreachable("ledger read") });
      for (const search of BAD_PERIODS) {
        const response = await exports.loader({
          request: get(`/admin/${file}${search}`),
          context: context(reports),
          params: {},
        });
        expect(response.status, search).toBe(400);
        expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(await response.text(), search).toMatch(
          /^(Fechas no válidas|Periodo desconocido).*: no se ha exportado nada\. Corrige el periodo en \/admin\.\n$/,
        );
      }
    },
  );

  it("a usable period is no bad request", async () => {
    for (const search of ["", "?period=7d", "?from=2026-01-01&to=2026-01-31"]) {
      const response = await dashboard.loader({
        request: get(`/admin${search}`),
        context: context(),
        params: {},
      });
      expect(response.status, search).toBe(200);
      expect((await viewOf(response)).notice, search).toBeNull();
    }
  });
});

const NOT_FORMS: [string, { body?: BodyInit; headers?: Record<string, string> }][] = [
  ["JSON", { body: '{"intent":"login"}', headers: { "Content-Type": "application/json" } }],
  ["text", { body: "intent=login", headers: { "Content-Type": "text/plain" } }],
  ["no content type", { body: new Blob(["intent=login"]) }],
  ["no body", {}],
];

describe("a POST that is not a form", () => {
  const actions = {
    "/admin": dashboard.action,
    "/admin/experiments": experiments.action,
    "/admin/postbacks": postbacks.action,
  };
  for (const [path, action] of Object.entries(actions)) {
    it.each(NOT_FORMS)(`${path}, %s: 400, never a 500`, async (_, init) => {
      for (const session of [{ cookie }, {} as Record<string, string>]) {
        const request = new Request(`http://localhost${path}`, {
          method: "POST",
          ...init,
          headers: { ...init.headers, ...session },
        });
        const response = await answer(() => action({ request, context: context(), params: {} }));
        expect(response.status).toBe(400);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    });
  }

  it.each(NOT_FORMS)("/admin/import, %s: 400 with the form's message", async (_, init) => {
    const request = new Request("http://localhost/admin/import", {
      method: "POST",
      ...init,
      headers: { ...init.headers, cookie },
    });
    const response = await answer(() =>
      importPage.action({ request, context: context(), params: {} }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("El formulario no se ha podido leer.");
  });
});
