/**
 * The app's browser runtime, started once from the root route: analytics page views on
 * the first load and every client-side route change (not on hash changes or
 * revalidations), the hourly build check, and the chunk-load reload guard.
 */
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

import { http } from "./http";

import { startBuildCheck } from "./build-check";
import { installChunkReload } from "./chunk-reload";
import { navigateTo } from "./navigate-to";
import { installOutboundLinks, rememberTrackingParams } from "./outbound-links";

declare global {
  interface Window {
    __remixManifest?: {
      version: string;
      routes: Record<string, { module: string; path?: string; imports?: string[] }>;
    };
    __remixRouter?: Parameters<typeof installChunkReload>[0]["router"];
    __remixRouteModules?: Record<string, unknown>;
  }
}

/**
 * The analytics code, loaded only when analytics is enabled: a page without analytics
 * downloads none of it.
 */
let analyticsModule: Promise<typeof import("./analytics")> | null = null;
function analytics() {
  if (!window.__APP_CONFIG__?.analytics.enabled) return null;
  return (analyticsModule ??= import("./analytics"));
}

function usePageViews() {
  const location = useLocation();
  const key = `${location.pathname}${location.search}`;
  const lastTracked = useRef<string | null>(null);

  useEffect(() => {
    void analytics()?.then((module) => module.loadTracker(window.__APP_CONFIG__?.analytics));
  }, []);

  useEffect(() => {
    if (lastTracked.current === key) return;
    lastTracked.current = key;
    const title = document.title;
    void analytics()?.then((module) => module.trackPageView(key, title));
  }, [key]);
}

/** The newer build id once one is announced; `dismiss` hides the notice. */
function useBuildUpdate() {
  const [update, setUpdate] = useState<{ id: string; dismissed: boolean } | null>(null);
  useEffect(() => {
    const currentId = window.__remixManifest?.version;
    if (!currentId) return;
    return startBuildCheck({
      currentId,
      fetchLatestId: async () =>
        (await http<{ id?: string }>("/_app/builds/latest.json", { cache: "no-store" })).id,
      onNewBuild: (id) => setUpdate({ id, dismissed: false }),
    });
  }, []);
  const dismiss = useCallback(
    () => setUpdate((current) => current && { ...current, dismissed: true }),
    [],
  );
  return { available: Boolean(update && !update.dismissed), dismiss };
}

function useChunkReload() {
  useEffect(() => {
    const router = window.__remixRouter;
    const routeModules = window.__remixRouteModules;
    if (!router || !routeModules) return;
    installChunkReload({
      router,
      routeModules,
      moduleUrl: (routeId) => window.__remixManifest?.routes[routeId]?.module,
      // A resource route's module imports no shared code: it never renders in the browser.
      // The dashboard's modules (/admin…) load only there, never warmed from public pages.
      rendersUi: (routeId) => {
        const route = window.__remixManifest?.routes[routeId];
        return (route?.imports?.length ?? 0) > 0 && !/^admin(\/|$)/.test(route?.path ?? "");
      },
      importModule: (url) => import(/* webpackIgnore: true */ url),
      reload: (path) =>
        navigateTo(
          path,
          { document: true },
          {
            currentUrl: window.location.href,
            assign: (url) => window.location.assign(url),
          },
        ),
      storage: window.sessionStorage,
    });
  }, []);
}

/** Carries landing tracking parameters to affiliate links (the server counts the clicks). */
function useOutboundLinks(subIdParam: string) {
  useEffect(() => {
    rememberTrackingParams(window.location.search, subIdParam, window.sessionStorage);
    return installOutboundLinks({
      doc: document,
      storage: window.sessionStorage,
      subIdParam,
    });
  }, [subIdParam]);
}

/** Marks the document once hydration has run the runtime's effects (tests wait for it). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function useClientRuntime({ subIdParam }: { subIdParam: string }) {
  usePageViews();
  useOutboundLinks(subIdParam);
  useChunkReload();
  const update = useBuildUpdate();
  useHydratedMarker();
  return update;
}
