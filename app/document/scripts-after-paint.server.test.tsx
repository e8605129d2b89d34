/**
 * The bootstrap rewrite reads a private output format of Remix's <Scripts>. The first
 * block renders a document with the installed Remix (its request handler and <Scripts>,
 * with this project's future flags) and pins that format: a Remix upgrade that writes the
 * bootstrap differently fails here instead of silently loading the scripts with the paint.
 */
import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer, Scripts } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import remixConfig from "../../remix.config.js";

import {
  loadScriptsAfterFirstPaint,
  loaderAfterPaint,
  parseBootstrap,
  PRELOAD_AFTER_PAINT,
} from "./scripts-after-paint.server";

const ASSETS = {
  manifest: "/build/manifest-M.js",
  entry: "/build/entry.client-E.js",
  shared: "/build/_shared/chunk-S.js",
  root: "/build/root-R.js",
  page: "/build/slug___en-P.js",
};

function route(id: string, module: string, extra: { parentId?: string; path?: string } = {}) {
  return {
    id,
    ...extra,
    module,
    imports: [ASSETS.shared],
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
}

/** A document as the installed Remix renders it for a page of the catch-all route. */
async function remixDocument(): Promise<string> {
  const build = {
    mode: "production",
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    isSpaMode: false,
    future: remixConfig.future,
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Response(renderToString(<RemixServer context={context} url={request.url} />), {
            status,
            headers,
          }),
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => (
            <html lang="es">
              <body>
                <Outlet />
                <Scripts />
              </body>
            </html>
          ),
        },
      },
      slug___en: {
        id: "slug___en",
        parentId: "root",
        path: "*",
        module: { default: () => <h1>Página</h1> },
      },
    },
    assets: {
      entry: { module: ASSETS.entry, imports: [ASSETS.shared] },
      routes: {
        root: route("root", ASSETS.root, { path: "" }),
        slug___en: route("slug___en", ASSETS.page, { parentId: "root", path: "*" }),
      },
      url: ASSETS.manifest,
      version: "M",
    },
  } as unknown as ServerBuild;
  const response = await createRequestHandler(
    build,
    "production",
  )(new Request("http://localhost/terms"));
  return response.text();
}

describe("Remix's bootstrap, as the installed Remix writes it", () => {
  it("is the module script and the preload links the rewrite reads", async () => {
    const html = await remixDocument();
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(script, 'one <script type="module" async=""> in Remix\'s output').toBeDefined();
    expect(script!.split("\n").filter((line) => line.trim())).toEqual([
      `import "${ASSETS.manifest}";`,
      `import * as route0 from "${ASSETS.root}";`,
      `import * as route1 from "${ASSETS.page}";`,
      `window.__remixRouteModules = {"root":route0,"slug___en":route1};`,
      `import("${ASSETS.entry}");`,
    ]);
    for (const url of Object.values(ASSETS)) {
      expect(html).toContain(`<link rel="modulepreload" href="${url}"/>`);
    }
  });

  it("is rewritten: no preload link is left and the modules start after the paint", async () => {
    const html = await remixDocument();
    const rewritten = loadScriptsAfterFirstPaint(html);
    expect(rewritten).not.toBe(html);
    expect(rewritten).not.toContain('rel="modulepreload"');
    expect(rewritten).toContain(
      `<link rel="dns-prefetch" ${PRELOAD_AFTER_PAINT}="" href="${ASSETS.entry}"/>`,
    );
    expect(rewritten).toContain("requestAnimationFrame(() => setTimeout(load));");
  });
});

const remixBootstrap = [
  '<link rel="modulepreload" href="/build/manifest-A.js"/>',
  '<link rel="modulepreload" href="/build/root-B.js"/>',
  '<script type="module" async="">import "/build/manifest-A.js";',
  'import * as route0 from "/build/root-B.js";',
  'import * as route1 from "/build/slug___en-C.js";',
  'window.__remixRouteModules = {"root":route0,"slug___en":route1};',
  'import("/build/entry.client-D.js");</script>',
].join("\n");

describe("loadScriptsAfterFirstPaint", () => {
  it("imports nothing before the frame after the first paint, then everything, the entry last", async () => {
    const bootstrap = parseBootstrap(
      /<script type="module" async="">([\s\S]*?)<\/script>/.exec(remixBootstrap)![1]!,
    );
    expect(bootstrap).toEqual({
      staticImports: ["/build/manifest-A.js"],
      routeImports: [
        { name: "route0", url: "/build/root-B.js" },
        { name: "route1", url: "/build/slug___en-C.js" },
      ],
      routeModules: '{"root":route0,"slug___en":route1}',
      entry: "/build/entry.client-D.js",
    });
    const events: string[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const fakeWindow: { __remixRouteModules?: Record<string, unknown> } = {};
    let entryLoaded!: () => void;
    const done = new Promise<void>((resolve) => (entryLoaded = resolve));
    const load = (url: string) => {
      events.push(`import ${url}`);
      if (url.includes("entry.client")) {
        events.push(`routes ${Object.keys(fakeWindow.__remixRouteModules ?? {}).join(",")}`);
        entryLoaded();
      }
      return Promise.resolve({ url });
    };
    // The rewritten script, run with its imports recorded instead of made.
    const run = new Function(
      "window",
      "requestAnimationFrame",
      "setTimeout",
      "load_",
      loaderAfterPaint(bootstrap!).replaceAll("import(", "load_("),
    ) as (...args: unknown[]) => void;
    run(
      fakeWindow,
      (callback: () => void) => frames.push(callback),
      (callback: () => void) => timers.push(callback),
      load,
    );
    expect(events, "nothing before the frame").toEqual([]);
    frames.splice(0).forEach((callback) => callback());
    expect(events, "nothing within the frame").toEqual([]);
    timers.splice(0).forEach((callback) => callback());
    await done;
    expect(events).toEqual([
      "import /build/manifest-A.js",
      "import /build/root-B.js",
      "import /build/slug___en-C.js",
      "import /build/entry.client-D.js",
      "routes root,slug___en",
    ]);
  });

  it("keeps the elements and turns the preload links off", () => {
    const html = loadScriptsAfterFirstPaint(remixBootstrap);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      `<link rel="dns-prefetch" ${PRELOAD_AFTER_PAINT}="" href="/build/manifest-A.js"/>`,
    );
    expect(html).toMatch(/<script type="module" async="">const load/);
  });

  it.each([
    [
      "an unknown statement",
      (html: string) => html.replace("window.__remixRouteModules", "window.x"),
    ],
    ["no entry import", (html: string) => html.replace('import("/build/entry.client-D.js");', "")],
    ["no module script", (html: string) => html.replace('type="module" ', "")],
  ])("leaves a bootstrap with %s as Remix wrote it", (_, change) => {
    const changed = change(remixBootstrap);
    expect(loadScriptsAfterFirstPaint(changed)).toBe(changed);
  });
});
