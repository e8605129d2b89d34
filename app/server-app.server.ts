/**
 * What the site's server (server/) asks of the app, in one typed object the Remix build's
 * entry exports (`serverApp`, app/entry.server.tsx). The server knows the app only through
 * it: it checks the object once when it loads a build (server/app-build.ts) and every
 * handler reads it through one accessor that follows a new build. Each member reads the
 * content as it is now, which lives in the build and reloads there in development.
 */
import { outboundTarget, type OutboundTarget } from "~/affiliate/outbound.server";
import type { ContentFiles } from "~/content/content-files.server";
import {
  applyContent,
  filesProblem,
  hasContent,
  links,
  reloadContent,
  site,
} from "~/content/content.server";
import { checkPlanOf, type CheckPlan } from "~/link-health/monitor.server";
import { offersChangeIn } from "~/content/offers";
import { sharedCacheSeconds } from "~/document/headers.server";
import { checkContentFiles } from "~/content/load-content.server";
import { ContentError } from "~/content/parse-content";
import { postbackMapping } from "~/conversions/postback-mapping.server";
import type { PostbackMapping } from "~/conversions/postback-input";
import { experimentsFor, splitFor } from "~/experiments/page-experiments.server";
import type { ExperimentLookup } from "~/experiments/recorded.server";
import { viewedPage, type ViewedPage } from "~/views/viewed-page.server";

export type ServerApp = ExperimentLookup & {
  /** The outbound link a path names, or null (server/outbound.ts). */
  outboundTarget: (pathname: string) => OutboundTarget | null;
  /**
   * How long a finished page may stay in the page cache (ms), or undefined for as long as
   * the content stays: until an offer starts or ends, less what a CDN may keep the copy
   * served last (its s-maxage), so no cache shows a page after its offer changed.
   */
  pageCacheFor: (now: number) => number | undefined;
  /** The page a path shows, for the view it reports (server/page-view.ts). */
  viewedPage: (pathname: string, blocked: boolean) => ViewedPage;
  /** The postbacks' parameter names and event words (server/postback.ts). */
  postbackMapping: () => PostbackMapping;
  /** Reads the content again; throws a ContentError naming its problems (development). */
  reloadContent: () => void;
  /** Serves the studio's published content; throws a ContentError and keeps the last. */
  applyContent: (documents: ContentFiles) => void;
  /** The problems of content (as `npm run content:check` names them); empty when valid. */
  contentProblems: (documents: ContentFiles) => string[];
  /** Why the content files could not be served as the build loaded, or null. */
  filesProblem: () => ContentError | null;
  /** Some content serves (the files', or the studio's once applied). */
  hasContent: () => boolean;
  /** What the destination monitor checks in the content served now, or null without one. */
  linkCheckPlan: () => CheckPlan | null;
};

export const serverApp: ServerApp = {
  outboundTarget,
  pageCacheFor(now) {
    const changesIn = offersChangeIn(site, now);
    return changesIn === undefined ? undefined : changesIn - sharedCacheSeconds(changesIn) * 1_000;
  },
  viewedPage,
  postbackMapping,
  experimentsFor,
  splitFor,
  reloadContent,
  applyContent,
  contentProblems(documents) {
    try {
      checkContentFiles(documents);
      return [];
    } catch (error) {
      if (error instanceof ContentError) return error.problems;
      throw error;
    }
  },
  filesProblem: () => filesProblem,
  hasContent,
  linkCheckPlan: () => (hasContent() ? checkPlanOf(site, links) : null),
};
