/**
 * The report dimensions a page view has: every click dimension but the link, its offer and
 * the sub-id, which only a click knows (a view has no link). The views table's columns are the
 * clicks' (migration 005), so DIMENSIONS names them for both. A leaf module, so the
 * dashboard's components may import it.
 */
import { DIMENSION_NAMES, DIMENSIONS, type Dimension, type Filters } from "./dimensions";

/** Dimensions only a click has. */
const CLICK_ONLY = ["link", "offer", "subid"] as const;

/** The dimensions whose values a view has; views under the others are not defined. */
export const VIEW_DIMENSIONS = DIMENSION_NAMES.filter(
  (dimension) => !(CLICK_ONLY as readonly Dimension[]).includes(dimension),
) as Exclude<Dimension, (typeof CLICK_ONLY)[number]>[];

export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];

export const hasViews = (dimension: Dimension): dimension is ViewDimension =>
  (VIEW_DIMENSIONS as Dimension[]).includes(dimension);

/** The views table's column of a view dimension. */
export const viewColumn = (dimension: ViewDimension) => DIMENSIONS[dimension].column;

/** Whether views can be counted under `filters`: not under a link, an offer or a sub-id. */
export const viewsDefinedUnder = (filters: Filters) =>
  CLICK_ONLY.every((dimension) => filters[dimension] === undefined);

/** view_daily's dimension of the whole site's views and unique visitors (value ""). */
export const VIEW_TOTAL = "total";
