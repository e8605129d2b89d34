/** What a confirmed import did: rows added (with a click, or as orphans), duplicates, invalid. */
import { Link } from "@remix-run/react";

import type { ImportResult as Result } from "~/conversions/csv-import.server";

import { formatNumber } from "./format";

const LINES: [keyof Result, string][] = [
  ["accepted", "Añadidas con su clic"],
  ["orphan", "Añadidas como huérfanas (clic desconocido)"],
  ["duplicate", "Duplicadas (no se han añadido)"],
  ["rejected", "No válidas (anotadas como rechazadas en el registro de postbacks)"],
];

export function ImportResult({ result }: { result: Result }) {
  return (
    <section className="admin-import__result" aria-labelledby="import-result-title">
      <div role="status">
        <h2 id="import-result-title">
          Importación terminada: {formatNumber(result.accepted + result.orphan)} conversiones nuevas
        </h2>
      </div>
      <dl className="admin-import__counts">
        {LINES.map(([key, label]) => (
          <div key={key} className="admin-import__count">
            <dt>{label}</dt>
            <dd>{formatNumber(result[key])}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-import__actions">
        <Link to="/admin/import">Importar otro archivo</Link>
        <Link to="/admin">Ver el panel</Link>
      </p>
    </section>
  );
}
