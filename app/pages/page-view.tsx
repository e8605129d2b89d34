/**
 * How a page of the content renders, and its head: used by the page route and by the
 * dashboard's route while it is switched off (then it is the /404 page, like any unknown
 * path).
 */
import type { MetaFunction } from "@remix-run/node";

import { PromotionalPage } from "~/components/blocks/advertising-notice";
import { Blocks } from "~/components/blocks/registry";
import { useInterfaceTexts } from "~/components/layout/interface-texts";
import { DevAdvice } from "~/components/dev-advice";
import type { PublicSite } from "~/content/public-site";
import { errorDescriptors, seoDescriptors } from "~/seo/seo-meta";

import type { PageLoaderData } from "./page-data";

/** The head of a page; `rootSite` is the root loader's site (for error views). */
export function pageMeta({
  data,
  error,
  matches,
}: Parameters<MetaFunction>[0] & { data: PageLoaderData | undefined }) {
  if (error) {
    const root = matches.find((match) => match.id === "root")?.data as
      { site?: PublicSite } | undefined;
    return errorDescriptors(error, root?.site);
  }
  if (data?.seo) return seoDescriptors(data.seo);
  return [{ title: data?.fallbackText ?? "" }, { name: "robots", content: "noindex" }];
}

export function PageView({ data }: { data: PageLoaderData }) {
  const { page, fallbackText, notice, advice, promotional, restricted } = data;
  const ui = useInterfaceTexts();
  return (
    <>
      {restricted && ui ? (
        <p className="country-notice" role="note">
          {ui.country_restricted}
        </p>
      ) : null}
      {page ? (
        <PromotionalPage.Provider value={promotional}>
          <Blocks components={page.components} />
        </PromotionalPage.Provider>
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
