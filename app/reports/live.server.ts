/**
 * What is happening now (the dashboard's Ahora block): the last 30 minutes' visitors on the
 * site (distinct daily visitor keys among page views), people's clicks, postbacks received,
 * and the latest events (people's clicks and postbacks' conversions), read from the ledger's
 * tables themselves, so every instance sees what every other one wrote.
 *
 * Cheap by construction: each query is bounded by a range of the `at` index of its table
 * (clicks_at, views_at, conversions_at: migrations 001, 003 and 005) over the window only,
 * never a scan of the ledger, and the answer is kept for CACHE_MS per instance, so any
 * number of open dashboards costs one set of queries per period. On a busy site the window
 * holds many rows (measured: 100,000 clicks and 500,000 views in 30 minutes, a 2-second
 * read on SQLite: scripts/measure-live.ts), so an answer is kept at least READ_SHARE times
 * as long as it took to read: the block then costs at most a fifth of one reader's time,
 * and shows a busy minute a few seconds later. The window ends at the
 * instance's clock: a time in the future (the seed writes some) is not "now".
 */
import type { Kysely } from "kysely";

import type { ConversionEvent, Database } from "~/ledger/schema";

/** How far back "now" looks. */
export const WINDOW_MINUTES = 30;
const WINDOW_MS = WINDOW_MINUTES * 60_000;
/** How long an instance keeps its answer (the dashboard asks every 5 s: app/components/admin/live-now.tsx). */
export const CACHE_MS = 3_000;
/** An answer is kept at least this many times as long as its read took. */
export const READ_SHARE = 5;
/** How many events the block lists. */
export const LATEST_EVENTS = 10;

/** One event of the window, newest first in `Activity.events`. */
export type LiveEvent =
  | { kind: "click"; at: number; link: string; page: string }
  | {
      kind: ConversionEvent;
      at: number;
      /** The page and link of its click ("" for a conversion without a click). */
      page: string;
      link: string;
      amountCents: number;
      currency: string;
    };

/** The last WINDOW_MINUTES minutes, as of `now` (epoch ms, the instance's clock). */
export type Activity = {
  now: number;
  since: number;
  /** Distinct daily visitor keys among the window's page views (views are people's only). */
  visitors: number;
  /** People's clicks (bots never count). */
  clicks: number;
  /** Conversions received by postback (a CSV import is not "now"). */
  postbacks: number;
  events: LiveEvent[];
};

/** The window's queries, each a range of its table's `at` index (the test reads their plans). */
export function liveQueries(db: Kysely<Database>, since: number, until: number) {
  const clicks = () =>
    db
      .selectFrom("clicks")
      .where("at", ">=", since)
      .where("at", "<=", until)
      .where("is_bot", "=", 0);
  const postbacks = () =>
    db
      .selectFrom("conversions")
      .where("at", ">=", since)
      .where("at", "<=", until)
      .where("origin", "=", "postback");
  return {
    visitors: db
      .selectFrom("views")
      .where("at", ">=", since)
      .where("at", "<=", until)
      .select((eb) => eb.fn.count<number | string>("visitor").distinct().as("n")),
    clicks: clicks().select((eb) => eb.fn.countAll<number | string>().as("n")),
    postbacks: postbacks().select((eb) => eb.fn.countAll<number | string>().as("n")),
    latestClicks: clicks()
      .select(["at", "link_id", "page"])
      .orderBy("at", "desc")
      .limit(LATEST_EVENTS),
    latestPostbacks: postbacks()
      .select(["at", "event", "link_id", "page", "amount_cents", "currency"])
      .orderBy("at", "desc")
      .limit(LATEST_EVENTS),
  };
}

async function readActivity(db: Kysely<Database>, now: number): Promise<Activity> {
  const since = now - WINDOW_MS;
  const queries = liveQueries(db, since, now);
  const [visitors, clicks, postbacks, latestClicks, latestPostbacks] = await Promise.all([
    queries.visitors.executeTakeFirstOrThrow(),
    queries.clicks.executeTakeFirstOrThrow(),
    queries.postbacks.executeTakeFirstOrThrow(),
    queries.latestClicks.execute(),
    queries.latestPostbacks.execute(),
  ]);
  const events: LiveEvent[] = [
    ...latestClicks.map((row) => ({
      kind: "click" as const,
      at: Number(row.at),
      link: row.link_id,
      page: row.page,
    })),
    ...latestPostbacks.map((row) => ({
      kind: row.event,
      at: Number(row.at),
      link: row.link_id,
      page: row.page,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
    })),
  ];
  events.sort((a, b) => b.at - a.at);
  return {
    now,
    since,
    visitors: Number(visitors.n),
    clicks: Number(clicks.n),
    postbacks: Number(postbacks.n),
    events: events.slice(0, LATEST_EVENTS),
  };
}

/**
 * The Ahora reads through `db` (the ledger's reader), with this instance's cache: callers
 * within CACHE_MS of a read (or READ_SHARE times its duration, when longer) share its
 * answer (one in flight is shared too); a failed read is not kept, so the next caller
 * tries again.
 */
export function liveReports(
  db: Kysely<Database>,
  { clock = Date.now, cacheMs = CACHE_MS }: { clock?: () => number; cacheMs?: number } = {},
) {
  let kept: { at: number; answer: Promise<Activity>; keepMs: number } | null = null;
  return {
    /** The last WINDOW_MINUTES minutes, at most `cacheMs` old (or READ_SHARE reads). */
    activity(): Promise<Activity> {
      const now = clock();
      if (kept && now - kept.at < kept.keepMs) return kept.answer;
      const answer = readActivity(db, now);
      const entry = { at: now, answer, keepMs: cacheMs };
      kept = entry;
      answer.then(
        () => {
          entry.keepMs = Math.max(cacheMs, READ_SHARE * (clock() - now));
        },
        () => {
          if (kept === entry) kept = null;
        },
      );
      return answer;
    },
  };
}

export type LiveReports = ReturnType<typeof liveReports>;

/** What /admin/ahora.json answers: the activity, each event's link named in words. */
export type LiveAnswer = Omit<Activity, "events"> & {
  events: (LiveEvent & { label: string | null })[];
};

/** The activity with each event's link in words (`labelOf`: content's label, if any). */
export function labelled(
  activity: Activity,
  labelOf: (link: string) => string | undefined,
): LiveAnswer {
  return {
    ...activity,
    events: activity.events.map((event) => ({ ...event, label: labelOf(event.link) ?? null })),
  };
}
