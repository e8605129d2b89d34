/**
 * A visitor's print: the first six characters of the daily visitor key (base64url, so 36
 * bits). The day's combinations keep the prints of the visitors each row counts (column
 * `visitors`, migration 013), concatenated, so the unique visitors of a day under any
 * filters are the distinct prints of the rows the filters select. Two visitors share a
 * print about once in 2^36 pairs: for n visitors in a day the count falls short by
 * n(n−1)/2^37 on average, 0.0007 % of a million visitors. Each row also keeps a sample of
 * them (`sampled`): the prints whose first character is one of SAMPLE_FIRST, one in
 * SAMPLE_RATE of the visitors, for the reads too large to count every print (the reports
 * say which, and the error: app/reports/visitors.ts). Like the keys, a print cannot be tied
 * to an address: the day's salt is never stored (decision 017).
 */

/** Characters of the key a print keeps. */
export const PRINT_LENGTH = 6;

/** Pads a key shorter than a print (none the server makes) so that prints keep their width. */
export const PRINT_PAD = "=".repeat(PRINT_LENGTH);

/** The first characters of the sampled prints: 4 of base64url's 64, one visitor in 16. */
export const SAMPLE_FIRST = ["A", "B", "C", "D"] as const;
export const SAMPLE_RATE = 64 / SAMPLE_FIRST.length;

/** The print of a daily visitor key: `substr(visitor || PRINT_PAD, 1, PRINT_LENGTH)` in SQL. */
export const printOf = (visitor: string): string => (visitor + PRINT_PAD).slice(0, PRINT_LENGTH);

const sampledFirst = new Set<string>(SAMPLE_FIRST);

/** Whether a print is in the sample. */
export const isSampled = (print: string): boolean => sampledFirst.has(print[0]!);

/** Adds every print of a concatenation (a row's `visitors`, or several joined) to `prints`. */
export function addPrints(prints: Set<string>, concatenated: string): Set<string> {
  for (let at = 0; at + PRINT_LENGTH <= concatenated.length; at += PRINT_LENGTH) {
    prints.add(concatenated.slice(at, at + PRINT_LENGTH));
  }
  return prints;
}
