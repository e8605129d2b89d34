/**
 * Everything inside <body> around the page: skip link, header, <main>, footer. Shared by
 * the normal render and the ErrorBoundary (both go through the root Layout).
 */
import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import type { PublicSite } from "~/content/public-site";

import { InterfaceTexts } from "./interface-texts";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function useSite(): PublicSite | undefined {
  return useRouteLoaderData<{ site: PublicSite }>("root")?.site;
}

/** The country gate blocks this visitor (root loader): no calls to action in the header. */
function useRestricted(): boolean {
  return useRouteLoaderData<{ restricted?: boolean }>("root")?.restricted === true;
}

export function SiteChrome({ children }: { children: ReactNode }) {
  const site = useSite();
  const restricted = useRestricted();
  return (
    <InterfaceTexts.Provider value={site?.ui ?? null}>
      {site ? (
        <a className="skip-link" href="#main">
          {site.ui.skip_to_content}
        </a>
      ) : null}
      {site ? <SiteHeader header={site.header} ui={site.ui} restricted={restricted} /> : null}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {site ? <SiteFooter footer={site.footer} ui={site.ui} /> : null}
    </InterfaceTexts.Provider>
  );
}
