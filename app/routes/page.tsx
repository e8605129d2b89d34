/**
 * Every page of the site: "/", "/403", "/404" and the catch-all at any depth (see
 * remix.config.js). Its loader (app/routes/page.loader.server.ts) resolves the path
 * against the content; this module renders the page's blocks and its head.
 */
import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { PageView } from "~/components/page-view";
import type { loader } from "~/routes/page.loader.server";
import { ALLOWED_METHODS } from "~/document/headers.server";
import type { loader as rootLoader } from "~/root";
import { errorDescriptors } from "~/seo/seo-meta";

export { loader } from "~/routes/page.loader.server";

/** Pages are read-only: every method but GET and HEAD gets a 405 (with Allow). */
export function action(): never {
  throw json(null, { status: 405, headers: { Allow: ALLOWED_METHODS } });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({
  data,
  error,
  matches,
}) => {
  if (error)
    return errorDescriptors(error, matches.find((match) => match.id === "root")?.data?.site);
  if (data?.head) return data.head;
  return [{ title: data?.fallbackText ?? "" }, { name: "robots", content: "noindex" }];
};

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export default function PageRoute() {
  return <PageView data={useLoaderData<typeof loader>()} />;
}
