/**
 * The report dimensions a page view has: every click dimension but the link and the
 * sub-id, which only a click knows (a view has no link). The views table's columns are the
 * clicks' (migration 005), so DIMENSIONS names them for both. A leaf module, so the
 * dashboard's components may import it.
 */
import { DIMENSION_NAMES, DIMENSIONS, type Dimension, type Filters } from "./dimensions";

/** The dimensions whose values a view has; views under the others are not defined. */
export const VIEW_DIMENSIONS = DIMENSION_NAMES.filter(
  (dimension) => dimension !== "link" && dimension !== "subid",
) as Exclude<Dimension, "link" | "subid">[];

export type ViewDimension = (typeof VIEW_DIMENSIONS)[number];

export const hasViews = (dimension: Dimension): dimension is ViewDimension =>
  (VIEW_DIMENSIONS as Dimension[]).includes(dimension);

/** The views table's column of a view dimension. */
export const viewColumn = (dimension: ViewDimension) => DIMENSIONS[dimension].column;

/** Whether views can be counted under `filters`: not under a link or a sub-id. */
export const viewsDefinedUnder = (filters: Filters) =>
  filters.link === undefined && filters.subid === undefined;

/** view_daily's dimension of the whole site's views and unique visitors (value ""). */
export const VIEW_TOTAL = "total";
