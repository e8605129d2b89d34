/**
 * The values the ledger stores as codes, in the Spanish the dashboard writes them: a
 * device class (`mobile` → «móvil»), and «otro» for a browser it did not recognise. The
 * ledger, the filters' URLs and the CSV exports keep the codes (docs/dashboard.md); a
 * browser's family is a name (Chrome, Safari) and stays as it is. A leaf module: the
 * dashboard's components import it.
 */
import type { Dimension } from "~/ledger/dimensions";

/** The device classes of a click or a view (click-record.server.ts `agentOf`). */
export const DEVICE_NAMES: Readonly<Record<string, string>> = {
  mobile: "móvil",
  tablet: "tableta",
  desktop: "ordenador",
  other: "otro",
};

/** The browser families that are words, not names. */
export const BROWSER_NAMES: Readonly<Record<string, string>> = { other: "otro" };

const NAMES: Partial<Record<Dimension | "browser", Readonly<Record<string, string>>>> = {
  device: DEVICE_NAMES,
  browser: BROWSER_NAMES,
};

/** A dimension's stored value as the dashboard shows it: in Spanish, or as it is. */
export function valueName(dimension: Dimension | "browser", value: string): string {
  return NAMES[dimension]?.[value] ?? value;
}
