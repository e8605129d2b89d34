/**
 * /_app/status/:code: the site's page for a request the server refused before it reached
 * the app (400 for a malformed Host, 413 for a body over the limit, see
 * server/request-guard.ts; 403 for a cross-site post, see server/cross-site.ts). The server renders this route in place of the refused
 * request, so the visitor gets the usual page with header and footer.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useRouteError } from "@remix-run/react";

import { ErrorPage } from "~/components/error-page";
import { useSite } from "~/components/layout/site-chrome";
import type { loader as rootLoader } from "~/root";
import { errorDescriptors } from "~/seo/seo-meta";

/** Statuses the server refuses requests with. */
const REFUSED = new Set([400, 403, 413]);

export function loader({ params }: LoaderFunctionArgs): never {
  const status = Number(params.code);
  throw json(null, {
    status: REFUSED.has(status) ? status : 404,
    headers: { "Cache-Control": "no-store" },
  });
}

export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ error, matches }) =>
  errorDescriptors(error, matches.find((match) => match.id === "root")?.data?.site);

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} errors={useSite()?.errors} />;
}

export default function StatusRoute() {
  return null;
}
