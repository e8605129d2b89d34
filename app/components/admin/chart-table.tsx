/**
 * The day chart's figures as a table, for screen readers and for copying: each day with its
 * figures, then its day in the previous period with that day's (chart-frame.tsx). It opens
 * under the chart and scrolls sideways inside its card on a phone.
 */
import type { Dashboard, DayFigures } from "~/reports/dashboard.server";

import { shortDay } from "./format";

export function ChartTable({
  days,
  title,
  columns,
  cells,
}: {
  days: Dashboard["days"];
  /** The chart's name, the scrolling box's too. */
  title: string;
  /** The figure columns, each once for the period and once for the one before. */
  columns: string[];
  cells: (figures: DayFigures) => string[];
}) {
  return (
    <details className="admin-chart__data">
      <summary>Ver los datos del gráfico</summary>
      <div className="admin-chart__table" tabIndex={0} role="group" aria-label={title}>
        <table>
          <thead>
            <tr>
              <th scope="col">Día</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {column}
                </th>
              ))}
              <th scope="col">Día del periodo anterior</th>
              {columns.map((column) => (
                <th scope="col" key={`previous ${column}`}>
                  {column}, periodo anterior
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                {cells(day).map((cell, index) => (
                  <td key={columns[index]}>{cell}</td>
                ))}
                <td>{shortDay(day.previous.day)}</td>
                {cells(day.previous).map((cell, index) => (
                  <td key={columns[index]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
