/** Block 3: a table of facts with numbered rows. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { FigureText } from "~/components/ui/figure-text";
import { SectionHeader } from "~/components/ui/section-header";

export function DynamicTable({ content }: { content: BlockContent<3> }) {
  const id = useId();
  return (
    // The scrollable table region below is the landmark, named by the heading; naming the
    // section too would announce two regions with the same name.
    <section data-block="DynamicTable" className="section">
      <SectionHeader id={id} header={content.header} icon={content.icon} />
      <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="data-table data-table--numbered">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">N.º</span>
              </th>
              {content.table.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {content.table.rows.map((row) => (
              <tr key={row.number}>
                <td className="data-table__number">{row.number}</td>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      <FigureText text={cell} />
                    </th>
                  ) : (
                    <td key={index}>
                      <FigureText text={cell} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
