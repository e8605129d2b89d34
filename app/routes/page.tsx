/**
 * Every page of the site: "/", "/403", "/404" and the catch-all at any depth (see
 * remix.config.js). The loader applies the country gate, sends outbound routes to the
 * affiliate (recording the click), and resolves the path against the content:
 * the page, a 301 for a trailing slash, or the /404 page with status 404 (with the
 * check-page notice when the path failed validation: one 404 page, one head).
 */
import type {
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
  TypedResponse,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";

import { countryVary, isBlockedCountry } from "~/affiliate/country-gate.server";
import { outboundHeaders, outboundLink, outboundLocation } from "~/affiliate/outbound.server";
import { recordClick } from "~/clicks/record-click.server";
import { Blocks } from "~/components/blocks/registry";
import { ErrorPage } from "~/components/error-page";
import { useSite } from "~/components/layout/site-chrome";
import { DevAdvice } from "~/components/dev-advice";
import { env } from "~/config/env.server";
import { adviceFor, links, pages, site } from "~/content/content.server";
import { FORBIDDEN_SLUG, MISSING_404_TEXT, resolvePage } from "~/content/resolve-page";
import { ALLOWED_METHODS } from "~/document/headers.server";
import type { Page } from "~/content/schema";
import type { PageLoaderData } from "~/pages/page-data";
import type { loader as rootLoader } from "~/root";
import { seoOf } from "~/seo/page-seo.server";
import { errorDescriptors, seoDescriptors } from "~/seo/seo-meta";
import { siteOrigin } from "~/seo/seo.server";

function pageData(page: Page | null, notice: string | null = null): PageLoaderData {
  return {
    page,
    fallbackText: page ? null : MISSING_404_TEXT,
    seo: page ? seoOf(page.slug) : null,
    notice,
    advice: env.NODE_ENV === "development" && page ? adviceFor(page.slug) : null,
  };
}

export function loader({ request, context }: LoaderFunctionArgs): TypedResponse<PageLoaderData> {
  const url = new URL(request.url);
  const headers = countryVary();
  if (url.pathname !== FORBIDDEN_SLUG && isBlockedCountry(request)) {
    const forbidden = pages.find((page) => page.slug === FORBIDDEN_SLUG) ?? null;
    return json(pageData(forbidden), { status: 403, headers });
  }
  const link = outboundLink(url.pathname, site, links);
  if (link) {
    const origin = siteOrigin(site);
    recordClick(context, request, link, {
      subIdParam: site.affiliate.subid_param,
      siteOrigin: origin,
    });
    throw redirect(outboundLocation(link.destination, request, site, origin), {
      status: 302,
      headers: { ...outboundHeaders(), ...headers },
    });
  }
  const result = resolvePage(pages, url.pathname);
  switch (result.kind) {
    case "redirect":
      // url.search is already percent-encoded by the URL parser.
      throw redirect(`${result.location}${url.search}`, { status: 301, headers });
    case "invalid":
      return json(pageData(result.page, result.message), { status: 404, headers });
    case "not-found":
      return json(pageData(result.page), { status: 404, headers });
    case "page":
      return json(pageData(result.page), { status: result.status, headers });
  }
}

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
  const { page, fallbackText, notice, advice } = useLoaderData<typeof loader>();
  return (
    <>
      {page ? (
        <Blocks components={page.components} />
      ) : (
        <p className="fallback-text">{fallbackText}</p>
      )}
      {notice ? (
        <p className="error-notice" role="status">
          <code>{notice}</code>
        </p>
      ) : null}
      {process.env.NODE_ENV === "development" && advice ? <DevAdvice advice={advice} /> : null}
    </>
  );
}
