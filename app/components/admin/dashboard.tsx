/**
 * The marketer's dashboard (app/routes/admin.tsx), inside its own frame (admin-chrome.tsx):
 * the period, the view's filters, the key figures (page views, clicks and what they
 * earned), the funnel, the chart, a ranking per dimension (pages, placements and sources
 * with their views) and the exports. Everything
 * is server-rendered HTML and SVG: the filters are a GET form and links, so the page works
 * without JavaScript; with it, Remix loads a new view's data without reloading the page.
 */
import type { SavedView } from "~/admin/saved-views.server";
import type { Dashboard } from "~/reports/dashboard.server";
import type { LiveAnswer } from "~/reports/live.server";
import { PERIODS, viewSearch, type View } from "~/reports/query";
import { DIMENSION_NAMES, setFilters } from "~/ledger/dimensions";

import { DayChart } from "./day-chart";
import { FigurePicker } from "./figure-picker";
import { FlaggedClicks } from "./flagged-clicks";
import { ViewFilters } from "./filters";
import { longDay } from "./format";
import { Funnel } from "./funnel";
import { Kpis } from "./kpis";
import { LiveNow } from "./live-now";
import { OfferTable } from "./offer-table";
import { RankTable } from "./rank-table";
import { SavedViewsMenu } from "./saved-views-menu";

export function AdminDashboard({
  view,
  dashboard,
  timeZone,
  savedViews,
  message,
  live,
}: {
  view: View;
  dashboard: Dashboard | null;
  /** The last 30 minutes when the page was made (Ahora's first figures), or null. */
  live: LiveAnswer | null;
  timeZone: string;
  /** The person's saved views, and what their last save or delete did. */
  savedViews: SavedView[];
  message: string | null;
}) {
  const search = viewSearch(view);
  return (
    <div className="admin">
      <div className="admin-head">
        <h1>Panel de afiliación</h1>
        <p className="admin-head__period">
          {PERIODS[view.period]}: {longDay(view.range.from)} – {longDay(view.range.to)} ({timeZone}
          ). Comparado con {longDay(view.previous.from)} – {longDay(view.previous.to)}.
        </p>
      </div>
      {view.notice ? (
        <p className="admin-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <ViewFilters view={view} />
      {/* Keyed by the view: a new view (a saved one opened, figures shown) closes them. */}
      <div className="admin-tools">
        <FigurePicker key={`figures${search}`} view={view} />
        <SavedViewsMenu
          key={`saved${search}`}
          views={savedViews}
          search={search}
          message={message}
        />
      </div>
      {dashboard === null ? (
        <p className="admin-notice" role="status">
          El registro de clics está desactivado (CLICK_LEDGER=false): no hay datos que mostrar.
        </p>
      ) : (
        <>
          <LiveNow timeZone={timeZone} initial={live} />
          <Kpis totals={dashboard.totals} filtered={setFilters(view.filters).length > 0} />
          <FlaggedClicks flags={dashboard.flags} view={view} />
          <Funnel totals={dashboard.totals.current} />
          <DayChart days={dashboard.days} view={view} />
          <div className="admin-ranks">
            <OfferTable offers={dashboard.offers} view={view} />
            {DIMENSION_NAMES.filter((name) => name !== "offer").map((name) => (
              <RankTable key={name} name={name} ranking={dashboard.rankings[name]} view={view} />
            ))}
          </div>
          <p className="admin-exports">
            Exportar con estos filtros:{" "}
            <a href={`/admin/clicks.csv${search}`} download>
              cada clic (CSV)
            </a>{" "}
            ·{" "}
            <a href={`/admin/conversions.csv${search}`} download>
              cada conversión (CSV)
            </a>{" "}
            ·{" "}
            <a href={`/admin/daily.csv${search}`} download>
              resumen diario (CSV)
            </a>{" "}
            ·{" "}
            <a href={`/admin/pages.csv${search}`} download>
              embudo por página (CSV)
            </a>
          </p>
          <p className="admin-foot">
            Los bots nunca cuentan en las tablas, en las vistas ni en los visitantes únicos, ni los
            clics marcados salvo que los incluyas; las conversiones cuentan las de todos sus clics.
            Vistas: las que cuenta el propio sitio, sin cookies; CTR = clics ÷ vistas, RPM =
            comisión por cada 1.000 vistas. Comisión y EPC en euros: otras monedas aparecen aparte
            («también: …»), nunca sumadas. «(sin clic)»: conversiones cuyo id de clic no es de
            ningún clic registrado. Consultas: {dashboard.queryMs} ms.
          </p>
        </>
      )}
    </div>
  );
}
