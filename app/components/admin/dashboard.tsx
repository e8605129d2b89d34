/**
 * The marketer's dashboard and its login form (app/routes/admin.tsx). Everything is
 * server-rendered HTML and SVG: the filters are a GET form and links, so the page works
 * without JavaScript; with it, Remix loads a new view's data without reloading the page.
 * No inline style (the site's CSP allows none): bars are SVG shapes sized by attributes.
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";

import type { Dashboard, RankedRow } from "~/admin/dashboard.server";
import { PERIODS, viewSearch, type View } from "~/admin/query";
import { DIMENSION_NAMES, DIMENSIONS, type Dimension } from "~/clicks/dimensions";
import type { Totals } from "~/clicks/reports.server";

const number = new Intl.NumberFormat("es-ES");
const percent = new Intl.NumberFormat("es-ES", { style: "percent", maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("es-ES", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

export function LoginForm() {
  const action = useActionData<{ error?: string | null }>();
  return (
    <section className="admin admin-login" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Panel de clics</h1>
      <p>Introduce la contraseña del panel para ver los clics de los enlaces de afiliado.</p>
      <Form method="post" className="admin-login__form">
        <label htmlFor="admin-password">Contraseña</label>
        <input
          id="admin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button className="button button--primary" type="submit" name="intent" value="login">
          Entrar
        </button>
        {action?.error ? (
          <p className="admin-login__error" role="alert">
            {action.error}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

/** "+12 %", "−5 %", "nuevo" or "=" against the previous period. */
function change(
  current: number,
  previous: number,
): { text: string; trend: "up" | "down" | "flat" } {
  if (previous === 0)
    return current === 0 ? { text: "=", trend: "flat" } : { text: "nuevo", trend: "up" };
  const ratio = (current - previous) / previous;
  if (Math.abs(ratio) < 0.0005) return { text: "=", trend: "flat" };
  const text = percent.format(Math.abs(ratio));
  return ratio > 0 ? { text: `+${text}`, trend: "up" } : { text: `−${text}`, trend: "down" };
}

function botShare({ humans, bots }: Totals): number {
  return humans + bots > 0 ? bots / (humans + bots) : 0;
}

/** A change of a share, in percentage points ("+0,4 pp"). */
function pointsChange(current: number, previous: number) {
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: "=", trend: "flat" as const };
  const text = `${number.format(Math.round(Math.abs(points) * 10) / 10)} pp`;
  return points > 0
    ? { text: `+${text}`, trend: "up" as const }
    : { text: `−${text}`, trend: "down" as const };
}

function Kpi({
  label,
  value,
  previous,
  current,
  previousValue,
  share = false,
}: {
  label: string;
  value: string;
  current: number;
  previous: number;
  previousValue: string;
  /** A share: its change is in percentage points, and more is not better. */
  share?: boolean;
}) {
  const delta = share
    ? { ...pointsChange(current, previous), trend: "flat" as const }
    : change(current, previous);
  return (
    <div className="admin-kpi">
      <dt>{label}</dt>
      <dd>
        <span className="admin-kpi__value">{value}</span>
        <span className={`admin-kpi__delta admin-kpi__delta--${delta.trend}`}>
          {delta.text} <span className="admin-kpi__previous">(antes: {previousValue})</span>
        </span>
      </dd>
    </div>
  );
}

const CHART = { width: 720, height: 200, top: 8, bottom: 0, left: 0 };

