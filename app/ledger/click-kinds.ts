/**
 * What a click's `is_bot` column holds (docs/click-flags.md). Migration 001 made it 0 or 1;
 * the flags of clicks that passed the User-Agent test but are likely not a person's use
 * the values after, so every count kept apart by it (the daily tables' key) keeps each
 * flag apart with no new column, and every report that counts people (`is_bot = 0`)
 * leaves flagged clicks out unless asked to include them.
 */
/** A person's click. */
export const PERSON = 0;
/** A crawler's User-Agent, no User-Agent, a prefetch or preview, or a HEAD request. */
export const BOT = 1;

/**
 * The flags of a click that looked like a person's, in the order they are judged (a click
 * is stored under the first that applies):
 * - `data-centre`: its address is in a cloud provider's published ranges;
 * - `too-fast`: it came sooner after the visitor's view of its page than a person clicks;
 * - `repeat`: the same visitor clicked the same link less than an hour before.
 */
export const FLAGS = { "data-centre": 2, "too-fast": 3, repeat: 4 } as const;
export type Flag = keyof typeof FLAGS;
export const FLAG_NAMES = Object.keys(FLAGS) as Flag[];
