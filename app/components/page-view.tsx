/** A page as visitors see it: its blocks (app/routes/page.tsx; the studio's previews too). */
import { PromotionalPage } from "~/components/blocks/advertising-notice";
import { Blocks } from "~/components/blocks/registry";
import { DevAdvice } from "~/components/dev-advice";
import { useInterfaceTexts } from "~/components/layout/interface-texts";
import type { PageLoaderData } from "~/routes/page.loader.server";

export function PageView({ data }: { data: PageLoaderData }) {
  const { page, fallbackText, notice, advice, promotional, restricted, preview } = data;
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
