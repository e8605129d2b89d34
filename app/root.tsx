/**
 * The document and the "default" layout (docs/decisions/001-product-rules.md): header, main content, footer. The
 * Layout also wraps the ErrorBoundary, so every error page keeps the header and footer.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";

import { DevContentUpdates } from "~/components/dev-advice";
import { ImportMap, InlineStyle } from "~/document/document-inlines";
import { PageViewFallback } from "~/document/page-view-fallback";
import { SiteChrome, useSite } from "~/components/layout/site-chrome";
import { UpdateBanner } from "~/components/update-banner";
import { APP_CONFIG_ELEMENT_ID, serializeForScript } from "~/config/app-config";
import type { PageLoaderData } from "~/routes/page.loader.server";
import { countryVary } from "~/affiliate/country-gate.server";
import { rootData } from "~/document/root-data.server";
import { loadInterfaceMessages } from "~/i18n/interface-messages.client";
import { errorDescriptors } from "~/seo/seo-meta";
import { useClientRuntime } from "~/browser/use-client-runtime";
import appStyles from "~/styles/app.css";

/** No stylesheet link: the stylesheet is inlined in the head (app/document/document-inlines.tsx). */
export const links: LinksFunction = () => [];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await rootData(request, context), { headers: countryVary() });
}

/**
 * Leaving the dashboard loads the root's data again: a studio preview's header and footer
 * may be a draft's.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || /^\/admin/.test(currentUrl.pathname);

export const meta: MetaFunction<typeof loader> = ({ error, data }) =>
  error ? errorDescriptors(error, data?.site) : [];

/** The content page the document shows (the 404 page's for an unknown path), if any. */
function useShownPage(): PageLoaderData["page"] | null {
  for (const match of useMatches()) {
    const page = (match.data as Partial<PageLoaderData> | undefined)?.page;
    if (page) return page;
  }
  return null;
}

/** A route whose page is complete without JavaScript and must not hydrate. */
function isStatic({ handle }: { handle: unknown }): boolean {
  return (handle as { hydrate?: boolean } | undefined)?.hydrate === false;
}

/** The frame of a dashboard route (app/components/admin/admin-chrome.tsx). */
type AdminFrame = (props: { children: ReactNode; loggedIn: boolean }) => ReactNode;

/**
 * The dashboard's frame instead of the site's, for a route whose handle says
 * `{ chrome: "admin" }` and whose loader answered (a dashboard that is off is the site's
 * 404 page, frame included). The frame comes in the handle (`ADMIN_CHROME`), so public
 * pages never load it; a handle without one gets a bare <main>, still without the site's
 * calls to action. `loggedIn` is false on the login form.
 */
function useAdminChrome(): { Frame: AdminFrame; loggedIn: boolean } | null {
  const match = useMatches().find(
    (candidate) =>
      (candidate.handle as { chrome?: string } | undefined)?.chrome === "admin" &&
      candidate.data != null,
  );
  if (!match) return null;
  const frame = (match.handle as { frame?: AdminFrame }).frame;
  return {
    Frame:
      frame ??
      (({ children }) => (
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      )),
    loggedIn: (match.data as { state?: string }).state !== "login",
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const site = useSite();
  // A route rendered in place of another URL (app/routes/status.tsx) cannot hydrate there.
  const hydrates = !useMatches().some(isStatic);
  const admin = useAdminChrome();
  const shown = useShownPage();
  // The page's language: its own meta.lang, else the site default
  // (docs/decisions/001-product-rules.md).
  const lang = shown?.meta.lang ?? site?.lang ?? "es";
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a1630" />
        <Meta />
        <Links />
        <InlineStyle href={appStyles} />
        <ImportMap />
      </head>
      <body>
        {admin ? (
          <admin.Frame loggedIn={admin.loggedIn}>{children}</admin.Frame>
        ) : (
          <SiteChrome>{children}</SiteChrome>
        )}
        {/* A content page's view without JavaScript, named by its slug (never the requested
            path: nothing a visitor sends is written back); a refused request is no view. */}
        {shown && hydrates && !admin ? <PageViewFallback path={shown.slug} /> : null}
        {root ? (
          <script
            type="application/json"
            id={APP_CONFIG_ELEMENT_ID}
            dangerouslySetInnerHTML={{ __html: serializeForScript(root.appConfig) }}
          />
        ) : null}
        {hydrates ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
        {/* Development only (renders nothing in production): reloads the tab on a rebuild. */}
        <LiveReload />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, site } = useLoaderData<typeof loader>();
  useEffect(() => {
    void loadInterfaceMessages(locale);
  }, [locale]);
  // The dashboard's pages are no page views of the site.
  const dashboard = useAdminChrome() !== null;
  const update = useClientRuntime({
    subIdParam: site.affiliate.subid_param,
    countViews: !dashboard,
  });
  return (
    <>
      <Outlet />
      {update.available ? <UpdateBanner onDismiss={update.dismiss} /> : null}
      {process.env.NODE_ENV === "development" ? <DevContentUpdates /> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
