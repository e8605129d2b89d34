/**
 * `npm run dev` only (production builds drop this module): what keeps the open tab in
 * step with the content folder, and the content advice of the page (server/dev-content.ts
 * and app/content/content-checks.server.ts).
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Same path as server/dev-content.ts DEV_EVENTS_PATH. */
const EVENTS_PATH = "/_dev/content-events";

/**
 * Listens to the server: a valid save reloads the page's data in place (no full reload,
 * scroll and focus stay); an invalid one reloads the page, which then lists the problems.
 */
export function DevContentUpdates() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const events = new EventSource(EVENTS_PATH);
    events.addEventListener("content", () => revalidate.current());
    events.addEventListener("problems", () => window.location.reload());
    // Sent as it connects: a save between the page's render and now is caught up.
    events.addEventListener("state", (event: MessageEvent<string>) => {
      if ((JSON.parse(event.data) as { problems: string | null }).problems)
        window.location.reload();
      else revalidate.current();
    });
    return () => events.close();
  }, []);
  return null;
}

/** The content advice of this page, the way an SEO plugin shows it beside the editor. */
export function DevAdvice({ advice }: { advice: string[] }) {
  if (advice.length === 0) return null;
  return (
    <aside className="dev-advice" aria-label="Consejos de contenido">
      <details>
        <summary>Consejos de contenido: {advice.length}</summary>
        <p>
          Solo se ven con <code>npm run dev</code>. <code>npm run content:check</code> los imprime
          también; no impiden publicar, salvo el texto «[Por completar…]», que la compilación trata
          como un problema.
        </p>
        <ul>
          {advice.map((line) => (
            <li key={line}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      </details>
    </aside>
  );
}
