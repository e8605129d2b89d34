/** The import's format, on the page: the columns, the header names understood, an example. */
import {
  COLUMN_LABELS,
  COLUMN_NAMES,
  REQUIRED_COLUMNS,
  type ImportColumn,
} from "~/conversions/import-columns";

const COLUMN_HINTS: Record<ImportColumn, string> = {
  click_id: "el id que el programa recibió con el clic",
  event: "registration, ftd, deposit o commission (o las palabras del programa)",
  amount: "con punto o coma decimal, hasta 2 decimales; obligatorio salvo en registration",
  currency: "código ISO 4217; EUR si falta",
  date: "AAAA-MM-DD, no posterior a hoy",
  txid: "el id de la transacción del programa, si lo da",
};

const EXAMPLE = `click_id;event;amount;currency;date;txid
Jx0cS8mYbq2LrV_w;registration;;;2026-11-02;
Jx0cS8mYbq2LrV_w;ftd;50,00;EUR;2026-11-03;dep-881
Jx0cS8mYbq2LrV_w;commission;12,50;EUR;2026-11-30;`;

export function ImportHelp() {
  return (
    <details className="admin-import__help">
      <summary>Formato del archivo</summary>
      <p>
        Una fila por conversión. La primera fila nombra las columnas, en cualquier orden; las
        columnas que no se reconocen se ignoran.
      </p>
      <ul>
        {(Object.keys(COLUMN_NAMES) as ImportColumn[]).map((column) => (
          <li key={column}>
            <strong>{COLUMN_LABELS[column]}</strong>
            {REQUIRED_COLUMNS.includes(column) ? " (obligatoria)" : ""}: {COLUMN_HINTS[column]}.
            Cabeceras: <code>{COLUMN_NAMES[column].join(", ")}</code>.
          </li>
        ))}
      </ul>
      <p>
        Importar el mismo archivo dos veces no añade nada: una fila sin txid se reconoce por su
        clic, evento, importe, moneda y fecha (y cuántas iguales la preceden en el archivo).
      </p>
      <p>Ejemplo (separado por «;», como lo exporta una hoja de cálculo en español):</p>
      <pre className="admin-import__example">
        <code>{EXAMPLE}</code>
      </pre>
    </details>
  );
}
