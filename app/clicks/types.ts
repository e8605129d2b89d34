/**
 * The click ledger's tables as Kysely sees them, and the database kinds it runs on
 * (types only: a leaf every ledger module may import).
 */
import type { Generated } from "kysely";

/** SQLite (the default, a file) or PostgreSQL (DATABASE_URL postgres://). */
export type Dialect = "sqlite" | "postgres";

export type ClicksTable = {
  id: Generated<number>;
  /** When the click happened, epoch milliseconds. */
  at: number;
  /** The day of the click (YYYY-MM-DD) in the reporting time zone. */
  day: string;
  /** Which link: a placement id from content, e.g. "home-main-block-1-button-1". */
  link_id: string;
  /** The configured destination the visitor was sent to (without their parameters). */
  destination: string;
  /** The site path the click came from (a label: sent by the link or the Referer). */
  page: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  gclid: string | null;
  fbclid: string | null;
  /** The affiliate sub-id (content's affiliate.subid_param). */
  subid: string | null;
  /** ISO 3166-1 alpha-2, from COUNTRY_HEADER when configured. */
  country: string | null;
  /** "mobile", "tablet", "desktop" or "other". */
  device: string;
  /** Browser family, e.g. "Chrome", "Safari"; "other" when unknown. */
  browser: string;
  /** 1 for bots, link previews, prefetches and HEAD requests; 0 for people. */
  is_bot: number;
  /** Daily visitor key: a hash of IP, User-Agent and a daily salt that is never stored. */
  visitor: string;
};

/** Clicks per day, dimension, value and bot flag (rollup.server.ts). */
export type ClickDailyTable = {
  day: string;
  /** A report dimension (dimensions.ts). */
  dimension: string;
  /** The dimension's value; "" when the click had none. */
  value: string;
  is_bot: number;
  clicks: number;
};

/** The distinct visitor keys of people, per day (unique visitors). */
export type VisitorDailyTable = { day: string; visitor: string };

export type Database = {
  clicks: ClicksTable;
  click_daily: ClickDailyTable;
  visitor_daily: VisitorDailyTable;
};

/** A click as recorded (everything but the generated id). */
export type ClickRecord = Omit<ClicksTable, "id">;
