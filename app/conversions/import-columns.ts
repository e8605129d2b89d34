/**
 * The columns of the conversions CSV import and the header names each may have: one
 * vocabulary for the reader (csv-import.server.ts), the page's help and the docs.
 */
export type ImportColumn = "click_id" | "event" | "amount" | "currency" | "date" | "txid";

/**
 * The header names each column may have, compared in lower case, without accents and with
 * spaces and hyphens as "_": the English names and the Spanish ones ("Id de clic",
 * "Evento", "Importe", "Moneda", "Fecha", "Transacción"…). The program's own parameter
 * names from content (site.affiliate.postback.params) are understood too.
 */
export const COLUMN_NAMES: Readonly<Record<ImportColumn, readonly string[]>> = {
  click_id: ["click_id", "clickid", "id_clic", "id_de_clic", "clic"],
  event: ["event", "evento"],
  amount: ["amount", "importe", "cantidad"],
  currency: ["currency", "moneda", "divisa"],
  date: ["date", "fecha", "dia"],
  txid: ["txid", "transaction_id", "id_transaccion", "id_de_transaccion", "transaccion"],
};

/** How the page names a column (messages, table headings). */
export const COLUMN_LABELS: Readonly<Record<ImportColumn, string>> = {
  click_id: "id de clic",
  event: "evento",
  amount: "importe",
  currency: "moneda",
  date: "fecha",
  txid: "txid",
};

/** Columns a file must have; amount (required by ftd, deposit and commission rows), currency (default EUR) and txid may be absent. */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ["click_id", "event", "date"];
