/**
 * Every page of the site: "/", "/403", "/404" and the catch-all at any depth (see
 * remix.config.js). The loader resolves the path against the embedded content: the
 * page, a 301 for a trailing slash, the /404 page with status 404, or a thrown 404
 * for a path that fails validation (rendered by the root ErrorBoundary).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";

import { Blocks } from "~/components/blocks/registry";
import { ErrorPage } from "~/components/error-page";
import { useSite } from "~/components/layout/site-chrome";
import { loadPage, refuseMethod } from "~/pages/loader.server";
import { errorDescriptors, seoDescriptors } from "~/seo/seo-meta";
import type { loader as rootLoader } from "~/root";

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadPage(request, context);
}

/** Pages are read-only: every method but GET and HEAD gets a 405 (with Allow). */
export function action() {
  return refuseMethod();
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
  if (data?.seo) return seoDescriptors(data.seo);
  return [{ title: data?.fallbackText ?? "" }, { name: "robots", content: "noindex" }];
};

/**
 * Errors of this route render here, inside the root Layout, so the root loader has run
 * and the header and footer are present (a root-level boundary would lose its data).
 */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} errors={useSite()?.errors} />;
}

export default function PageRoute() {
  const { page, fallbackText } = useLoaderData<typeof loader>();
  if (!page) return <p className="fallback-text">{fallbackText}</p>;
  return <Blocks components={page.components} />;
}
