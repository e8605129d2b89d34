/**
 * A visitor's print: the first six characters of the daily visitor key (base64url, so 36
 * bits). The day's combinations keep the prints of the visitors each row counts (column
 * `visitors`, migration 013), concatenated, so the unique visitors of a day under any
 * filters are the distinct prints of the rows the filters select. Two visitors share a
 * print about once in 2^36 pairs: for n visitors in a day the count falls short by
 * n(n−1)/2^37 on average, 0.0007 % of a million visitors. Like the keys, a print cannot
 * be tied to an address: the day's salt is never stored (decision 017).
 */

/** Characters of the key a print keeps. */
export const PRINT_LENGTH = 6;

/** Pads a key shorter than a print (none the server makes) so that prints keep their width. */
export const PRINT_PAD = "=".repeat(PRINT_LENGTH);

/** The print of a daily visitor key: `substr(visitor || PRINT_PAD, 1, PRINT_LENGTH)` in SQL. */
export const printOf = (visitor: string): string => (visitor + PRINT_PAD).slice(0, PRINT_LENGTH);

/** Adds every print of a concatenation (a row's `visitors`, or several joined) to `prints`. */
export function addPrints(prints: Set<string>, concatenated: string): Set<string> {
  for (let at = 0; at + PRINT_LENGTH <= concatenated.length; at += PRINT_LENGTH) {
    prints.add(concatenated.slice(at, at + PRINT_LENGTH));
  }
  return prints;
}
