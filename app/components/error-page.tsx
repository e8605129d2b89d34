/**
 * The one error view, and the one route error boundary every route exports: it renders
 * inside the root Layout, so the header and footer are present whenever the root loader
 * ran. Statuses map to handlers: 404 shows the /404 page's content with the validation
 * message, 405 and everything else show the site's Spanish error texts. No stack trace
 * is ever shown in production.
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { useSite } from "~/components/layout/site-chrome";
import { ButtonLink } from "~/components/ui/button-link";
import { errorTextsFor } from "~/content/status-texts";
import type { PublicSite } from "~/content/public-site";

type ErrorPageProps = { error: unknown; errors: PublicSite["errors"] | undefined };

function Message({ title, text, homeText }: { title: string; text: string; homeText?: string }) {
  return (
    <section className="error-message" data-block="ErrorMessage">
      <h1 className="hero__title">{title}</h1>
      <p className="hero__lead">{text}</p>
      {homeText ? (
        <ButtonLink
          button={{
            text: homeText,
            url: "/",
            type: "button",
            url_type: "internal",
            variant: "primary",
            target: "_self",
          }}
        />
      ) : null}
    </section>
  );
}

export function ErrorPage({ error, errors }: ErrorPageProps): ReactNode {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const texts = errors ? errorTextsFor(status, errors) : undefined;
  if (!texts) return <p>{status}</p>;
  return (
    <>
      <Message title={texts.title} text={texts.text} homeText={errors?.home_button_text} />
      {process.env.NODE_ENV === "development" && error instanceof Error ? (
        <pre className="error-stack">{error.stack}</pre>
      ) : null}
    </>
  );
}

/** The ErrorBoundary of every route (`export { RouteErrorBoundary as ErrorBoundary }`). */
export function RouteErrorBoundary(): ReactNode {
  return <ErrorPage error={useRouteError()} errors={useSite()?.errors} />;
}
