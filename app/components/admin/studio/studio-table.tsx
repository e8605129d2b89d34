/**
 * The studio's table (changes, the audit log, redirects, paths not found): one header row,
 * and sideways scrolling on a phone rather than a wider page.
 */
import type { ReactNode } from "react";

export function StudioTable({
  columns,
  children,
}: {
  /** The header cells, in order. */
  columns: readonly ReactNode[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="studio-table-scroll">
      <table className="studio-changes">
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The message beside a form field the server (or the page) refused, named by `id`. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  return message ? (
    <span className="studio-field__error" id={id}>
      {message}
    </span>
  ) : null;
}
