/**
 * The open alerts (app/alerts), at the top of every dashboard page: a broken destination,
 * postbacks gone quiet, a surge of orphans. Each says what happened in a sentence; the
 * destinations' details are on the Enlaces page. Nothing when none is open.
 */
import { useRouteLoaderData } from "@remix-run/react";

import type { ShownAlert } from "~/alerts/incidents.server";

const KIND_WORDS: Record<ShownAlert["kind"], string> = {
  "destino-roto": "Destino roto",
  "postbacks-silenciosos": "Postbacks en silencio",
  huerfanos: "Postbacks huérfanos",
};

export function AlertsBanner() {
  const alerts =
    (useRouteLoaderData("root") as { alerts?: ShownAlert[] } | undefined)?.alerts ?? [];
  if (alerts.length === 0) return null;
  // Broken destinations in one line when there are several: the cards of Enlaces say which.
  const broken = alerts.filter((alert) => alert.kind === "destino-roto");
  const others = alerts.filter((alert) => alert.kind !== "destino-roto");
  return (
    <section className="admin-alerts" aria-labelledby="alertas-titulo">
      <h2 id="alertas-titulo">
        {alerts.length === 1 ? "1 alerta abierta" : `${alerts.length} alertas abiertas`}
      </h2>
      <ul>
        {broken.length > 1 ? (
          <li>
            <strong>{broken.length} destinos rotos.</strong>{" "}
            <a href="/admin/enlaces">Ver cuáles y por qué en Enlaces</a>
          </li>
        ) : null}
        {(broken.length > 1 ? others : alerts).map((alert) => (
          <li key={alert.id}>
            <strong>{KIND_WORDS[alert.kind]}:</strong> {alert.details}{" "}
            {alert.kind === "destino-roto" ? <a href="/admin/enlaces">Ver en Enlaces</a> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
