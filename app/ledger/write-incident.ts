/**
 * One storage incident of a writer (the click and view queues, the conversions): the first
 * failed write opens it with one log line saying what failed in the operator's words
 * ("disco lleno", "la base de datos no responde"…, unavailable.ts), the failures after it are
 * counted, not logged, and the first write that succeeds closes it with one line. It also
 * keeps the back-off of the retries: 1 s, 2 s, 4 s … up to 30 s.
 */
import { describeStorageError } from "./unavailable";

/** The first retry's delay after a failed write; each failure after it doubles it… */
export const RETRY_FIRST_MS = 1_000;
/** …up to this. */
export const RETRY_MAX_MS = 30_000;

export type Backoff = { firstMs: number; maxMs: number };

export class WriteIncident {
  private since: number | null = null;
  private failures = 0;

  constructor(
    private readonly tag: string,
    private readonly log: (message: string) => void,
    private readonly backoff: Backoff = { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS },
  ) {}

  /** The retries' schedule, for a log line: "retried after 1 s, doubling up to 30 s". */
  get schedule(): string {
    const { firstMs, maxMs } = this.backoff;
    return `retried after ${seconds(firstMs)}, doubling up to ${seconds(maxMs)}`;
  }

  /** True between a failed write and the next one that succeeds. */
  get active(): boolean {
    return this.since !== null;
  }

  /**
   * Notes a failed write of `what` ("500 clicks"); logs it when it opens the incident, with
   * `then`, what happens meanwhile. Returns how long to wait before the next try.
   */
  failed(error: unknown, what: string, then: string): number {
    this.failures++;
    if (this.since === null) {
      this.since = Date.now();
      this.log(
        `[${this.tag}] cannot write ${what}: ${describeStorageError(error)}; ${then} (one more line when writes resume)`,
      );
    }
    const { firstMs, maxMs } = this.backoff;
    return Math.min(firstMs * 2 ** Math.min(this.failures - 1, 30), maxMs);
  }

  /** Notes a write that succeeded; logs the end of the incident, with `more` appended. */
  succeeded(more = ""): void {
    if (this.since === null) return;
    const lasted = seconds(Date.now() - this.since);
    this.log(
      `[${this.tag}] writing again after ${lasted} and ${this.failures} failed ${this.failures === 1 ? "attempt" : "attempts"}${more}`,
    );
    this.since = null;
    this.failures = 0;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
