/**
 * The dashboard's Ahora block: the last 30 minutes (visitors on the site, people's clicks,
 * postbacks received) and the latest ten events, asked of /admin/ahora.json every 5
 * seconds while the tab is visible (app/routes/admin.ahora.ts; the server keeps its answer
 * a few seconds, so open tabs share one read). The counts are a polite live region: a
 * screen reader hears a count when it changes, never the list on every poll. Rendered on
 * the server with the dashboard's own answer (its loader reads the same cached one), so
 * the block shows figures before the first poll, and without JavaScript.
 */
import { useEffect, useState } from "react";

import type { LiveAnswer } from "~/reports/live.server";

import { formatNumber } from "./format";
import { clockTime, eventText, timeAgo } from "./live-text";

export const LIVE_PATH = "/admin/ahora.json";
/** How often the block asks. */
const POLL_MS = 5_000;

/** Why the figures are not current, in Spanish, by the answer's status (0: no answer). */
function problemOf(status: number): string {
  if (status === 401) return "La sesión ha terminado: vuelve a entrar para ver la actividad.";
  if (status === 409) return "El registro de clics está desactivado.";
  return "Los datos de ahora no están disponibles en este momento; se vuelve a intentar en unos segundos.";
}

/** The latest answer, or why there is none, asked again every POLL_MS while visible. */
function useLiveAnswer(initial: LiveAnswer | null) {
  const [live, setLive] = useState<LiveAnswer | null>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let asking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    async function ask() {
      clearTimeout(timer);
      if (stopped || asking) return;
      if (document.visibilityState === "visible") {
        asking = true;
        try {
          const response = await fetch(LIVE_PATH, {
            headers: { Accept: "application/json" },
            cache: "no-store",
            signal: controller.signal,
          });
          if (response.ok) {
            setLive((await response.json()) as LiveAnswer);
            setProblem(null);
          } else {
            setProblem(problemOf(response.status));
            // A closed session or a ledger switched off will not mend by asking again.
            if (response.status === 401 || response.status === 409) stopped = true;
          }
        } catch {
          if (!controller.signal.aborted) setProblem(problemOf(0));
        } finally {
          asking = false;
        }
      }
      if (!stopped) timer = setTimeout(ask, POLL_MS);
    }
    // Back on a hidden tab: ask at once rather than at the next tick.
    const onVisibility = () => {
      if (document.visibilityState === "visible") void ask();
    };
    document.addEventListener("visibilitychange", onVisibility);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return { live, problem };
}

export function LiveNow({ timeZone, initial }: { timeZone: string; initial: LiveAnswer | null }) {
  const { live, problem } = useLiveAnswer(initial);
  const counts = [
    { label: "Visitantes en el sitio", value: live?.visitors },
    { label: "Clics", value: live?.clicks },
    { label: "Postbacks recibidos", value: live?.postbacks },
  ];
  return (
    <section className="admin-live" aria-labelledby="ahora">
      <div className="admin-live__head">
        <h2 id="ahora">Ahora</h2>
        <p className="admin-live__note">
          Últimos 30 minutos, sin filtros ni bots; se actualiza cada 5 segundos.
        </p>
      </div>
      <dl className="admin-kpis__list admin-live__counts" aria-live="polite" aria-atomic="true">
        {counts.map(({ label, value }) => (
          <div key={label} className="admin-live__count">
            <dt>{label}</dt>
            <dd>{value === undefined ? "—" : formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {problem ? (
        <p className="admin-notice" role="status">
          {problem}
        </p>
      ) : null}
      <div className="admin-live__events">
        <h3 id="ahora-eventos">Últimos eventos</h3>
        {live === null ? (
          <p className="admin-live__empty">{problem ? "—" : "Cargando…"}</p>
        ) : live.events.length === 0 ? (
          <p className="admin-live__empty">Ningún clic ni postback en los últimos 30 minutos.</p>
        ) : (
          <ol className="admin-live__list" aria-labelledby="ahora-eventos">
            {live.events.map((event, index) => (
              <li key={`${event.at}-${index}`} className={`admin-live__event--${event.kind}`}>
                <span className="admin-live__what">{eventText(event)}</span>{" "}
                <span className="admin-live__when">
                  <time dateTime={new Date(event.at).toISOString()}>
                    {clockTime(event.at, timeZone)}
                  </time>{" "}
                  · {timeAgo(event.at, live.now)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
