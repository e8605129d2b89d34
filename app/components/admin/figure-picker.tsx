/**
 * Which figures the rankings show: a GET form of checkboxes (`col=`, one per figure) that
 * carries the rest of the view hidden, so it works without JavaScript and the choice stays
 * in the URL, to bookmark, share or save. Behind a disclosure, so it takes one line.
 */
import { Form } from "@remix-run/react";

import { DEFAULT_FIGURES, FIGURE_NAMES, FIGURES, viewSearch, type View } from "~/reports/query";

export function FigurePicker({ view }: { view: View }) {
  // Everything the view has but its figures, which the checkboxes send.
  const rest = [...new URLSearchParams(viewSearch({ ...view, figures: [...DEFAULT_FIGURES] }))];
  const chosen = view.figures.join(",");
  return (
    <details className="admin-tool">
      <summary>
        Cifras de las tablas <span className="admin-tool__count">({view.figures.length})</span>
      </summary>
      <Form method="get" className="admin-tool__body" preventScrollReset>
        <fieldset className="admin-figures">
          <legend>Cifras que muestran las tablas</legend>
          {FIGURE_NAMES.map((figure) => (
            <label key={`${figure}-${chosen}`} className="admin-figures__choice">
              <input
                type="checkbox"
                name="col"
                value={figure}
                defaultChecked={view.figures.includes(figure)}
              />
              {FIGURES[figure]}
            </label>
          ))}
        </fieldset>
        <p className="admin-tool__hint">
          Visitantes, solo por página; el sub-id no tiene vistas, CTR ni RPM. Sin ninguna marcada,
          las de siempre.
        </p>
        {rest.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <button className="button button--primary" type="submit">
          Mostrar estas cifras
        </button>
      </Form>
    </details>
  );
}
