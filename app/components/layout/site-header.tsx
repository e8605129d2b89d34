/** Layout "default", top: logo (separate phone artwork) and the two outbound calls to action. */
import { Link } from "@remix-run/react";

import type { PublicSite } from "~/content/public-site";
import { relFor } from "~/components/ui/content-link";

export function SiteHeader({
  header,
  ui,
  restricted = false,
}: {
  header: PublicSite["header"];
  ui: PublicSite["ui"];
  /** A visitor from a blocked country: no login or sign-up calls to action. */
  restricted?: boolean;
}) {
  const { logo_image: logo, logo_mob_image: mobileLogo } = header;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={header.logo_link} className="site-header__logo" prefetch="intent">
          <picture>
            <source
              media="(min-width: 768px)"
              srcSet={logo.url}
              width={logo.width}
              height={logo.height}
            />
            <img
              src={mobileLogo.url}
              alt={logo.alt || mobileLogo.alt}
              width={mobileLogo.width}
              height={mobileLogo.height}
            />
          </picture>
        </Link>
        {restricted ? null : (
          <nav className="site-header__actions" aria-label={ui.account_navigation}>
            <a
              className="button button--ghost"
              href={header.login_link}
              rel={relFor("affiliate", "_self")}
              data-affiliate="header-login"
            >
              {header.login_text}
            </a>
            <a
              className="button button--primary"
              href={header.signup_link}
              rel={relFor("affiliate", "_self")}
              data-affiliate="header-signup"
            >
              {header.signup_text}
            </a>
          </nav>
        )}
      </div>
    </header>
  );
}
