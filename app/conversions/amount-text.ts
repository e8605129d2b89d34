/**
 * An amount in integer cents written in Spanish ("1.234,50", "-3,00"), exactly: the cents
 * are never divided into a floating-point number. The currency is written beside it by
 * whoever shows it (amounts in different currencies are never summed).
 */
const units = new Intl.NumberFormat("es-ES", { useGrouping: true });

export function amountText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  const fraction = String(absolute % 100).padStart(2, "0");
  return `${sign}${units.format(Math.floor(absolute / 100))},${fraction}`;
}
