/**
 * One ranking of the dashboard: a dimension's values with the funnel of each: page views
 * (and a page's visitors), people's clicks, share of the period, CTR, registrations, FTDs,
 * commission, EPC and RPM, in the view's order (a column's heading is a link that orders
 * by it); a value is a link that adds it to the view's filters; a link id is named in
 * words from content, its id kept beside, and measured against its page's views (the
 * placement's CTR). Sub-ids have no views, so no view columns. Which figures show is the
 * view's choice (`col=`, the figures picker in figure-picker.tsx). The first rows, and a link
 * to all of them; a ranking computed on demand (sub-ids under a filter) shows a link that
 * asks for it.
 */
import { Link } from "@remix-run/react";

import type { RankedRow, Ranking } from "~/reports/dashboard.server";
import { FIGURES, RANKED_ROWS, SORTS, viewSearch, type Figure, type View } from "~/reports/query";
import { DIMENSIONS, type Dimension } from "~/ledger/dimensions";
import { hasViews } from "~/ledger/view-dimensions";
import { valueName } from "~/admin/value-names";

import { CopyButton } from "./copy-button";
import { formatMoney, formatNumber, formatPercent, otherCurrencies } from "./format";

/** What a ranking's values are, where its heading alone could leave it open. */
const NOTES: Partial<Record<Dimension, string>> = {
  link: "Cada ubicación de enlace frente a las vistas de su página (CTR de la ubicación); los botones de la cabecera, frente a las vistas de todo el sitio.",
  page: "El embudo de cada página: vistas, visitantes, clics, registros, FTD y comisión.",
  campaign: "La campaña (utm_campaign) con la que llegó la visita.",
  source: "La fuente (utm_source) con la que llegó la visita.",
  referrer: "El sitio externo del que llegó la visita, cuando no traía utm_source.",
};

/** A figure column: a sort, or one that orders nothing (share, visitors). */
type Column = Figure;

/** The figures that have a meaning for a dimension: sub-ids have no views, only pages visitors. */
function hasFigure(name: Dimension, figure: Figure): boolean {
  if (figure === "visitors") return name === "page";
  if (figure === "views" || figure === "ctr" || figure === "rpm") return name !== "subid";
  return true;
}

/** The figure columns after the value, in order, for a dimension: the view's choice. */
function columnsOf(name: Dimension, figures: readonly Figure[]): Column[] {
  return figures.filter((figure) => hasFigure(name, figure));
}

/** A column's heading; a link's views are its page's. */
function heading(name: Dimension, column: Column): string {
  if (column === "views" && !hasViews(name)) return "Vistas de su página";
  return FIGURES[column];
}

function Cell({ row, column }: { row: RankedRow; column: Column }) {
  switch (column) {
    case "share":
      return <td>{row.orphan ? "—" : formatPercent(row.share)}</td>;
    case "views":
    case "visitors": {
      const value = row[column];
      return <td>{value === null ? "—" : formatNumber(value)}</td>;
    }
    case "ctr":
      return <td>{row.ctr === null ? "—" : formatPercent(row.ctr)}</td>;
    case "rpm":
      return <td>{row.rpm === null ? "—" : formatMoney(row.rpm)}</td>;
    case "commission": {
      const others = otherCurrencies(row.otherCommission);
      return (
        <td>
          {formatMoney(row.commission)}
          {others ? <span className="admin-rank__others">también: {others}</span> : null}
        </td>
      );
    }
    case "epc":
      return <td>{row.epc === null ? "—" : formatMoney(row.epc)}</td>;
    default:
      return <td>{formatNumber(row[column])}</td>;
  }
}

