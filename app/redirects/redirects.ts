/**
 * The 301s the site answers, in one map: every path a page was published at and
 * has left (from the studio's revisions: `movedPaths`), and the redirects an admin added
 * (`site.redirects`, which win over a moved path). Each goes straight to a page's path now:
 * a page renamed twice sends both old paths to the newest (a chain is one hop), and a path
 * a page has taken again is that page, never a redirect (no loop).
 */
export type Redirect = {
  from: string;
  to: string;
  /** "moved": a page's old path; "manual": added in Contenido → Redirecciones. */
  kind: "moved" | "manual";
  note?: string | undefined;
};

/** A path the site had for a page, and the page's path now. */
export type MovedPath = { from: string; to: string };

/**
 * The old paths of the pages published now: `past` lists every (path, document) the
 * revisions hold; `current` is each live page document's path.
 */
export function movedPathsOf(
  past: ReadonlyArray<{ path: string; document: string }>,
  current: ReadonlyMap<string, string>,
): MovedPath[] {
  const moved: MovedPath[] = [];
  for (const { path, document } of past) {
    const to = current.get(document);
    if (to !== undefined && to !== path) moved.push({ from: path, to });
  }
  return moved;
}

/** The form a redirect is also found by: lower case, without a trailing slash. */
export const normalPath = (path: string): string =>
  path.length > 1 ? path.toLowerCase().replace(/\/+$/, "") || "/" : path;

export function redirectMap(
  moved: readonly MovedPath[],
  manual: ReadonlyArray<{ from: string; to: string; note?: string | undefined }>,
  livePaths: ReadonlySet<string>,
): Map<string, Redirect> {
  const map = new Map<string, Redirect>();
  for (const { from, to } of moved) {
    if (!livePaths.has(from) && livePaths.has(to)) map.set(from, { from, to, kind: "moved" });
  }
  for (const { from, to, note } of manual) {
    if (!livePaths.has(from)) map.set(from, { from, to, kind: "manual", note });
  }
  // A redirect to another redirect's path goes straight to the end (one hop); one that ends
  // nowhere, or in a loop, is left out: the path answers 404 rather than a dead end.
  for (const [from, redirect] of map) {
    let to = redirect.to;
    const seen = new Set([from]);
    while (!livePaths.has(to) && map.has(to) && !seen.has(to)) {
      seen.add(to);
      to = map.get(to)!.to;
    }
    if (livePaths.has(to)) map.set(from, { ...redirect, to });
    else map.delete(from);
  }
  return map;
}

/**
 * The site settings as `npm run content:export` writes them: with every old path of a page
 * (which the revisions hold, the files not) among their redirects, so the exported files
 * pass `npm run content:check` when a page links to a path that moved.
 */
export function settingsWithMoves(
  site: unknown,
  moved: readonly MovedPath[],
  livePaths: ReadonlySet<string>,
): unknown {
  if (site === null || typeof site !== "object") return site;
  const manual = (site as { redirects?: Array<{ from: string; to: string }> }).redirects ?? [];
  const derived = [...redirectMap(moved, [], livePaths).values()]
    .filter((redirect) => !manual.some((each) => each.from === redirect.from))
    .map(({ from, to }) => ({ from, to, note: "La página cambió de ruta" }));
  return derived.length === 0 ? site : { ...site, redirects: [...manual, ...derived] };
}

/** The redirect a requested path names (as sent, or in its normal form), or null. */
export function redirectFor(map: ReadonlyMap<string, Redirect>, pathname: string): Redirect | null {
  return map.get(pathname) ?? map.get(normalPath(pathname)) ?? null;
}
