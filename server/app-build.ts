/**
 * The Remix build the server runs, and the one place that swaps it. The server knows the
 * app only through what the build exports (the Epic Stack's server knows its app only
 * through `build`): Remix's request handler, its route table, and `serverApp`, the typed
 * facade of app/server-app.server.ts. A build is checked once, as it loads: one whose entry
 * lacks a member of the facade is refused with a message naming what is missing, before
 * any request meets it. Handlers never keep a build: they ask `app()` (or `current()`) on
 * each request, so they follow a new build in development (`remix dev` rebuilds; content
 * saves reload data inside the same build, server/dev-content.ts).
 */
import { createRequestHandler, type RequestHandler, type ServerBuild } from "@remix-run/node";

import type { ServerApp } from "~/server-app.server";

/** Every member of the facade: a missing or extra one fails to compile. */
const MEMBERS: Record<keyof ServerApp, true> = {
  outboundTarget: true,
  pageCacheFor: true,
  viewedPage: true,
  postbackMapping: true,
  experimentsFor: true,
  splitFor: true,
  reloadContent: true,
  applyContent: true,
  contentProblems: true,
  filesProblem: true,
  hasContent: true,
  linkCheckPlan: true,
};

const ENTRY = "the server build's entry (app/entry.server.tsx)";

/** The build's `serverApp`, checked: throws, naming what is missing, for a build without it. */
export function serverAppOf(build: ServerBuild): ServerApp {
  const facade = (build.entry.module as { serverApp?: unknown }).serverApp;
  if (typeof facade !== "object" || facade === null) {
    throw new Error(`${ENTRY} exports no serverApp (app/server-app.server.ts)`);
  }
  const members = facade as Record<string, unknown>;
  const missing = Object.keys(MEMBERS).filter((name) => typeof members[name] !== "function");
  if (missing.length > 0) {
    throw new Error(`${ENTRY}: serverApp lacks ${missing.join(", ")} (app/server-app.server.ts)`);
  }
  return facade as ServerApp;
}

/** Where the dashboard's routes are: a route under it with an `action` takes its forms' POST. */
const ADMIN_PATH = "/admin";

/**
 * A test for the dashboard's paths whose route module exports an `action` (its forms post
 * there), read from the build's route table: a new form route takes POST without a second
 * list. Paths are matched as the guard's `routeOf` gives them: lower case, no final slash.
 */
export function adminFormRoutes(routes: ServerBuild["routes"]): (route: string) => boolean {
  const fullPath = (id: string | undefined): string => {
    const route = id === undefined ? undefined : routes[id];
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = Object.values(routes)
    .filter((route) => typeof route.module.action === "function")
    .map((route) => fullPath(route.id).toLowerCase().replace(/\/+$/, "") || "/")
    .filter((path) => path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`));
  const exact = new Set(paths.filter((path) => !/[:*]/.test(path)));
  // A dynamic segment (`:id`) is one segment, an optional one (`:id?`) one or none; a
  // splat (`*`) the rest of the path.
  const patterns = paths
    .filter((path) => /[:*]/.test(path))
    .map((path) => {
      const source = path
        .split("/")
        .filter(Boolean)
        .map((segment) =>
          segment.startsWith(":")
            ? segment.endsWith("?")
              ? "(?:/[^/]+)?"
              : "/[^/]+"
            : segment === "*"
              ? "/.*"
              : `/${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&")}`,
        )
        .join("");
      return new RegExp(`^${source}$`);
    });
  return (route) => exact.has(route) || patterns.some((pattern) => pattern.test(route));
}

/** A build the server checked, with what it derives from it once. */
export type LoadedBuild = {
  readonly remix: ServerBuild;
  /** The app's facade. */
  readonly app: ServerApp;
  /** Remix's handler for this build. */
  readonly handleRequest: RequestHandler;
  /** The dashboard's paths that take a form's POST (adminFormRoutes). */
  readonly isAdminForm: (route: string) => boolean;
};

/** Checks a build and derives what the server needs of it; throws for a build missing a member. */
export function checkBuild(build: ServerBuild, mode: string): LoadedBuild {
  return {
    remix: build,
    app: serverAppOf(build),
    handleRequest: createRequestHandler(build, mode),
    isAdminForm: adminFormRoutes(build.routes),
  };
}

/** The build the server runs now; `swap` is the only way to change it. */
export class CurrentBuild {
  private loaded: LoadedBuild;

  constructor(
    build: ServerBuild,
    private readonly mode: string,
  ) {
    this.loaded = checkBuild(build, mode);
  }

  /** Runs a new build from the next request on; a build that fails the check is refused (throws) and the current one stays. */
  swap(build: ServerBuild): void {
    this.loaded = checkBuild(build, this.mode);
  }

  /** The current build, checked (the accessor handed to the handlers). */
  readonly current = (): LoadedBuild => this.loaded;

  /** The current build's facade. */
  readonly app = (): ServerApp => this.loaded.app;
}
