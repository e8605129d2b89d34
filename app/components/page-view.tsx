/**
 * A page as visitors see it: its blocks, and under the first (the one with the <h1>) who
 * wrote and reviewed it and when it last changed (app/routes/page.tsx; the studio's
 * previews too).
 */
import { Link } from "@remix-run/react";

import { PromotionalPage } from "~/components/blocks/advertising-notice";
import { Blocks } from "~/components/blocks/registry";
import { DevAdvice } from "~/components/dev-advice";
import { useInterfaceTexts } from "~/components/layout/interface-texts";
import type { PageLoaderData } from "~/routes/page.loader.server";

export function PageView({ data }: { data: PageLoaderData }) {
  const { page, byline, fallbackText, notice, advice, promotional, restricted, preview } = data;
  const ui = useInterfaceTexts();
  return (
    <>
      {preview ? (
        <p className="country-notice" role="note">
          {preview.bar}
        </p>
      ) : null}
      {restricted && ui ? (
        <p className="country-notice" role="note">
          {ui.country_restricted}
        </p>
      ) : null}
      {page ? (
        <PromotionalPage.Provider value={promotional}>
          <Blocks components={page.components.slice(0, 1)} />
          {byline && ui ? (
            <p className="byline">
              {ui.byline_by} <Link to={byline.author.href}>{byline.author.name}</Link>
              {byline.reviewer ? (
                <>
                  {" · "}
                  {ui.byline_reviewed_by}{" "}
                  <Link to={byline.reviewer.href}>{byline.reviewer.name}</Link>
                </>
              ) : null}
              {" · "}
              {ui.byline_updated}: <time dateTime={byline.day}>{byline.date}</time>
            </p>
          ) : null}
          <Blocks components={page.components.slice(1)} />
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
