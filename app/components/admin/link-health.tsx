/**
 * The Enlaces page's list: one card per affiliate destination, broken ones first, each
 * with its state in words, when it was last checked, the chain of answers it followed,
 * why it is broken or warned, what uses it, and what is at risk (clicks and commission of
 * the last 30 days). Cards rather than a table: the chain and the reasons are sentences,
 * and a card reads the same at 390 px as at 1280 px.
 */
import { Form } from "@remix-run/react";

import type { DestinationRow, ShownHealth } from "~/link-health/page.server";
import { nameOfUse } from "~/link-health/destinations";

import { formatMoney, formatNumber } from "./format";

/** The states in words, as the badge says them. */
const HEALTH_WORDS: Record<ShownHealth, string> = {
  roto: "Roto",
  aviso: "Aviso",
  aceptado: "Aviso aceptado",
  "sin-comprobar": "Sin comprobar",
  sano: "Sano",
};

const USE_WORDS = {
  cabecera: "Cabecera",
  enlace: "Enlace",
  variante: "Variante de reparto",
  oferta: "Oferta",
} as const;

/** What the page shows of one destination's address: host, path and query, no scheme. */
const shownUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}${parsed.search}`;
};

export type ShownRow = Omit<DestinationRow, "check" | "accepted"> & {
  check: (NonNullable<DestinationRow["check"]> & { time: string }) | null;
  accepted: { by: string; time: string } | null;
};

export function LinkHealthList({
  rows,
  canAccept,
  hasLedger,
}: {
  rows: ShownRow[];
  canAccept: boolean;
  hasLedger: boolean;
}) {
  return (
    <section aria-labelledby="destinos-titulo">
      <h2 id="destinos-titulo">Destinos de afiliado</h2>
      <ul className="admin-links">
        {rows.map((row, index) => (
          <li key={row.url} className={`admin-links__item admin-links__item--${row.health}`}>
            <article aria-labelledby={`destino-${index}`}>
              <header className="admin-links__head">
                <span className={`admin-links__badge admin-links__badge--${row.health}`}>
                  {HEALTH_WORDS[row.health]}
                </span>
                <h3 id={`destino-${index}`} className="admin-links__url">
                  {shownUrl(row.url)}
                </h3>
              </header>
              <Uses uses={row.uses} />
              {row.check ? (
                <>
                  <p className="admin-links__when">
                    Última comprobación: {row.check.time} · {formatNumber(row.check.ms)} ms
                  </p>
                  {row.check.hops.length > 0 ? (
                    <ol className="admin-links__chain" aria-label="Saltos">
                      {row.check.hops.map((hop, hopIndex) => (
                        <li key={hopIndex}>
                          <span className="admin-links__status">{hop.status}</span> {hop.host}
                        </li>
                      ))}
                    </ol>
                  ) : null}
                  {row.check.reasons.length > 0 ? (
                    <ul className="admin-links__reasons" aria-label="Motivos">
                      {row.check.reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : (
                <p className="admin-links__when">Todavía no se ha comprobado.</p>
              )}
              <p className="admin-links__risk">
                {row.clicks === null ? (
                  "Clics y comisión: se cuentan en el enlace del reparto."
                ) : hasLedger ? (
                  <>
                    Últimos 30 días: <strong>{formatNumber(row.clicks)}</strong> clics,{" "}
                    <strong>{formatMoney(row.commission ?? 0)}</strong> de comisión
                    {row.fallbackClicks > 0
                      ? ` · ${formatNumber(row.fallbackClicks)} enviados a la reserva`
                      : null}
                  </>
                ) : (
                  "Sin registro de clics."
                )}
              </p>
              {row.accepted ? (
                <p className="admin-links__accepted">
                  Aviso aceptado por {row.accepted.by} el {row.accepted.time}: vuelve a avisar si
                  cambian los saltos.
                </p>
              ) : null}
              {row.health === "aviso" && canAccept ? (
                <Form method="post" className="admin-links__accept">
                  <input type="hidden" name="url" value={row.url} />
                  <button
                    className="button button--ghost"
                    type="submit"
                    name="intent"
                    value="accept"
                  >
                    Aceptar este aviso
                  </button>
                </Form>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many uses a card lists before the rest fold away. */
const USES_SHOWN = 4;

/** Where the content uses a destination: the first few, the rest behind "y N más". */
function Uses({ uses }: { uses: ShownRow["uses"] }) {
  const named = (list: ShownRow["uses"]) =>
    list.map((use, index) => (
      <span key={`${use.kind}-${nameOfUse(use)}`}>
        {index > 0 ? ", " : null}
        {USE_WORDS[use.kind]} <code>{nameOfUse(use)}</code>
      </span>
    ));
  if (uses.length <= USES_SHOWN + 1) {
    return <p className="admin-links__uses">Usado en: {named(uses)}</p>;
  }
  return (
    <div className="admin-links__uses">
      <p>Usado en: {named(uses.slice(0, USES_SHOWN))}</p>
      <details>
        <summary>y {uses.length - USES_SHOWN} usos más</summary>
        <p>{named(uses.slice(USES_SHOWN))}</p>
      </details>
    </div>
  );
}

/** The counts above the list: how many destinations are in each state. */
export function LinkHealthSummary({ rows }: { rows: ShownRow[] }) {
  const count = (health: ShownHealth) => rows.filter((row) => row.health === health).length;
  const broken = count("roto");
  const warned = count("aviso");
  return (
    <p className="admin-links__summary" role="status">
      {rows.length} destinos: <strong>{broken}</strong> {broken === 1 ? "roto" : "rotos"},{" "}
      <strong>{warned}</strong> con aviso, {count("sano") + count("aceptado")} sanos
      {count("sin-comprobar") > 0 ? `, ${count("sin-comprobar")} sin comprobar` : ""}.
    </p>
  );
}
