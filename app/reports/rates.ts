/**
 * The derived figures the marketer compares: CTR, EPC, RPM and conversion rates. The
 * dashboard, its KPI cards and the experiments' reports all compute them here, so a rate
 * means the same on every screen. Amounts are EUR cents. Pure: the KPI cards import it too.
 */

/** `part ÷ whole`; null when there is no whole (zero or not counted). */
export const ratio = (part: number, whole: number | null): number | null =>
  whole ? part / whole : null;

/** People's clicks per view. */
export const ctrOf = (clicks: number, views: number | null): number | null => ratio(clicks, views);

/** Commission (cents) per click by a person. */
export const epcOf = (commission: number, clicks: number): number | null =>
  ratio(commission, clicks);

/** Commission (cents) per 1,000 views. */
export const rpmOf = (commission: number, views: number | null): number | null =>
  ratio(commission * 1_000, views);
