/**
 * Starts the page's JavaScript on the frame after the first paint instead of with it
 * (docs/decisions/008-bootstrap-after-first-paint.md). Remix's <Scripts> preloads every
 * module at high priority and imports them at once; on a slow connection they compete
 * with the document and delay its first paint. This rewrites Remix's bootstrap module into
 * the same imports, started after the first paint, and turns the preload links into
 * `dns-prefetch` hints, which fetch nothing. The page renders and works without JavaScript
 * meanwhile.
 *
 * It reads a private output format of Remix's <Scripts> (pinned by
 * scripts-after-paint.server.test.tsx against the installed Remix): a bootstrap it does
 * not recognise is left as Remix wrote it, so the page still works, only sooner loaded.
 */

/** Remix's bootstrap: the one `<script type="module" async="">` that <Scripts> renders. */
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
/** The statements it holds, one a line. */
const STATIC_IMPORT = /^import "([^"]+)";$/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;
const ROUTE_MODULES = /^window\.__remixRouteModules = (\{[^;]*\});$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;
/** The attribute that marks a preload link turned off. */
export const PRELOAD_AFTER_PAINT = "data-preload-after-paint";
/**
 * A preload link turned off, up to its `href`: still a <link> where Remix rendered it
 * (hydration compares elements, not these attributes), with a `rel` the HTML standard
 * allows in <body> that fetches nothing: `dns-prefetch` only resolves the host of the
 * modules, which the page imports after its first paint.
 */
export const LINK_AFTER_PAINT = `<link rel="dns-prefetch" ${PRELOAD_AFTER_PAINT}="" `;

export type Bootstrap = {
  /** Modules imported for their effects (the manifest), in order. */
  staticImports: string[];
  /** Route modules with the name the bootstrap binds each to. */
  routeImports: { name: string; url: string }[];
  /** The object literal assigned to window.__remixRouteModules. */
  routeModules: string;
  /** The client entry, imported last: it hydrates. */
  entry: string;
};

/** Reads Remix's bootstrap module; null when any statement is not one of the known forms. */
export function parseBootstrap(script: string): Bootstrap | null {
  const bootstrap: Partial<Bootstrap> & Pick<Bootstrap, "staticImports" | "routeImports"> = {
    staticImports: [],
    routeImports: [],
  };
  const statements = script
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  for (const statement of statements) {
    const staticImport = STATIC_IMPORT.exec(statement);
    const routeImport = ROUTE_IMPORT.exec(statement);
    const routeModules = ROUTE_MODULES.exec(statement);
    const entryImport = ENTRY_IMPORT.exec(statement);
    if (staticImport) bootstrap.staticImports.push(staticImport[1]!);
    else if (routeImport)
      bootstrap.routeImports.push({ name: routeImport[1]!, url: routeImport[2]! });
    else if (routeModules) bootstrap.routeModules = routeModules[1]!;
    else if (entryImport) bootstrap.entry = entryImport[1]!;
    else return null;
  }
  const { routeModules, entry } = bootstrap;
  return routeModules && entry ? { ...bootstrap, routeModules, entry } : null;
}

/** The same imports as `bootstrap`, started on the frame after the first paint. */
export function loaderAfterPaint({ staticImports, routeImports, routeModules, entry }: Bootstrap) {
  // Everything but the entry downloads in parallel; the entry, which hydrates, runs last.
  const names = [
    ...staticImports.map((_, index) => `_${index}`),
    ...routeImports.map((r) => r.name),
  ];
  const urls = [...staticImports, ...routeImports.map((r) => r.url)];
  return [
    "const load = async () => {",
    `  const [${names.join(", ")}] = await Promise.all([${urls
      .map((url) => `import(${JSON.stringify(url)})`)
      .join(", ")}]);`,
    `  window.__remixRouteModules = ${routeModules};`,
    `  await import(${JSON.stringify(entry)});`,
    "};",
    "requestAnimationFrame(() => setTimeout(load));",
  ].join("\n");
}

/** The document with its bootstrap deferred past the first paint (see the file comment). */
export function loadScriptsAfterFirstPaint(html: string): string {
  const match = MODULE_SCRIPT.exec(html);
  const bootstrap = match ? parseBootstrap(match[1]!) : null;
  if (!bootstrap) return html;
  const loader = loaderAfterPaint(bootstrap);
  // The elements stay (hydration compares elements, not these attributes or the script's
  // text): the preload links become hints that fetch nothing.
  return html
    .replace(MODULE_SCRIPT, () => `<script type="module" async="">${loader}</script>`)
    .replaceAll('<link rel="modulepreload" ', LINK_AFTER_PAINT);
}
