/** What the server passes to every loader and action (server/app.ts `loadContext`). */
import type { ClickLedger } from "~/clicks/ledger.server";
import type { PeopleStore } from "~/admin/people.server";
import type { SavedViews } from "~/admin/saved-views.server";
import type { ConversionLedger } from "~/conversions/ledger.server";
import type { ReportQueries } from "~/reports/clicks.server";
import type { ContentStore } from "~/studio/content-store.server";
import type { MediaStore } from "~/studio/media-store.server";
import type { NotFoundLog } from "~/redirects/not-found-log.server";
import type { LinkMonitor } from "~/link-health/monitor.server";

/** The content studio's storage, and how a publish reaches this instance at once. */
export type StudioAccess = {
  store: ContentStore;
  /** The media library (images uploaded in the studio, their files and where they are used). */
  media: MediaStore;
  /** Serves what was just published on this instance (the others follow within a second). */
  refresh: () => Promise<void>;
  /** The paths that answered 404 (app/redirects/not-found-log.server.ts). */
  notFound: NotFoundLog;
};

/**
 * Why the server renders the site's error page in place of a request: a refusal of the guard
 * (server/request-guard.ts), or a resource route's empty 404 (server/remix-handler.ts).
 */
export type Refusal = {
  status: 400 | 403 | 404 | 405 | 413;
  /** The methods the path answers, for a 405's `Allow`. */
  allow?: string;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The click ledger, or null when the server runs without one (unit tests). */
    clicks: ClickLedger | null;
    /** The conversion ledger (postbacks, CSV imports), null whenever `clicks` is. */
    conversions: ConversionLedger | null;
    /** Every report of the ledger (app/reports), read on its reader; null whenever `clicks` is. */
    reports: ReportQueries | null;
    /**
     * The dashboard's accounts, sessions and audit log (app/admin/people.server.ts): in the
     * ledger's database, or in memory when the ledger is off.
     */
    people: PeopleStore;
    /**
     * The dashboard's saved views (app/admin/saved-views.server.ts), beside the accounts;
     * absent in unit tests of other routes.
     */
    savedViews?: SavedViews | null;
    /** The content studio (app/studio), null when the ledger's database is off. */
    studio: StudioAccess | null;
    /**
     * The destination monitor (app/link-health/monitor.server.ts), null when the ledger's
     * database is off; absent in unit tests of other routes.
     */
    linkMonitor?: LinkMonitor | null;
    /** The client's address, only for the ledger's daily visitor key; never stored. */
    clientAddress: string;
    /**
     * The client sent HEAD. Remix runs it as GET, so that it gets exactly the headers GET
     * gets; a loader that records something (a click) asks here.
     */
    head: boolean;
    /**
     * The request's experiment variants, "home-h1=B&…" (app/experiments/assign.server.ts
     * `assignmentText`), assigned by the server from the visitor's daily key: the page
     * renders them. Empty when the page has no experiment.
     */
    variants: string;
    /**
     * The time the request is judged at (offers valid now: app/content/offers.ts); the
     * server leaves it unset (the clock), tests set it.
     */
    now?: number;
    /** Set only on the request the server renders as its error page for a refusal. */
    refusal: Refusal | null;
  }
}

export {};
