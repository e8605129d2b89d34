/**
 * /_app/locale: the locale-change form target. POST changes the locale (see
 * locale-action.server); any other method answers 405. Errors render inside the layout.
 */
import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";

import { changeLocale } from "~/i18n/locale-action.server";
import { errorDescriptors } from "~/seo/seo-meta";
import type { loader as rootLoader } from "~/root";

export function loader(): never {
  throw json(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    throw json(null, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
  }
  return changeLocale(request);
}

export const headers: HeadersFunction = ({ actionHeaders, errorHeaders, loaderHeaders }) =>
  errorHeaders ?? actionHeaders ?? loaderHeaders;

export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ error, matches }) =>
  errorDescriptors(error, matches.find((match) => match.id === "root")?.data?.site);

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function LocaleRoute() {
  return null;
}
