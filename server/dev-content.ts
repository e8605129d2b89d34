/**
 * `npm run dev` only: the editor's loop. On every save in the content folder
 * (server/content-watcher.ts) the server reads the content again into the loaded build
 * (its facade's `reloadContent`, app/content/content.server.ts), then tells the open tabs
 * through server-sent events at /_dev/content-events, one event per save:
 * - `content`: the content is valid; the page reloads its data in place;
 * - `problems`: the content is invalid; the page reloads and shows the problems page,
 *   which reloads itself at every later save, so it always lists the current problems;
 * - `state`, once to a tab as it connects: whether the content has problems now (and
 *   which), so a tab served just before a save catches up.
 *
 * While the content is invalid every page answers 500 (noindex) with the problems page:
 * each problem with file, JSON path and message (the text `npm run content:check`
 * prints) and the advice beside it. The terminal prints the same list once per distinct
 * set of problems, with no stack.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { ServerApp } from "~/server-app.server";

import { targetOf } from "./request-target";

export const DEV_EVENTS_PATH = "/_dev/content-events";
export const DEV_SCRIPT_PATH = "/_dev/content-problems.js";

export type ContentProblems = { problems: string[]; warnings: string[] };

/** A ContentError thrown while the build loaded (it comes from the build's own copy of the class). */
export function asContentProblems(error: unknown): ContentProblems | null {
  const candidate = error as { name?: unknown; problems?: unknown; warnings?: unknown } | null;
  if (candidate?.name !== "ContentError" || !Array.isArray(candidate.problems)) return null;
  return {
    problems: candidate.problems.map(String),
    warnings: Array.isArray(candidate.warnings) ? candidate.warnings.map(String) : [],
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

/**
 * The problems page's script: it reloads at every save, so it then shows the site or the
 * problems as they are now; and when it connects, if the problems changed since it was
 * served (a save while it loaded).
 */
const SCRIPT = `const shown = document.querySelector("[data-problems]")?.getAttribute("data-problems");
const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
for (const event of ["content", "problems"]) events.addEventListener(event, () => location.reload());
events.addEventListener("state", (event) => {
  if (JSON.parse(event.data).problems !== shown) location.reload();
});
`;

/** Names one set of problems, so a page can tell whether it shows the current one. */
function keyOf({ problems, warnings }: ContentProblems): string {
  return createHash("sha256")
    .update(JSON.stringify([problems, warnings]))
    .digest("hex")
    .slice(0, 16);
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff7f5;color:#1d1d1f}
main{max-width:72rem;margin:0 auto;padding:1.5rem;display:grid;gap:1.5rem}
@media(min-width:60rem){main{grid-template-columns:minmax(0,2fr) minmax(0,1fr)}}
h1{margin:0;font-size:1.6rem;color:#9b1c1c}
section,aside{background:#fff;border:1px solid #f0c4bd;border-radius:.75rem;padding:1rem 1.25rem}
aside{border-color:#e7d9a8;background:#fffdf3}
ul{padding-left:1.2rem}li{margin:.5rem 0}
code{font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}
`;
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The page every request gets while the content is invalid. */
export function problemsPage(content: ContentProblems): string {
  const { problems, warnings } = content;
  const list = (lines: string[]) =>
    `<ul>${lines.map((line) => `<li><code>${escapeHtml(line)}</code></li>`).join("")}</ul>`;
  const advice =
    warnings.length > 0
      ? `<aside aria-labelledby="advice"><h2 id="advice">Consejos (${warnings.length})</h2><p>No impiden publicar, pero conviene revisarlos.</p>${list(warnings)}</aside>`
      : "";
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>El contenido tiene errores</title>
<style>${STYLE}</style>
<script src="${DEV_SCRIPT_PATH}" defer></script>
</head>
<body>
<main data-problems="${keyOf(content)}">
<section aria-labelledby="title">
<h1 id="title">El contenido tiene errores</h1>
<p>La web no se puede mostrar hasta corregirlos. Cada línea dice el archivo, el campo (su ruta JSON) y el problema: el mismo texto que imprime <code>npm run content:check</code>.</p>
${list(problems)}
<p>Guarda el archivo corregido: esta página se recargará sola.</p>
</section>
${advice}
</main>
</body>
</html>
`;
}

/** The state of the content in development, and the open tabs to tell about it. */
export class DevContent {
  private current: ContentProblems | null = null;
  private printed = "";
  private readonly tabs = new Set<ServerResponse>();

  constructor(private readonly print: (text: string) => void = console.error) {}

  get problems(): ContentProblems | null {
    return this.current;
  }

  /**
   * Reads the content into the build whose facade is `app` (after the build loads and at
   * every save) and tells the open tabs. An error other than invalid content (a bug in the
   * build) is thrown.
   */
  read(app: Pick<ServerApp, "reloadContent">): void {
    try {
      app.reloadContent();
    } catch (error) {
      const problems = asContentProblems(error);
      if (!problems) throw error;
      this.failed(problems);
      return;
    }
    this.loaded();
  }

  /** The content loaded: tabs reload their data (or the whole page, after problems). */
  private loaded(): void {
    if (this.current) this.print("[contenido] El contenido vuelve a ser válido.");
    this.current = null;
    this.printed = "";
    this.send("content");
  }

  /** The content is invalid: every page shows the problems until it is fixed. */
  private failed(problems: ContentProblems): void {
    this.current = problems;
    const text = `[contenido] El contenido tiene errores:\n${problems.problems.map((line) => `  - ${line}`).join("\n")}`;
    if (text !== this.printed) this.print(text);
    this.printed = text;
    this.send("problems");
  }

  private send(event: "content" | "problems"): void {
    for (const tab of this.tabs) tab.write(`event: ${event}\ndata: {}\n\n`);
  }

  /** Answers the development routes and, while the content is invalid, every page. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const { path } = targetOf(req);
    if (path === DEV_EVENTS_PATH) {
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
      });
      // The state now: a tab served before the last save learns it missed one.
      const state = { problems: this.current ? keyOf(this.current) : null };
      res.write(`retry: 1000\n\nevent: state\ndata: ${JSON.stringify(state)}\n\n`);
      this.tabs.add(res);
      res.on("close", () => this.tabs.delete(res));
      return;
    }
    if (path === DEV_SCRIPT_PATH) {
      res.writeHead(200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end(SCRIPT);
      return;
    }
    if (!this.current) return next();
    const body = problemsPage(this.current);
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Security-Policy", CSP);
    if (!res.hasHeader("X-Robots-Tag")) res.setHeader("X-Robots-Tag", "noindex");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Ends the event streams, so a shutdown does not wait for them. */
  close(): void {
    for (const tab of this.tabs) tab.end();
    this.tabs.clear();
  }
}
