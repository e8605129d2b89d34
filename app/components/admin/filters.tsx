/**
 * The view's settings as a GET form (period, dates, bots in the chart, flagged clicks
 * included; the filters, the
 * rankings' order and figures and the chart's kind ride along hidden), so it works without
 * JavaScript, and the active filters as links that remove them. Everything stays
 * in the URL, to bookmark or share.
 */
import { Form, Link, useNavigation } from "@remix-run/react";

import { PERIODS, viewSearch, writtenFigures, type View } from "~/reports/query";
import { DIMENSION_NAMES, DIMENSIONS } from "~/ledger/dimensions";
import { valueName } from "~/admin/value-names";

/** A setting of the view as a checkbox sending `name=1`, reset when the view changes. */
function Check({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="admin-filters__check">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        key={`${name}-${checked}`}
      />
      {label}
    </label>
  );
}

export function ViewFilters({ view }: { view: View }) {
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
        <Check name="bots" checked={view.bots} label="Bots en el gráfico" />
        <Check name="marcados" checked={view.flagged} label="Incluir clics marcados" />
        {active.map((name) => (
          <input key={name} type="hidden" name={name} value={view.filters[name]} />
        ))}
        {view.sort !== "clicks" ? <input type="hidden" name="sort" value={view.sort} /> : null}
        {view.chart !== "clicks" ? <input type="hidden" name="chart" value={view.chart} /> : null}
        {writtenFigures(view.figures).map((figure) => (
          <input key={figure} type="hidden" name="col" value={figure} />
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
                aria-label={`Quitar el filtro ${DIMENSIONS[name].label}: ${valueName(name, view.filters[name]!)}`}
              >
                {DIMENSIONS[name].label}: {valueName(name, view.filters[name]!)}{" "}
                <span aria-hidden="true">×</span>
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
