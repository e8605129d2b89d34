/**
 * The dimensions of the page views (migration 005), in the click reports' vocabulary
 * (app/clicks/dimensions.ts: the same names, labels and columns): a view has no link and
 * no sub-id, so views under a filter on either are not defined. A leaf module with no
 * server code, for the daily counts (rollup.server.ts) and the dashboard alike.
 */
import type { Dimension } from "~/clicks/dimensions";

/** The view dimensions, in the dashboard's order. */
export const VIEW_DIMENSION_NAMES = [
  "page",
  "campaign",
  "source",
  "referrer",
  "country",
  "device",
] as const satisfies readonly Dimension[];

export type ViewDimension = (typeof VIEW_DIMENSION_NAMES)[number];

/** view_daily's dimension of the whole site's views and unique visitors (value ""). */
export const VIEW_TOTAL = "total";
