/**
 * Every page of the site: "/", "/403", "/404" and the catch-all at any depth (see
 * remix.config.js). The loader applies the country gate, sends outbound routes to the
 * affiliate (recording the click), and resolves the path against the content:
 * the page, a 301 for a trailing slash, or the /404 page with status 404 (with the
 * check-page notice when the path failed validation: one 404 page, one head).
 */
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ALLOWED_METHODS } from "~/document/headers.server";
import { pageLoader } from "~/pages/page-loader.server";
import { PageView, pageMeta } from "~/pages/page-view";
import type { loader as rootLoader } from "~/root";

export const loader = pageLoader;

/** Pages are read-only: every method but GET and HEAD gets a 405 (with Allow). */
export function action(): never {
  throw json(null, { status: 405, headers: { Allow: ALLOWED_METHODS } });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  pageMeta({ ...args, data: args.data });

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function PageRoute() {
  return <PageView data={useLoaderData<typeof loader>()} />;
}
