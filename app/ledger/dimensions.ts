/**
 * The dimensions of the click reports: what a view ranks clicks by and filters them by.
 * The one list the report queries, the daily counts, the dashboard and its exports read;
 * adding a dimension here adds it everywhere (a migration adds its index and backfill).
 * A leaf module with no server code, so the dashboard's components can import it.
 */

/** Each dimension: the ledger column it reads and its name on the dashboard (Spanish). */
export const DIMENSIONS = {
  link: { column: "link_id", label: "Enlace" },
  offer: { column: "offer", label: "Oferta" },
  page: { column: "page", label: "Página" },
  campaign: { column: "utm_campaign", label: "Campaña" },
  source: { column: "utm_source", label: "Fuente" },
  referrer: { column: "referrer", label: "Referente" },
  subid: { column: "subid", label: "Sub-id" },
  country: { column: "country", label: "País" },
  device: { column: "device", label: "Dispositivo" },
} as const;

export type Dimension = keyof typeof DIMENSIONS;

/** The dimensions in the dashboard's order. */
export const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

/** A value to keep per dimension: the filters of a view compose. */
export type Filters = Partial<Record<Dimension, string>>;

/** The filters that are set, as [dimension, value]: what every report filters by. */
export const setFilters = (filters: Filters) =>
  (Object.entries(filters) as [Dimension, string | undefined][]).filter(
    (entry): entry is [Dimension, string] => entry[1] !== undefined,
  );

/** Inclusive range of days, YYYY-MM-DD. */
export type DayRange = { from: string; to: string };
