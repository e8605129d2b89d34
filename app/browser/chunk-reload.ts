/**
 * Chunk-load errors during client navigation (docs/decisions/001-product-rules.md). Remix's own fallback reloads
 * the page it is leaving, with no guard against a loop. Instead:
 * - after hydration every route module not yet loaded is fetched in the background; one
 *   that fails is replaced in Remix's module cache by an empty stand-in, so Remix's link
 *   prefetching never hits the failure (and never reloads the current page);
 * - each route's `lazy` hook loads the module itself first: if that fails, the target URL
 *   is loaded as a new document, at most once per path within the guard window (10 s by
 *   default, kept in sessionStorage); past the guard the error reaches the error boundary.
 */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_PREFIX = "chunk-reload:";

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/** True (and records now) when `path` was not reloaded within the window. */
export function claimReload(
  path: string,
  storage: GuardStorage,
  windowMs = RELOAD_GUARD_MS,
  now = Date.now(),
): boolean {
  const key = `${STORAGE_PREFIX}${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (last > 0 && now - last < windowMs) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false; // storage full or blocked: never risk a loop
  }
  return true;
}

type LazyRoute = { id: string; lazy?: () => Promise<unknown>; children?: LazyRoute[] };
type RouterLike = {
  routes: LazyRoute[];
  state: { navigation: { location?: { pathname: string; search: string; hash: string } } };
};

type InstallOptions = {
  router: RouterLike;
  /** Remix's route module cache (window.__remixRouteModules). */
  routeModules: Record<string, unknown>;
  moduleUrl: (routeId: string) => string | undefined;
  /** Whether a route renders in the browser (resource routes never do). */
  rendersUi?: (routeId: string) => boolean;
  importModule: (url: string) => Promise<unknown>;
  reload: (url: string) => void;
  storage: GuardStorage;
  windowMs?: number;
};

/** Stands in for a module that failed to load, so Remix does not try (and reload) again. */
const FAILED_MODULE = Object.freeze({ default: () => null, links: () => [] });

export function installChunkReload({
  router,
  routeModules,
  moduleUrl,
  rendersUi = () => true,
  importModule,
  reload,
  storage,
  windowMs = RELOAD_GUARD_MS,
}: InstallOptions) {
  const wrap = (route: LazyRoute) => {
    const original = route.lazy;
    const url = moduleUrl(route.id);
    if (original && url && rendersUi(route.id)) {
      importModule(url).catch(() => {
        routeModules[route.id] ??= FAILED_MODULE;
      });
      route.lazy = async () => {
        try {
          routeModules[route.id] = await importModule(url);
        } catch (error) {
          const target = router.state.navigation.location;
          const path = target ? `${target.pathname}${target.search}${target.hash}` : undefined;
          if (path && claimReload(target!.pathname, storage, windowMs)) {
            reload(path);
            return new Promise<never>(() => {}); // the document is being replaced
          }
          throw error;
        }
        return original();
      };
    }
    route.children?.forEach(wrap);
  };
  router.routes.forEach(wrap);
}
