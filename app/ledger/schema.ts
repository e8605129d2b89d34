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
  /**
   * The external host the visit came from, when it had no utm_source (sent by the browser
   * with the click as `ref`; migration 005). Null otherwise and for earlier clicks.
   */
  referrer: string | null;
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
  /**
   * The click's id (click-id.ts): its time, then 54 random bits, sent to the affiliate program, which
   * sends it back in its postbacks. Null for clicks recorded before ids existed.
   */
  click_id: string | null;
  /**
   * The experiments' assignment (migration 006): "name=variant" joined by "&" in name
   * order, e.g. "home-h1=B". Null when no experiment applied to its page or its link (destination split), and before migration 006.
   */
  variants: string | null;
  /**
   * The offer its link promoted at the time of the click (the content's `offer` of its block
   * or card; migration 019), whether it was valid or the link led to its fallback; null for a
   * link of no offer, and for clicks recorded before migration 019.
   */
  offer: string | null;
  /**
   * 1 when the link's destination was broken and the click went to the link's fallback
   * (app/link-health, migration 020); 0 otherwise and before. Optional for the writers of
   * tests and of the seed, which predate it; a click's record always has it, so a batch
   * never mixes rows with and without it.
   */
  fallback?: number;
};

/** Clicks per day, dimension, value and bot flag (rollups/rollup.server.ts). */
export type ClickDailyTable = {
  day: string;
  /** A report dimension (dimensions.ts). */
  dimension: string;
  /** The dimension's value; "" when the click had none. */
  value: string;
  is_bot: number;
  clicks: number;
};

/**
 * Clicks per day under one filter (migration 004): click_daily's counts of `dimension`
 * among the clicks whose `filter_dimension` is `filter_value`. No sub-ids on either side.
 */
export type ClickFilterDailyTable = {
  day: string;
  filter_dimension: string;
  filter_value: string;
  dimension: string;
  value: string;
  is_bot: number;
  clicks: number;
};

/**
 * Clicks per day, people/bots and combination of eight dimensions' values (migrations 009
 * and 019; "" when missing): what a referrer filter, two filters or more and the referrer ranking
 * under a filter read. No sub-id (one per click at worst).
 */
export type ClickCombinationDailyTable = {
  day: string;
  link_id: string;
  page: string;
  utm_campaign: string;
  utm_source: string;
  referrer: string;
  country: string;
  device: string;
  offer: string;
  is_bot: number;
  clicks: number;
  /** The prints of the people counted (app/ledger/visitor-prints.ts), concatenated. */
  visitors: string;
  /** The sampled ones among them (one visitor in 16). */
  sampled: string;
};

/**
 * The combinations without the offer (migrations 009 and 013), which the release before
 * migration 019 wrote: kept on PostgreSQL by 019 for the rolling deploy, dropped by 020.
 * Only the migrations' tests name it.
 */
export type LegacyClickCombinationDailyTable = Omit<ClickCombinationDailyTable, "offer">;

/** The distinct visitor keys of people, per day (unique visitors). */
export type VisitorDailyTable = { day: string; visitor: string };

/** What an affiliate program reports about a referred player (app/conversions). */
export type ConversionEvent = "registration" | "ftd" | "deposit" | "commission";

/** Where a conversion came from: a program's postback or the marketer's CSV import. */
export type ConversionOrigin = "postback" | "import";

export type ConversionsTable = {
  id: Generated<number>;
  /** When the event happened (received, or the CSV's date at noon UTC), epoch ms. */
  at: number;
  /** Its day (YYYY-MM-DD) in the reporting time zone. */
  day: string;
  event: ConversionEvent;
  /** The amount in cents (minor units × 100 of a decimal amount); 0 for a registration. */
  amount_cents: number;
  /** ISO 4217, e.g. "EUR". */
  currency: string;
  /** The program's transaction id, when it sent one. */
  txid: string | null;
  /** What makes a conversion unique (conversions/dedup.ts): a retry finds it taken. */
  dedup_key: string;
  /** The click id the program sent back. */
  click_id: string;
  /** 1 when no click has that id (kept, counted and listed, attributed to nothing). */
  orphan: number;
  origin: ConversionOrigin;
  /** When the click happened (null for an orphan). */
  click_at: number | null;
  /** The attribution, copied from the click ("" for an orphan): see click_daily. */
  link_id: string;
  page: string;
  utm_source: string | null;
  utm_campaign: string | null;
  referrer: string | null;
  subid: string | null;
  country: string | null;
  device: string;
  /**
   * The click's experiment assignment (see clicks.variants); null for an orphan. Optional
   * for writers that predate migration 006 (the column is nullable).
   */
  variants?: string | null;
  /** The offer of its click (see clicks.offer); null for an orphan and before migration 019. */
  offer?: string | null;
  /**
   * 1 once the conversion is in the daily counts, 0 from its own commit until then (it is
   * counted by a later transaction: rollups/rollup.server.ts, countWaiting). Writers that
   * count their rows in the same transaction leave it out: the default is 1.
   */
  counted?: number;
};

