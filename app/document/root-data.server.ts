/**
 * What the root route gives every page: site chrome, interface locale, public config, and,
 * on the dashboard's paths only, who is logged in and the open alerts (for its frame; a
 * public page reads no cookie and no alert).
 */
import type { AppLoadContext } from "@remix-run/node";

import { personOf } from "~/admin/auth.server";
import { openAlerts } from "~/alerts/incidents.server";
import { isBlockedCountry } from "~/affiliate/country-gate.server";
import { publicSite } from "~/content/content.server";
import { toPublicSite } from "~/content/public-site";
import { localeDetector } from "~/i18n/i18n.server";
import { isPreviewPath, previewSite } from "~/studio/preview.server";

import { appConfig } from "~/config/app-config.server";

export async function rootData(
  request: Request,
  context: Pick<AppLoadContext, "people" | "studio" | "linkMonitor">,
) {
  // A database out of reach makes the dashboard's own route answer 503; the frame then
  // just names nobody.
  const { pathname } = new URL(request.url);
  const person = /^\/admin(\/|$)/.test(pathname)
    ? await personOf(request, context).catch(() => null)
    : null;
  // The open alerts, at the top of every dashboard page (app/alerts).
  const alerts =
    person && context.linkMonitor ? await openAlerts(context.linkMonitor.db).catch(() => []) : [];
  // The studio's preview of the site settings' draft shows its header and footer.
  const draftSite = isPreviewPath(pathname) ? await previewSite(request, context) : null;
  return {
    person,
    alerts,
    site: draftSite ? toPublicSite(draftSite) : publicSite,
    locale: await localeDetector.getLocale(request),
    appConfig,
    /** The country gate blocks this visitor: the header shows no calls to action. */
    restricted: isBlockedCountry(request),
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>;
