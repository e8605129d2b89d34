/**
 * The marketer's dashboard (app/routes/admin.tsx): the period and logout, the view's
 * filters, the key figures, the chart, a ranking per dimension and the exports. Everything
 * is server-rendered HTML and SVG: the filters are a GET form and links, so the page works
 * without JavaScript; with it, Remix loads a new view's data without reloading the page.
 */
import { Form } from "@remix-run/react";

import type { Dashboard } from "~/admin/dashboard.server";
import { PERIODS, viewSearch, type View } from "~/admin/query";
import { DIMENSION_NAMES } from "~/clicks/dimensions";

import { DayChart } from "./day-chart";
import { ViewFilters } from "./filters";
import { longDay } from "./format";
import { Kpis } from "./kpis";
import { RankTable } from "./rank-table";

export function AdminDashboard({
  view,
  dashboard,
  timeZone,
}: {
  view: View;
  dashboard: Dashboard | null;
  timeZone: string;
}) {
  const search = viewSearch(view);
  return (
    <div className="admin">
      <header className="admin-head">
        <div>
          <h1>Panel de clics</h1>
          <p className="admin-head__period">
            {PERIODS[view.period]}: {longDay(view.range.from)} – {longDay(view.range.to)} (
            {timeZone}). Comparado con {longDay(view.previous.from)} – {longDay(view.previous.to)}.
          </p>
        </div>
        <Form method="post" reloadDocument>
          <button className="button button--ghost" type="submit" name="intent" value="logout">
            Cerrar sesión
          </button>
        </Form>
      </header>
      {view.notice ? (
        <p className="admin-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <ViewFilters view={view} />
      {dashboard === null ? (
        <p className="admin-notice" role="status">
          El registro de clics está desactivado (CLICK_LEDGER=false): no hay datos que mostrar.
        </p>
      ) : (
        <>
          <Kpis totals={dashboard.totals} />
          <DayChart days={dashboard.days} bots={view.bots} />
          <div className="admin-ranks">
            {DIMENSION_NAMES.map((name) => (
              <RankTable key={name} name={name} rows={dashboard.rankings[name]} view={view} />
            ))}
          </div>
          <p className="admin-exports">
            Exportar con estos filtros:{" "}
            <a href={`/admin/clicks.csv${search}`} download>
              cada clic (CSV)
            </a>{" "}
            ·{" "}
            <a href={`/admin/daily.csv${search}`} download>
              resumen diario (CSV)
            </a>
          </p>
          <p className="admin-foot">
            Los bots nunca cuentan en las tablas ni en los visitantes únicos. Consultas:{" "}
            {dashboard.queryMs} ms.
          </p>
        </>
      )}
    </div>
  );
}
