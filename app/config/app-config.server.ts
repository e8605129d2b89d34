/** Builds the public app configuration from the environment and the build. */
import { site } from "~/content/content.server";

import type { AppConfig } from "./app-config";
import { buildInfo, manifestUrl } from "./build-info.server";
import { env } from "./env.server";
import { siteOrigin } from "./site-origin.server";

/** Remix's public path as the build was made with it (CDN_URL at build time, or /build/). */
const assetsPath = manifestUrl.slice(0, manifestUrl.lastIndexOf("/") + 1);

export const appConfig: AppConfig = {
  assetsPath,
  // Read when sent: `npm run dev` reloads the content (its site_url) on save.
  get baseUrl() {
    return siteOrigin(site);
  },
  cdnUrl: /^https?:\/\//.test(assetsPath) ? new URL(assetsPath).origin : null,
  buildId: buildInfo.id,
  analytics: {
    enabled: env.ANALYTICS_ENABLED,
    host: env.ANALYTICS_HOST ?? null,
    siteId: env.ANALYTICS_SITE_ID ?? null,
  },
};
