/**
 * How many of the period's clicks were flagged as likely not a person's, and why
 * (app/ledger/click-kinds.ts, docs/click-flags.md): one count per flag, whether they are
 * left out of the figures (the default) or counted as people's, and the link that switches.
 */
import { Link } from "@remix-run/react";

import { FLAG_NAMES, type Flag } from "~/ledger/click-kinds";
import { viewSearch, type View } from "~/reports/query";

import { formatNumber } from "./format";

/** What each flag means, in the marketer's words. */
export const FLAG_WORDS: Record<Flag, string> = {
  "data-centre": "desde un centro de datos",
  "too-fast": "demasiado rápidos tras ver la página",
  repeat: "repetidos en menos de una hora",
};

export function FlaggedClicks({ flags, view }: { flags: Record<Flag, number>; view: View }) {
  const total = FLAG_NAMES.reduce((sum, flag) => sum + flags[flag], 0);
  return (
    <section className="admin-flagged" aria-labelledby="clics-marcados">
      <h2 id="clics-marcados">Clics marcados</h2>
      <p>
        {total === 0
          ? "Ningún clic del periodo parece automático."
          : `${formatNumber(total)} ${total === 1 ? "clic parece" : "clics parecen"} no ser de personas. ${
              view.flagged
                ? "Ahora cuentan como clics de personas en todas las cifras (salvo los visitantes únicos)."
                : "No cuentan en los clics de personas, el CTR, el EPC ni las tablas."
            }`}
      </p>
      {total > 0 ? (
        <ul className="admin-flagged__list">
          {FLAG_NAMES.map((flag) => (
            <li key={flag}>
              <strong>{formatNumber(flags[flag])}</strong> {FLAG_WORDS[flag]}
            </li>
          ))}
        </ul>
      ) : null}
      {total > 0 || view.flagged ? (
        <p>
          <Link
            to={viewSearch(view, { marcados: view.flagged ? undefined : "1" })}
            preventScrollReset
          >
            {view.flagged ? "Excluir los clics marcados" : "Incluir los clics marcados"}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
