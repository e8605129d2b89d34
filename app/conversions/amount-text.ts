/**
 * Amounts in integer cents written out exactly: the cents are never divided into a
 * floating-point number. In Spanish for people ("1.234,50", "-3,00"), or as a decimal with
 * a point for files (`decimalText`: "-12.50"). The currency is written beside it by
 * whoever shows it (amounts in different currencies are never summed).
 */
const units = new Intl.NumberFormat("es-ES", { useGrouping: true });

/** The sign, the whole units and the two-digit cents of an amount. */
function parts(cents: number): { sign: string; whole: number; fraction: string } {
  const absolute = Math.abs(cents);
  return {
    sign: cents < 0 ? "-" : "",
    whole: Math.floor(absolute / 100),
    fraction: String(absolute % 100).padStart(2, "0"),
  };
}

export function amountText(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}${units.format(whole)},${fraction}`;
}

/** Cents as a decimal with a point ("-12.50"), exact for any whole number of cents. */
export function decimalText(cents: number): string {
  const { sign, whole, fraction } = parts(cents);
  return `${sign}${whole}.${fraction}`;
}
