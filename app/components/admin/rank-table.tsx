/**
 * One ranking of the dashboard: a dimension's values by people's clicks, with each one's
 * share of the period; a value is a link that adds it to the view's filters.
 */
import { Link } from "@remix-run/react";

import type { RankedRow } from "~/admin/dashboard.server";
import { viewSearch, type View } from "~/admin/query";
import { DIMENSIONS, type Dimension } from "~/clicks/dimensions";

import { formatNumber, formatPercent } from "./format";

export function RankTable({
  name,
  rows,
  view,
}: {
  name: Dimension;
  rows: RankedRow[];
  view: View;
}) {
  const filtered = view.filters[name];
  return (
    <section className="admin-rank" aria-labelledby={`rank-${name}`}>
      <h2 id={`rank-${name}`}>Por {DIMENSIONS[name].label.toLowerCase()}</h2>
      {rows.length === 0 ? (
        <p className="admin-rank__empty">Sin clics en este periodo.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{DIMENSIONS[name].label}</th>
              <th scope="col">Clics</th>
              <th scope="col">Cuota</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value ?? ""}>
                <th scope="row">
                  {row.value === null ? (
                    <span className="admin-rank__none">(sin dato)</span>
                  ) : filtered ? (
                    row.value
                  ) : (
                    <Link
                      to={viewSearch(view, { [name]: row.value })}
                      preventScrollReset
                      title={`Filtrar por ${DIMENSIONS[name].label.toLowerCase()}: ${row.value}`}
                    >
                      {row.value}
                    </Link>
                  )}
                  <svg
                    className="admin-rank__bar"
                    viewBox="0 0 100 4"
                    aria-hidden="true"
                    preserveAspectRatio="none"
                  >
                    <rect width="100" height="4" className="admin-rank__track" />
                    <rect width={Math.max(0.5, row.share * 100)} height="4" />
                  </svg>
                </th>
                <td>{formatNumber(row.clicks)}</td>
                <td>{formatPercent(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
