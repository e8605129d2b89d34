/** What the root route gives every page: site chrome, interface locale, public config. */
import { isBlockedCountry } from "~/affiliate/country-gate.server";
import { publicSite } from "~/content/content.server";
import { localeDetector } from "~/i18n/i18n.server";

import { appConfig } from "~/config/app-config.server";

export async function rootData(request: Request) {
  return {
    site: publicSite,
    locale: await localeDetector.getLocale(request),
    appConfig,
    /** The country gate blocks this visitor: the header shows no calls to action. */
    restricted: isBlockedCountry(request),
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>;
