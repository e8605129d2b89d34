/**
 * How the dashboard writes its figures, in Spanish (es-ES): numbers, shares, amounts, days,
 * and the change of a figure against the previous period. Pure functions, no React.
 */
import type { Totals } from "~/reports/clicks.server";

const numberFormat = new Intl.NumberFormat("es-ES");
const percentFormat = new Intl.NumberFormat("es-ES", {
  style: "percent",
  maximumFractionDigits: 1,
});
const shortDayFormat = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDayFormat = new Intl.DateTimeFormat("es-ES", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in cents as Spanish write it: "1.234,50 €" for euros, "120,00 USD" for any
 * other currency (its code, so a dollar is never mistaken for a peso). Thousands are
 * always grouped: es-ES alone would write "1234,50 €" but "12.345,00 €".
 */
export function formatMoney(cents: number, currency = "EUR"): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("es-ES", {
      style: "currency",
      currency,
      currencyDisplay: currency === "EUR" ? "symbol" : "code",
      useGrouping: "always",
      // ES2023's "always" (Node 20 has it; this TypeScript lib knows only booleans).
    } as unknown as Intl.NumberFormatOptions);
    moneyFormats.set(currency, format);
  }
  // A negative amount with the minus sign, not the hyphen.
  return format.format(cents / 100).replace("-", "−");
}

/**
 * The amounts in other currencies than the euro, apart ("120,00 USD · 5,00 GBP"), or ""
 * when there are none: they are never summed with euros.
 */
export function otherCurrencies(money: Readonly<Record<string, number>>): string {
  return Object.entries(money)
    .filter(([currency, cents]) => currency !== "EUR" && cents !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, cents]) => formatMoney(cents, currency))
    .join(" · ");
}

/** A day (YYYY-MM-DD) as a date at its midnight in UTC, so formatting never shifts it. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "12.345" */
export const formatNumber = (value: number) => numberFormat.format(value);

/** A share of 1 as a percentage: "12,5 %". */
export const formatPercent = (share: number) => percentFormat.format(share);

/** "3 nov" */
export const shortDay = (day: string) => shortDayFormat.format(dayDate(day));

/** "lun, 3 de noviembre de 2026" */
export const longDay = (day: string) => longDayFormat.format(dayDate(day));

export type Change = { text: string; trend: "up" | "down" | "flat" };

/** "+12 %", "−5 %", "nuevo" or "=" against the previous period. */
export function change(current: number, previous: number): Change {
  if (previous === 0)
    return current === 0 ? { text: "=", trend: "flat" } : { text: "nuevo", trend: "up" };
  const ratio = (current - previous) / previous;
  if (Math.abs(ratio) < 0.0005) return { text: "=", trend: "flat" };
  const text = percentFormat.format(Math.abs(ratio));
  return ratio > 0 ? { text: `+${text}`, trend: "up" } : { text: `−${text}`, trend: "down" };
}

/** A change of a share, in percentage points ("+0,4 pp"). */
export function pointsChange(current: number, previous: number): Change {
  const points = (current - previous) * 100;
  if (Math.abs(points) < 0.05) return { text: "=", trend: "flat" };
  const text = `${numberFormat.format(Math.round(Math.abs(points) * 10) / 10)} pp`;
  return points > 0 ? { text: `+${text}`, trend: "up" } : { text: `−${text}`, trend: "down" };
}

/** The share of clicks that came from bots (0 when there were none). */
export function botShare({ humans, bots }: Pick<Totals, "humans" | "bots">): number {
  return humans + bots > 0 ? bots / (humans + bots) : 0;
}

/** An instant as the dashboard writes it ("27 nov 2026, 18:42"), in the report's time zone. */
export function when(at: number, timeZone: string): string {
  if (!at) return "—";
  return new Intl.DateTimeFormat("es-ES", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(at);
}
