/**
 * Unique visitors under filters, from the prints the day's combinations keep
 * (app/ledger/visitor-prints.ts): a day's visitors are the distinct prints of the rows the
 * filters select, and a period's the sum of its days' (a visitor key lasts one day).
 * A read that counts more facts than EXACT_UP_TO (a period's people's clicks, or views, under
 * the filters) counts the sample instead, one visitor in SAMPLE_RATE, so that it reads
 * about as many prints as the largest exact one: each sampled print then stands for
 * SAMPLE_RATE visitors, and the count carries its variance (binomial sampling), from
 * which the dashboard states its margin.
 */
import { PRINTS, SAMPLED_PRINTS } from "~/ledger/rollups/families";
import { addPrints, SAMPLE_RATE } from "~/ledger/visitor-prints";

/** The most facts a read counts every print of. */
export const EXACT_UP_TO = 250_000;

/** Which prints a read of `facts` facts counts, and how many visitors each stands for. */
export const printsFor = (facts: number) =>
  facts > EXACT_UP_TO
    ? ({ column: SAMPLED_PRINTS, rate: SAMPLE_RATE } as const)
    : ({ column: PRINTS, rate: 1 } as const);

/** A combination table's column of prints: every one, or the sample. */
export type PrintColumn = ReturnType<typeof printsFor>["column"];

/** Unique visitors, and the variance of the count (0 when every print was counted). */
export type Estimate = { count: number; variance: number };

/** The day's prints of some rows, concatenated (one `string_agg` per day, or per day and page). */
export type PrintRow = { day: string; visitors: string | null };

/** The estimate of `distinct` prints each standing for `rate` visitors. */
const estimateOf = (distinct: number, rate: number): Estimate => ({
  count: distinct * rate,
  // Each visitor is in the sample with probability 1/rate: Var = n (rate − 1), n ≈ count.
  variance: distinct * rate * (rate - 1),
});

/** The distinct prints per day of `rows`, however the rows split a day. */
export function visitorsPerDay(rows: readonly PrintRow[], rate = 1): Map<string, Estimate> {
  const prints = new Map<string, Set<string>>();
  for (const { day, visitors } of rows) {
    let set = prints.get(day);
    if (!set) prints.set(day, (set = new Set()));
    addPrints(set, visitors ?? "");
  }
  return new Map([...prints].map(([day, set]) => [day, estimateOf(set.size, rate)]));
}

/**
 * Per day, the unique visitors of a read of `facts` facts: from `sample` (the sample's
 * prints per day, which the read's counting scan brought, if it did) when the read counts
 * the sample, else from the prints `read` gets of the column to count.
 */
export async function visitorsOfRead(
  facts: number,
  read: (column: PrintColumn) => Promise<readonly PrintRow[]>,
  sample?: readonly PrintRow[],
): Promise<Map<string, Estimate>> {
  const { column, rate } = printsFor(facts);
  return visitorsPerDay(column === SAMPLED_PRINTS && sample ? sample : await read(column), rate);
}

/** Per page, the sum over days of its distinct prints (rows of one day and one page each). */
export function visitorsPerPage(
  rows: readonly (PrintRow & { page: string })[],
  rate = 1,
): Map<string, Estimate> {
  const pages = new Map<string, Estimate>();
  for (const { page, visitors } of rows) {
    const day = estimateOf(addPrints(new Set(), visitors ?? "").size, rate);
    const sum = pages.get(page) ?? { count: 0, variance: 0 };
    pages.set(page, { count: sum.count + day.count, variance: sum.variance + day.variance });
  }
  return pages;
}

/** The relative margin of error of a count at 95 % (0 when exact, or nothing counted). */
export const marginOf = ({ count, variance }: Estimate): number =>
  count === 0 ? 0 : (1.96 * Math.sqrt(variance)) / count;
