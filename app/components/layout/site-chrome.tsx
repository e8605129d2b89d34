/**
 * Everything inside <body> around the page: skip link, header, <main>, footer. Shared by
 * the normal render and the ErrorBoundary (both go through the root Layout).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { PublicSite } from "~/content/public-site";

import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function useSite(): PublicSite | undefined {
  return useRouteLoaderData<{ site: PublicSite }>("root")?.site;
}

export function SiteChrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      {site ? <SiteHeader header={site.header} /> : null}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {site ? <SiteFooter footer={site.footer} /> : null}
    </>
  );
}
