/**
 * Block 10: payment methods with deposit and withdrawal limits. A real table on wide
 * screens; on phones each row becomes a labelled card (CSS uses the data-label). A
 * deposit-only method has no withdrawal limits: one cell across those columns says so.
 */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ContentImage } from "~/components/ui/content-image";
import { FigureText } from "~/components/ui/figure-text";
import { SectionHeader } from "~/components/ui/section-header";

type Column = keyof BlockContent<10>["columns"];
const DEPOSIT_COLUMNS = ["min_deposit", "max_deposit"] as const satisfies readonly Column[];
const WITHDRAWAL_COLUMNS = [
  "min_withdrawal",
  "withdrawal_fees",
  "withdrawal_time",
] as const satisfies readonly Column[];
const VALUE_COLUMNS = [...DEPOSIT_COLUMNS, ...WITHDRAWAL_COLUMNS];

/**
 * A row as written in the block. The parser has put each payment method's facts in place
 * of a row that names it (`method`: app/content/record-pages.ts), so only these arrive.
 */
type Row = BlockContent<10>["rows"][number];
type WrittenRow = Row &
  Required<Pick<Row, "payment_system" | "mobile_payment" | "min_deposit" | "max_deposit">>;

export function DepositTable({ content }: { content: BlockContent<10> }) {
  const id = useId();
  const { columns } = content;
  return (
    // The scrollable table region below is the landmark, named by the heading; naming the
    // section too would announce two regions with the same name.
    <section data-block="DepositTable" className="section">
      <SectionHeader id={id} header={content.header} p={content.p} icon={content.icon} />
      <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
        <table className="data-table data-table--stacked">
          <thead>
            <tr>
              <th scope="col">{columns.payment_system}</th>
              <th scope="col">{columns.mobile_payment}</th>
              {VALUE_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {columns[column]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* Each value sits in one <span>: on phones the cell is a flex row of label
                and value, and the value must stay one item however it is split. */}
            {(content.rows as WrittenRow[]).map((row) => (
              <tr key={row.payment_system}>
                <th scope="row">
                  <span className="payment-method__inner">
                    {row.logo ? (
                      // The method's name follows as text, so the logo is decorative.
                      <ContentImage
                        className="payment-method__logo"
                        image={{ ...row.logo, alt: "" }}
                      />
                    ) : null}
                    <span>{row.payment_system}</span>
                  </span>
                </th>
                <td data-label={columns.mobile_payment}>
                  {row.mobile_payment ? content.yes_text : content.no_text}
                </td>
                {DEPOSIT_COLUMNS.map((column) => (
                  <td key={column} data-label={columns[column]}>
                    <span>
                      <FigureText text={row[column]} />
                    </span>
                  </td>
                ))}
                {row.min_withdrawal === undefined ? (
                  <td colSpan={WITHDRAWAL_COLUMNS.length} className="data-table__note">
                    {content.deposit_only_text}
                  </td>
                ) : (
                  WITHDRAWAL_COLUMNS.map((column) => (
                    <td key={column} data-label={columns[column]}>
                      <span>
                        <FigureText text={row[column] ?? ""} />
                      </span>
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
