/**
 * The app's browser runtime, started once from the root route: the visit's source, the
 * site's own page views (app/browser/page-views.ts), the optional analytics page views on
 * the first load and every client-side route change (not on hash changes or
 * revalidations), the hourly build check, and the chunk-load reload guard.
 */
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

import { http } from "./http";

import { startBuildCheck } from "./build-check";
import { installChunkReload } from "./chunk-reload";
import { navigateTo } from "./navigate-to";
import { installOutboundLinks, rememberLanding, visitSource } from "./outbound-links";
import { installPageViews, sendView, viewBody } from "./page-views";

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

/** The site's own hosts: the configured one and the one the page was served from. */
function siteHosts(): Set<string> {
  const hosts = new Set([window.location.hostname]);
  try {
    hosts.add(new URL(window.__APP_CONFIG__?.baseUrl ?? "").hostname);
  } catch {
    // No configured origin in the page: the served host alone.
  }
  return hosts;
}

/**
 * Remembers the landing's source, then carries it to affiliate links (the server counts
 * the clicks). Runs before the page views, which report the same source.
 */
function useOutboundLinks(subIdParam: string) {
  useEffect(() => {
    const source = { storage: window.sessionStorage, subIdParam, siteHosts: siteHosts() };
    rememberLanding({ search: window.location.search, referrer: document.referrer }, source);
    return installOutboundLinks({ doc: document, ...source });
  }, [subIdParam]);
}

/** Installed once per document (a remount, as StrictMode's in development, counts nothing). */
let pageViews: ReturnType<typeof installPageViews> | null = null;

/** One view per page shown, reported to the site (`counted` is false on the dashboard). */
function usePageViewBeacon(subIdParam: string, counted: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!counted) return;
    pageViews ??= installPageViews({
      report: (path) =>
        sendView(
          viewBody(
            path,
            visitSource({ storage: window.sessionStorage, subIdParam, siteHosts: siteHosts() }),
          ),
        ),
    });
    pageViews.show(pathname);
  }, [pathname, counted, subIdParam]);
}

/** Marks the document once hydration has run the runtime's effects (tests wait for it). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export function useClientRuntime({
  subIdParam,
  countViews,
}: {
  subIdParam: string;
  /** False where views are not the site's (the dashboard). */
  countViews: boolean;
}) {
  usePageViews();
  useOutboundLinks(subIdParam);
  usePageViewBeacon(subIdParam, countViews);
  useChunkReload();
  const update = useBuildUpdate();
  useHydratedMarker();
  return update;
}
