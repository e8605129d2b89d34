/**
 * The import's preview: how many rows are new, orphans (unknown click), duplicates and
 * invalid, the button that confirms (carrying the previewed file, sealed: see
 * conversions/import-seal.server.ts), and the rows of each status with the reason of
 * every duplicate and invalid one.
 */
import { Form, Link } from "@remix-run/react";

import type { PreviewGroup, PreviewStatus } from "~/conversions/import-preview.server";

import { formatNumber } from "./format";

export const STATUS_TEXTS: Record<PreviewStatus, { title: string; hint: string }> = {
  new: { title: "Nuevas", hint: "Se importarán con la atribución de su clic." },
  orphan: {
    title: "Clic desconocido",
    hint: "Ningún clic tiene ese id: se importarán como huérfanas (se cuentan, sin atribución).",
  },
  duplicate: {
    title: "Duplicadas",
    hint: "Ya están en el registro o repetidas en el archivo: no se añadirán.",
  },
  invalid: {
    title: "No válidas",
    hint: "No se importarán; quedan anotadas como rechazadas en el registro de postbacks (las 100 primeras de cada importación).",
  },
};

export function ImportPreview({
  groups,
  ignoredColumns,
  sealed,
}: {
  groups: PreviewGroup[];
  ignoredColumns: string[];
  sealed: string;
}) {
  const countOf = (status: PreviewStatus) =>
    groups.find((group) => group.status === status)?.count ?? 0;
  const adding = countOf("new") + countOf("orphan");
  return (
    <section className="admin-import__preview" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title">Vista previa</h2>
      <dl className="admin-import__counts">
        {groups.map(({ status, count }) => (
          <div key={status} className={`admin-import__count admin-import__count--${status}`}>
            <dt>{STATUS_TEXTS[status].title}</dt>
            <dd>{formatNumber(count)}</dd>
          </div>
        ))}
      </dl>
      {ignoredColumns.length > 0 ? (
        <p className="admin-import__hint">Columnas que no se usan: {ignoredColumns.join(", ")}.</p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-import__confirm">
        <input type="hidden" name="sealed" value={sealed} />
        <p>
          {adding === 0
            ? "Esta importación no añadirá ninguna conversión."
            : `Se añadirán ${formatNumber(adding)} conversiones.`}{" "}
          Nada se guarda hasta que confirmes.
        </p>
        <div className="admin-import__actions">
          <button className="button button--primary" type="submit" name="intent" value="confirm">
            Confirmar la importación
          </button>
          <Link to="/admin/import" className="admin-import__cancel">
            Cancelar y subir otro archivo
          </Link>
        </div>
      </Form>
      {groups
        .filter((group) => group.count > 0)
        .map((group) => (
          <PreviewTable key={group.status} group={group} />
        ))}
    </section>
  );
}

function PreviewTable({ group }: { group: PreviewGroup }) {
  const { status, count, rows } = group;
  const titleId = `import-rows-${status}`;
  const withNote = status === "duplicate" || status === "invalid";
  return (
    <section className="admin-import__group" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {STATUS_TEXTS[status].title} ({formatNumber(count)})
      </h3>
      <p className="admin-import__hint">{STATUS_TEXTS[status].hint}</p>
      <div className="admin-import__scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Fila</th>
              <th scope="col">Id de clic</th>
              <th scope="col">Evento</th>
              <th scope="col">Importe</th>
              <th scope="col">Moneda</th>
              <th scope="col">Fecha</th>
              <th scope="col">Txid</th>
              {withNote ? <th scope="col">{status === "invalid" ? "Motivo" : "Por qué"}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                <td>{row.clickId}</td>
                <td>{row.event}</td>
                <td>{row.amount}</td>
                <td>{row.currency}</td>
                <td>{row.date}</td>
                <td>{row.txid}</td>
                {withNote ? <td className="admin-import__note">{row.note}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > rows.length ? (
        <p className="admin-import__hint">
          Se muestran las primeras {formatNumber(rows.length)} de {formatNumber(count)}.
        </p>
      ) : null}
    </section>
  );
}