/** Conversions and amounts per day, dimension, value, event and currency. */
export type ConversionDailyTable = {
  day: string;
  dimension: string;
  value: string;
  event: ConversionEvent;
  currency: string;
  conversions: number;
  amount_cents: number;
};

/** conversion_daily's figures under each one-dimension filter (migration 010; no sub-ids). */
export type ConversionFilterDailyTable = ConversionDailyTable & {
  filter_dimension: string;
  filter_value: string;
};

/** What every postback got (bounded: the latest POSTBACK_LOG_ROWS rows). */
export type PostbackOutcome = "accepted" | "duplicate" | "orphan" | "rejected" | "test";

export type PostbackLogTable = {
  id: Generated<number>;
  at: number;
  outcome: PostbackOutcome;
  origin: ConversionOrigin | "test";
  /** Why it was rejected: a code of conversions/postback-input.ts; null otherwise. */
  reason: string | null;
  event: string | null;
  click_id: string | null;
  txid: string | null;
  amount_cents: number | null;
  currency: string | null;
};

/** One human page view (migration 005; app/views). Bots are never stored. */
export type ViewsTable = {
  id: Generated<number>;
  /** When the view happened, epoch milliseconds. */
  at: number;
  /** Its day (YYYY-MM-DD) in the reporting time zone. */
  day: string;
  /** A content page's path, or "404" for any other path. */
  page: string;
  /** The landing URL's UTM parameters (internal navigation keeps the landing's). */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The external referrer's host when the landing had no utm_source. */
  referrer: string | null;
  country: string | null;
  device: string;
  browser: string;
  /** The daily visitor key, the same as the clicks' (record-click's VisitorKeys). */
  visitor: string;
  /**
   * The experiments' assignment (migration 006): "name=variant" joined by "&" in name
   * order, e.g. "home-h1=B". Null when no experiment applied to its page, and before migration 006.
   */
  variants: string | null;
};

/**
 * Views and visitors per day, dimension and value; dimension "total" (value "") holds the
 * day's; visitors are counted for "total" and pages only (0 elsewhere).
 */
export type ViewDailyTable = {
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
};

/** view_daily's views under each one-dimension filter. */
export type ViewFilterDailyTable = {
  day: string;
  filter_dimension: string;
  filter_value: string;
  dimension: string;
  value: string;
  views: number;
};

/**
 * The views of each day's combination of the six view dimensions' values ("" when missing;
 * migration 008): what two filters or more read instead of the views.
 */
export type ViewCombinationDailyTable = {
  day: string;
  page: string;
  utm_source: string;
  utm_campaign: string;
  referrer: string;
  country: string;
  device: string;
  views: number;
  /** The prints of the visitors counted (app/ledger/visitor-prints.ts), concatenated. */
  visitors: string;
  /** The sampled ones among them (one visitor in 16). */
  sampled: string;
};

/** Visitor keys already counted per day and page ("" for the site); deduplication only. */
export type ViewVisitorDailyTable = { day: string; page: string; visitor: string };

/**
 * The visitor key's salt of a day, base64url, shared by the instances of a PostgreSQL ledger
 * (migration 012, UNLOGGED); destroyed when its day ends. A SQLite ledger has no such table:
 * its salts stay in the server's memory (visitor-salts.server.ts).
 */
export type LiveSaltsTable = { day: string; salt: string };

/** Failed dashboard logins per client hash and window (migration 007). */
export type LoginFailuresTable = { client: string; window_start: number; failures: number };

/** Tokens of the batches written (migration 007): a retried batch finds its own. */
export type WrittenBatchesTable = { token: string; at: number };

/** When each periodic job last started (migration 007): one instance runs it. */
export type JobRunsTable = { name: string; at: number };

/** One check of one affiliate destination by the destination monitor (migration 020). */
export type LinkChecksTable = {
  id: Generated<number>;
  /** The destination as the content names it (without the test ids). */
  url: string;
  at: number;
  health: "sano" | "aviso" | "roto";
  /** Why, in Spanish: a JSON array of strings, empty when sano. */
  reasons: string;
  /** Each answer on the way: a JSON array of {status, host, ms}. */
  hops: string;
  final_host: string | null;
  click_id_kept: number;
  sub_id_kept: number;
  ms: number;
};

/** One incident of the alerts (migration 022, app/alerts). */
export type AlertIncidentsTable = {
  id: Generated<number>;
  kind: "destino-roto" | "postbacks-silenciosos" | "huerfanos";
  /** What it is about: a destination's URL, or "programa". */
  subject: string;
  /** What happened, in Spanish, as the alert says it. */
  details: string;
  opened_at: number;
  resolved_at: number | null;
  /** 1 once the opening was sent (webhook, e-mail); 0 while to send. */
  sent_open: number;
  sent_resolved: number;
};

