import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import type { ServerApp } from "~/server-app.server";

import { adminFormRoutes, CurrentBuild, serverAppOf } from "./app-build";

/** A facade whose every member says which build it came from. */
function facadeOf(name: string): ServerApp {
  return {
    outboundTarget: () => null,
    pageCacheFor: () => undefined,
    viewedPage: () => ({ page: name, siteOrigin: "https://site.example" }),
    postbackMapping: () =>
      ({ params: {}, events: {} }) as unknown as ReturnType<ServerApp["postbackMapping"]>,
    experimentsFor: () => [],
    splitFor: () => null,
    reloadContent: () => {},
    applyContent: () => {},
    contentProblems: () => [],
    filesProblem: () => null,
    hasContent: () => true,
    linkCheckPlan: () => null,
  };
}

/** A build as Remix writes it, reduced to what the server reads. */
function buildWith(module: Record<string, unknown>, routes: ServerBuild["routes"] = {}) {
  return {
    entry: { module: { default: () => new Response(), ...module } },
    routes,
    assets: { routes: {}, version: "test", url: "", entry: { module: "", imports: [] } },
    future: {},
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    mode: "production",
  } as unknown as ServerBuild;
}

describe("serverAppOf", () => {
  it("returns the facade the entry exports", () => {
    const serverApp = facadeOf("a");
    expect(serverAppOf(buildWith({ serverApp }))).toBe(serverApp);
  });

  it("refuses a build whose entry exports no facade, saying so", () => {
    expect(() => serverAppOf(buildWith({ outboundTarget: () => null }))).toThrow(
      "the server build's entry (app/entry.server.tsx) exports no serverApp (app/server-app.server.ts)",
    );
  });

  it("refuses a facade missing members, naming each", () => {
    const { viewedPage: _viewed, splitFor: _split, ...partial } = facadeOf("a");
    expect(() => serverAppOf(buildWith({ serverApp: partial }))).toThrow(
      "serverApp lacks viewedPage, splitFor",
    );
    expect(() =>
      serverAppOf(buildWith({ serverApp: { ...facadeOf("a"), reloadContent: "no" } })),
    ).toThrow("serverApp lacks reloadContent");
  });
});

describe("CurrentBuild", () => {
  it("hands out one accessor that follows a swap", () => {
    const current = new CurrentBuild(buildWith({ serverApp: facadeOf("first") }), "production");
    const app = current.app;
    expect(app().viewedPage("/", false).page).toBe("first");
    current.swap(buildWith({ serverApp: facadeOf("second") }));
    expect(app().viewedPage("/", false).page).toBe("second");
    expect(current.current().remix.entry.module).toHaveProperty("serverApp", app());
  });

  it("keeps the running build when a new one fails the check", () => {
    const current = new CurrentBuild(buildWith({ serverApp: facadeOf("first") }), "production");
    expect(() => current.swap(buildWith({}))).toThrow("exports no serverApp");
    expect(current.app().viewedPage("/", false).page).toBe("first");
  });

  it("refuses a first build that fails the check", () => {
    expect(() => new CurrentBuild(buildWith({}), "production")).toThrow("exports no serverApp");
  });
});

describe("adminFormRoutes", () => {
  const action = () => null;
  const route = (id: string, path: string | undefined, module: object, parentId = "root") => ({
    [id]: { id, path, parentId, module },
  });
  const root = { root: { id: "root", path: "", module: {} } };

  it("takes the dashboard's routes whose module has an action, nested or not", () => {
    const isForm = adminFormRoutes({
      ...root,
      ...route("admin", "admin", { action }),
      ...route("admin-csv", "admin/clicks.csv", {}),
      ...route("admin-settings", "Settings", { action }, "admin"),
      ...route("admin-index", undefined, { action }, "admin-settings"),
      ...route("admin-item", "admin/items/:id", { action }),
      ...route("page", "*", { action }),
      ...route("locale", "_app/locale", { action }),
    } as unknown as ServerBuild["routes"]);
    expect(["/admin", "/admin/settings", "/admin/items/7"].map(isForm)).toEqual([true, true, true]);
    expect(
      ["/admin/clicks.csv", "/admin/items/7/x", "/terms", "/_app/locale", ""].map(isForm),
    ).toEqual([false, false, false, false, false]);
  });

  it("reads an optional segment as one segment or none", () => {
    const isForm = adminFormRoutes({
      ...root,
      ...route("editor", "admin/contenido/:section/:name?", { action }),
    } as unknown as ServerBuild["routes"]);
    expect(["/admin/contenido/ajustes", "/admin/contenido/paginas/home"].map(isForm)).toEqual([
      true,
      true,
    ]);
    expect(["/admin/contenido", "/admin/contenido/paginas/home/x"].map(isForm)).toEqual([
      false,
      false,
    ]);
  });
});
