/**
 * The headline figures of `npm run bench`: each part adds its lines here, and
 * scripts/bench.ts prints them together at the end of the run, so one run shows the
 * redirect, the page with its beacon and the postbacks beside their references.
 */
import { appendFileSync } from "node:fs";

/** Adds a line to the run's summary (only when run by scripts/bench.ts). */
export function summarize(line: string): void {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