function Value({ name, row, view }: { name: Dimension; row: RankedRow; view: View }) {
  if (row.orphan)
    return (
      <span className="admin-rank__none" title="Conversiones cuyo id de clic no es de ningún clic">
        (sin clic)
      </span>
    );
  if (row.value === null) return <span className="admin-rank__none">(sin dato)</span>;
  const words = row.label ? (
    <>
      {row.label} <code className="admin-rank__id">{row.value}</code>
    </>
  ) : name === "page" && row.value === "404" ? (
    // The views of every path that is not a page of the content, counted together.
    <>
      404 <span className="admin-rank__id">cualquier ruta que no es una página</span>
    </>
  ) : (
    valueName(name, row.value)
  );
  // A link id is pasted elsewhere (a program's report, a content file): copied beside it.
  const copy =
    name === "link" ? <CopyButton text={row.value} what={`el id de enlace ${row.value}`} /> : null;
  if (view.filters[name])
    return (
      <>
        {words} {copy}
      </>
    );
  return (
    <>
      <Link
        to={viewSearch(view, { [name]: row.value })}
        preventScrollReset
        title={`Filtrar por ${DIMENSIONS[name].label.toLowerCase()}: ${valueName(name, row.value)}`}
      >
        {words}
      </Link>{" "}
      {copy}
    </>
  );
}

export function RankTable({
  name,
  ranking,
  view,
}: {
  name: Dimension;
  ranking: Ranking;
  view: View;
}) {
  const { rows, total } = ranking;
  const showsAll = view.all === name;
  const columns = columnsOf(name, view.figures);
  return (
    <section className="admin-rank" aria-labelledby={`rank-${name}`}>
      <h2 id={`rank-${name}`}>Por {DIMENSIONS[name].label.toLowerCase()}</h2>
      {NOTES[name] ? <p className="admin-rank__note">{NOTES[name]}</p> : null}
      {ranking.onDemand ? (
        <p className="admin-rank__empty">
          Con filtros, el desglose por {DIMENSIONS[name].label.toLowerCase()} recorre cada clic del
          periodo, así que se calcula al pedirlo.{" "}
          <Link to={`${viewSearch(view, { all: name })}#rank-${name}`} preventScrollReset>
            Calcular por {DIMENSIONS[name].label.toLowerCase()}
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className="admin-rank__empty">Sin clics en este periodo.</p>
      ) : (
        // On a phone the table scrolls sideways: focusable, so a keyboard can scroll it too.
        <>
          <p className="admin-rank__swipe">
            Desliza la tabla para ver todas las cifras <span aria-hidden="true">→</span>
          </p>
          <div
            className="admin-rank__scroll"
            tabIndex={0}
            role="group"
            aria-labelledby={`rank-${name}`}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">{DIMENSIONS[name].label}</th>
                  {columns.map((column) =>
                    column === "share" || column === "visitors" ? (
                      <th key={column} scope="col">
                        {heading(name, column)}
                      </th>
                    ) : (
                      <th
                        key={column}
                        scope="col"
                        aria-sort={view.sort === column ? "descending" : undefined}
                      >
                        <Link
                          to={`${viewSearch(view, { sort: column })}#rank-${name}`}
                          preventScrollReset
                          title={`Ordenar por ${SORTS[column].toLowerCase()}, de más a menos`}
                        >
                          {heading(name, column)}
                          {view.sort === column ? (
                            <span aria-hidden="true">{"\u00a0▼"}</span>
                          ) : null}
                        </Link>
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.orphan ? "\u0000orphan" : (row.value ?? "")}>
                    <th scope="row">
                      <Value name={name} row={row} view={view} />
                      {row.orphan ? null : (
                        <svg
                          className="admin-rank__bar"
                          viewBox="0 0 100 4"
                          aria-hidden="true"
                          preserveAspectRatio="none"
                        >
                          <rect width="100" height="4" className="admin-rank__track" />
                          <rect width={Math.max(0.5, row.share * 100)} height="4" />
                        </svg>
                      )}
                    </th>
                    {columns.map((column) => (
                      <Cell key={column} row={row} column={column} />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {total > RANKED_ROWS ? (
        <p className="admin-rank__more">
          {showsAll ? (
            <Link to={`${viewSearch(view, { all: undefined })}#rank-${name}`} preventScrollReset>
              Ver solo los {RANKED_ROWS} primeros
            </Link>
          ) : (
            <Link to={`${viewSearch(view, { all: name })}#rank-${name}`} preventScrollReset>
              Ver todos ({formatNumber(total)})
            </Link>
          )}
        </p>
      ) : null}
    </section>
  );
}
