/**
 * The document and the "default" layout (SPEC §2): header, main content, footer. The
 * Layout also wraps the ErrorBoundary, so every error page keeps the header and footer.
 */
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";

import { ErrorPage } from "~/components/error-page";
import { SiteChrome, useSite } from "~/components/layout/site-chrome";
import { publicSite } from "~/content/content.server";
import { isNotFoundErrorData, type PageLoaderData } from "~/lib/page-data";
import { errorDescriptors } from "~/lib/seo-meta";
import appStyles from "~/styles/app.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: appStyles }];

export function loader() {
  return json({ site: publicSite });
}

export const meta: MetaFunction<typeof loader> = ({ error, data }) =>
  error ? errorDescriptors(error, data?.site) : [];

/** The page's language: its own meta.lang, else the site default (SPEC §3). */
function useDocumentLang(fallback: string): string {
  const matches = useMatches();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isNotFoundErrorData(error.data) && error.data.page) {
    return error.data.page.meta.lang ?? fallback;
  }
  for (const match of matches) {
    const page = (match.data as Partial<PageLoaderData> | undefined)?.page;
    if (page) return page.meta.lang ?? fallback;
  }
  return fallback;
}

export function Layout({ children }: { children: ReactNode }) {
  const site = useSite();
  const lang = useDocumentLang(site?.lang ?? "es");
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a1630" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteChrome>{children}</SiteChrome>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage error={error} errors={useSite()?.errors} />;
}
