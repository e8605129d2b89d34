/**
 * Flags the clicks that passed the User-Agent test but are likely not a person's
 * (docs/click-flags.md). A flagged click is stored, never dropped, under its flag's kind
 * in `is_bot` (app/ledger/click-kinds.ts), and the reports leave it out of people's clicks
 * unless asked. Judged in this order, the first that applies:
 * 1. `data-centre`: the address is in a cloud provider's published ranges
 *    (./data-centres.server.ts). The address is compared and forgotten.
 * 2. `too-fast`: less than FAST_CLICK_MS after the same visitor's view of the click's page,
 *    as the view endpoint told this screen (`viewed`).
 * 3. `repeat`: the same visitor clicked the same link less than REPEAT_MS before.
 * What it remembers is in this process's memory only, bounded, and keyed by the daily
 * visitor key that the ledger keeps anyway: no address, no User-Agent. With several
 * instances each remembers its own requests, so a repeat or a view that reached another
 * instance is not seen (docs/click-flags.md says so).
 */
import { FLAGS, PERSON, type Flag } from "~/ledger/click-kinds";
import type { ClickRecord } from "~/ledger/schema";

import type { DataCentres } from "./data-centres.server";

/** Sooner than this after the page's view, no person has read what they click. */
export const FAST_CLICK_MS = 1_000;
/** A second click of one visitor on one link within this time is a repeat. */
export const REPEAT_MS = 60 * 60_000;
/** Clicks and views remembered at most (the oldest go first). */
const REMEMBERED = 100_000;

/**
 * A map of keys to times in insertion order, which is time order: a key seen again moves to
 * the end, the front is dropped once older than `keepMs` or past REMEMBERED entries.
 */
class Recent {
  private readonly times = new Map<string, number>();
  constructor(private readonly keepMs: number) {}

  /** The time `key` was last seen, if within keepMs of `now`. */
  get(key: string, now: number): number | undefined {
    const at = this.times.get(key);
    return at !== undefined && now - at < this.keepMs ? at : undefined;
  }

  set(key: string, at: number): void {
    this.times.delete(key);
    this.times.set(key, at);
    for (const [oldest, time] of this.times) {
      if (this.times.size <= REMEMBERED && at - time < this.keepMs) break;
      this.times.delete(oldest);
    }
  }

  get size(): number {
    return this.times.size;
  }
}

export type ClickScreen = {
  /** Remembers a person's view of `page` (the view endpoint), for the too-fast check. */
  viewed(visitor: string, page: string, at: number): void;
  /**
   * The kind a click that looked like a person's is stored as: PERSON or its first flag's.
   * Remembers the click for the repeat check. `address` is the client's, compared only.
   */
  judge(click: Pick<ClickRecord, "visitor" | "link_id" | "page" | "at">, address: string): number;
};

/** A screen that flags nothing (no CLICK_FLAGS, and the tests of other rules). */
export const NO_SCREEN: ClickScreen = { viewed: () => {}, judge: () => PERSON };

export function clickScreen(
  flags: readonly Flag[],
  dataCentres: Pick<DataCentres, "has">,
): ClickScreen {
  const on = new Set(flags);
  const views = new Recent(FAST_CLICK_MS);
  const clicks = new Recent(REPEAT_MS);
  return {
    viewed(visitor, page, at) {
      if (on.has("too-fast")) views.set(`${visitor}\u0000${page}`, at);
    },
    judge(click, address) {
      const clickKey = `${click.visitor}\u0000${click.link_id}`;
      const before = on.has("repeat") ? clicks.get(clickKey, click.at) : undefined;
      if (on.has("repeat")) clicks.set(clickKey, click.at);
      if (on.has("data-centre") && dataCentres.has(address, click.at)) return FLAGS["data-centre"];
      if (on.has("too-fast")) {
        const seen = views.get(`${click.visitor}\u0000${click.page}`, click.at);
        if (seen !== undefined && click.at >= seen) return FLAGS["too-fast"];
      }
      return before !== undefined ? FLAGS.repeat : PERSON;
    },
  };
}
