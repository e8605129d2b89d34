/**
 * Where the day chart puts its ticks: round values on the y-axis (steps of 1, 2 or 5 × 10^n,
 * never below one unit: a click, a cent) and as many dates as the width has room for.
 * Pure functions, no React, so a unit test reaches them.
 */

/**
 * Round ticks from 0 up to the first tick at or above `max`, about `count` steps: each step
 * is 1, 2 or 5 × 10^n units, and at least one unit (no half click).
 */
export function roundTicks(max: number, count = 5): number[] {
  const top = Math.max(1, max);
  const raw = top / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((s) => s >= raw)!,
  );
  const ticks = [0];
  // Multiply, never add: a sum of steps drifts (0.1 + 0.2) where a product stays round.
  for (let index = 1; ticks[ticks.length - 1]! < top; index++) ticks.push(index * step);
  return ticks;
}

/** Day steps a date axis may take: every day, every other day, weekly, then by weeks. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182];

/**
 * The indices of the days (of `count`) that get a date label on an axis `width` units wide
 * whose labels need `room` units each: the first day, then every step that fits.
 */
export function dateTicks(count: number, width: number, room: number): number[] {
  const fits = Math.max(1, Math.floor(width / room));
  const step = DAY_STEPS.find((days) => Math.ceil(count / days) <= fits) ?? DAY_STEPS.at(-1)!;
  return Array.from({ length: Math.ceil(count / step) }, (_, index) => index * step);
}