/** A dashboard view a person saved under a name (migration 021, app/admin/saved-views.server.ts). */
export type SavedViewsTable = {
  id: Generated<number>;
  /** The account's e-mail, or "admin" for ADMIN_PASSWORD's account. */
  owner: string;
  name: string;
  /** The view's URL query, "?period=7d&col=clicks…" ("" for the default view). */
  query: string;
  saved_at: number;
};

/** A warning a person accepted (migration 020): it holds while the chain stays `chain`. */
export type LinkCheckAcceptancesTable = { url: string; chain: string; at: number; by: string };

/** A published version of one content document (migration 014, app/studio). */
export type ContentRevisionsTable = {
  id: Generated<number>;
  /** "site", or "pages/<name>" for a page. */
  document: string;
  /** The document's JSON; null: the page was taken off the site. */
  data: string | null;
  /** When it was published, epoch milliseconds. */
  at: number;
  /** Who published it: an account's name, or "archivos" for the content files. */
  author: string;
  message: string;
  source: "files" | "studio" | "restore" | "conflict";
  /** A page's path in this revision (its slug); null for the site and a page taken off. */
  path: string | null;
};

/** How many times a path answered 404 on a day (migration 018); bounded per day. */
export type NotFoundPathsTable = {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  path: string;
  hits: number;
};

/** Each content file as last seen, and the revision it matched (migration 014). */
export type ContentFilesTable = {
  document: string;
  /** sha256 of the file's text as `content:export` writes it. */
  hash: string;
  revision: number;
};

/** The one draft of a document (migration 014). */
export type ContentDraftsTable = {
  document: string;
  data: string;
  /** Grows by one with every save; a save names the version it was made from. */
  version: number;
  /** The revision the draft started from (null: a new page). */
  base_revision: number | null;
  at: number;
  author: string;
};

/** A named account of the dashboard (migration 015, app/admin/people.server.ts). */
export type AccountsTable = {
  email: string;
  name: string;
  role: "editor" | "publisher" | "admin";
  /** "scrypt$N$r$p$salt$hash" (app/admin/passwords.server.ts). */
  password_hash: string;
  created_at: number;
  disabled_at: number | null;
};

/** A logged-in session, by the SHA-256 of its cookie's token (migration 015). */
export type SessionsTable = {
  token_hash: string;
  /** The account's e-mail, or "admin" for the ADMIN_PASSWORD account. */
  account: string;
  created_at: number;
  expires_at: number;
};

/** Who did what, when (migration 015). */
export type AuditLogTable = {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
};

/** A publish set for a time (migration 016): the document's draft, then. */
export type ContentScheduleTable = {
  document: string;
  publish_at: number;
  author: string;
  message: string;
};

export type MediaTable = {
  id: string;
  name: string;
  alt: string;
  width: number;
  height: number;
  uploaded_bytes: number;
  author: string;
  at: number;
};

export type MediaFilesTable = {
  path: string;
  media: string;
  width: number;
  height: number;
  content_type: string;
  body: Uint8Array;
};

export type Database = {
  clicks: ClicksTable;
  click_daily: ClickDailyTable;
  click_filter_daily: ClickFilterDailyTable;
  click_offer_combination_daily: ClickCombinationDailyTable;
  click_combination_daily: LegacyClickCombinationDailyTable;
  visitor_daily: VisitorDailyTable;
  conversions: ConversionsTable;
  conversion_daily: ConversionDailyTable;
  conversion_filter_daily: ConversionFilterDailyTable;
  postback_log: PostbackLogTable;
  views: ViewsTable;
  view_daily: ViewDailyTable;
  view_filter_daily: ViewFilterDailyTable;
  view_combination_daily: ViewCombinationDailyTable;
  view_visitor_daily: ViewVisitorDailyTable;
  live_salts: LiveSaltsTable;
  login_failures: LoginFailuresTable;
  written_batches: WrittenBatchesTable;
  job_runs: JobRunsTable;
  link_checks: LinkChecksTable;
  link_check_acceptances: LinkCheckAcceptancesTable;
  saved_views: SavedViewsTable;
  alert_incidents: AlertIncidentsTable;
  content_revisions: ContentRevisionsTable;
  not_found_paths: NotFoundPathsTable;
  content_drafts: ContentDraftsTable;
  content_files: ContentFilesTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  content_schedule: ContentScheduleTable;
  media: MediaTable;
  media_files: MediaFilesTable;
};

/**
 * Writers that predate migration 006 (the demo seed) leave `variants` out of a record:
 * stored as null, as for a page under no experiment.
 */
type VariantsOptional<T extends { variants: string | null }> = Omit<T, "id" | "variants"> & {
  variants?: string | null;
};

/** A view as recorded (everything but the generated id). */
export type ViewRecord = VariantsOptional<ViewsTable>;

/** A click as recorded (everything but the generated id). */
export type ClickRecord = VariantsOptional<ClicksTable>;