/** Clicks per day as stacked bars (people, then bots when shown), with its data table. */
function DayChart({ days, bots }: { days: Dashboard["days"]; bots: boolean }) {
  const values = days.map((day) => day.humans + (bots ? day.bots : 0));
  const max = Math.max(1, ...values);
  const plotWidth = CHART.width - CHART.left;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = plotWidth / days.length;
  const bar = Math.max(1, slot * 0.8);
  const y = (value: number) => CHART.top + plotHeight - (value / max) * plotHeight;
  const total = values.reduce((sum, value) => sum + value, 0);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const summary = `Clics por día del ${longDay.format(dayDate(first.day))} al ${longDay.format(dayDate(last.day))}: ${number.format(total)} en total, máximo ${number.format(max)} en un día.`;
  return (
    <figure className="admin-chart">
      <figcaption>
        <h2>Clics por día</h2>
        <span className="admin-legend">
          <span className="admin-legend__humans">Personas</span>
          {bots ? <span className="admin-legend__bots">Bots</span> : null}
          <span>Máx.: {number.format(max)}/día</span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line className="admin-chart__axis" x1={CHART.left} x2={CHART.width} y1={y(0)} y2={y(0)} />
        <line
          className="admin-chart__grid"
          x1={CHART.left}
          x2={CHART.width}
          y1={y(max)}
          y2={y(max)}
        />
        {days.map((day, index) => {
          const x = CHART.left + index * slot + (slot - bar) / 2;
          const humansTop = y(day.humans);
          const botsTop = y(day.humans + day.bots);
          return (
            <g key={day.day}>
              <title>{`${longDay.format(dayDate(day.day))}: ${number.format(day.humans)} de personas${bots ? `, ${number.format(day.bots)} de bots` : ""}`}</title>
              <rect
                className="admin-chart__humans"
                x={x}
                width={bar}
                y={humansTop}
                height={y(0) - humansTop}
              />
              {bots && day.bots > 0 ? (
                <rect
                  className="admin-chart__bots"
                  x={x}
                  width={bar}
                  y={botsTop}
                  height={humansTop - botsTop}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="admin-chart__labels" aria-hidden="true">
        <span>{shortDay.format(dayDate(first.day))}</span>
        <span>{shortDay.format(dayDate(last.day))}</span>
      </p>
      <details className="admin-chart__data">
        <summary>Ver los datos del gráfico</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Personas</th>
              <th scope="col">Bots</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay.format(dayDate(day.day))}</th>
                <td>{number.format(day.humans)}</td>
                <td>{number.format(day.bots)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function RankTable({ name, rows, view }: { name: Dimension; rows: RankedRow[]; view: View }) {
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
                <td>{number.format(row.clicks)}</td>
                <td>{percent.format(row.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Filters({ view }: { view: View }) {
  const navigation = useNavigation();
  const active = DIMENSION_NAMES.filter((name) => view.filters[name]);
  return (
    <div className="admin-filters">
      <Form method="get" className="admin-filters__form" preventScrollReset>
        <label>
          Periodo
          <select name="period" defaultValue={view.period} key={view.period}>
            {Object.entries(PERIODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Desde
          <input
            type="date"
            name="from"
            defaultValue={view.range.from}
            key={`from-${view.range.from}`}
          />
        </label>
        <label>
          Hasta
          <input type="date" name="to" defaultValue={view.range.to} key={`to-${view.range.to}`} />
        </label>
        <label className="admin-filters__check">
          <input
            type="checkbox"
            name="bots"
            value="1"
            defaultChecked={view.bots}
            key={`bots-${view.bots}`}
          />
          Bots en el gráfico
        </label>
        {active.map((name) => (
          <input key={name} type="hidden" name={name} value={view.filters[name]} />
        ))}
        <button className="button button--primary" type="submit">
          {navigation.state === "loading" ? "Cargando…" : "Aplicar"}
        </button>
      </Form>
      <p className="admin-filters__hint">
        Las fechas se usan con «Personalizado». Pulsa una fila de las tablas para filtrar por ella;
        los filtros se combinan y quedan en la dirección, para guardarla o compartirla.
      </p>
      {active.length > 0 ? (
        <ul className="admin-chips" aria-label="Filtros activos">
          {active.map((name) => (
            <li key={name}>
              <Link
                to={viewSearch(view, { [name]: undefined })}
                preventScrollReset
                aria-label={`Quitar el filtro ${DIMENSIONS[name].label}: ${view.filters[name]}`}
              >
                {DIMENSIONS[name].label}: {view.filters[name]} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to={viewSearch({ ...view, filters: {} })} preventScrollReset>
              Quitar todos
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

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
            {PERIODS[view.period]}: {longDay.format(dayDate(view.range.from))} –{" "}
            {longDay.format(dayDate(view.range.to))} ({timeZone}). Comparado con{" "}
            {longDay.format(dayDate(view.previous.from))} –{" "}
            {longDay.format(dayDate(view.previous.to))}.
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
      <Filters view={view} />
      {dashboard === null ? (
        <p className="admin-notice" role="status">
          El registro de clics está desactivado (CLICK_LEDGER=false): no hay datos que mostrar.
        </p>
      ) : (
        <>
          <dl className="admin-kpis">
            <Kpi
              label="Clics de personas"
              value={number.format(dashboard.totals.current.humans)}
              current={dashboard.totals.current.humans}
              previous={dashboard.totals.previous.humans}
              previousValue={number.format(dashboard.totals.previous.humans)}
            />
            <Kpi
              label="Visitantes únicos"
              value={number.format(dashboard.totals.current.uniques)}
              current={dashboard.totals.current.uniques}
              previous={dashboard.totals.previous.uniques}
              previousValue={number.format(dashboard.totals.previous.uniques)}
            />
            <Kpi
              label="Cuota de bots"
              value={percent.format(botShare(dashboard.totals.current))}
              current={botShare(dashboard.totals.current)}
              previous={botShare(dashboard.totals.previous)}
              previousValue={percent.format(botShare(dashboard.totals.previous))}
              share
            />
          </dl>
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
