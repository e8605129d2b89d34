import { describe, expect, it, vi } from "vitest";

import { RELOAD_GUARD_MS, claimReload, installChunkReload } from "./chunk-reload";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function setup(importModule: (url: string) => Promise<unknown>) {
  const original = vi.fn(async () => ({ Component: () => null }));
  const route = { id: "slug___en", lazy: original as () => Promise<unknown> };
  const router = {
    routes: [{ id: "root", children: [route] }],
    state: { navigation: { location: { pathname: "/terms", search: "?a=1", hash: "" } } },
  };
  const reload = vi.fn();
  const storage = memoryStorage();
  const routeModules: Record<string, unknown> = {};
  installChunkReload({
    router,
    routeModules,
    moduleUrl: (id) => `/build/${id}.js`,
    importModule,
    reload,
    storage,
  });
  return { route, original, reload, storage, routeModules };
}

describe("claimReload", () => {
  it("allows one reload per path within 10 s", () => {
    const storage = memoryStorage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload("/terms", storage, RELOAD_GUARD_MS, 1_000)).toBe(true);
    expect(claimReload("/terms", storage, RELOAD_GUARD_MS, 10_999)).toBe(false);
    expect(claimReload("/privacy", storage, RELOAD_GUARD_MS, 10_999)).toBe(true);
    expect(claimReload("/terms", storage, RELOAD_GUARD_MS, 11_000)).toBe(true);
  });

  it("honours a configured window", () => {
    const storage = memoryStorage();
    expect(claimReload("/x", storage, 1_000, 0 + 1)).toBe(true);
    expect(claimReload("/x", storage, 1_000, 1_002)).toBe(true);
  });
});

describe("installChunkReload", () => {
  it("fetches modules in the background and stubs a failed one in Remix's cache", async () => {
    const { routeModules } = setup(async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    await vi.waitFor(() => expect(routeModules.slug___en).toBeDefined());
    expect(routeModules.slug___en).toMatchObject({ links: expect.any(Function) });
  });

  it("loads the module first and then lets Remix finish", async () => {
    const module = { default: () => null };
    const { route, original, reload, routeModules } = setup(async () => module);
    await route.lazy();
    expect(routeModules.slug___en).toBe(module);
    expect(original).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the target URL when the module fails to load", async () => {
    const { route, original, reload } = setup(async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    void route.lazy();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledWith("/terms?a=1"));
    expect(original).not.toHaveBeenCalled();
  });

  it("lets the error reach the boundary instead of reloading twice within the window", async () => {
    const { route, reload, storage } = setup(async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    storage.setItem("chunk-reload:/terms", String(Date.now()));
    await expect(route.lazy()).rejects.toThrow("Failed to fetch");
    expect(reload).not.toHaveBeenCalled();
  });
});
