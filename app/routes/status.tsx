/**
 * The site's page for a request the server refused before it reached the app (400 for a
 * malformed Host or target, 403 for a cross-site form post, 405 for a method the path does
 * not answer, 413 for a body over the limit; see server/request-guard.ts, server/cross-site.ts
 * and docs/decisions/009-refused-requests.md).
 * The server renders this route in place of the refused request and says why in the load
 * context, so the visitor gets the usual page with header and footer. Reached by its URL,
 * it is the 404 page.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";

import type { loader as rootLoader } from "~/root";
import { errorDescriptors } from "~/seo/seo-meta";

export function loader({ context }: LoaderFunctionArgs): never {
  const refusal = context.refusal;
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (refusal?.allow) headers.set("Allow", refusal.allow);
  throw json(null, { status: refusal?.status ?? 404, headers });
}

/**
 * The page is rendered for another URL (the refused request's), where the browser's router
 * would match another route: it is complete without JavaScript and does not hydrate.
 */
export const handle = { hydrate: false };

export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ error, matches }) =>
  errorDescriptors(error, matches.find((match) => match.id === "root")?.data?.site);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function StatusRoute() {
  return null;
}
