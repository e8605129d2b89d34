/**
 * Layout "default", bottom: link menus, socials, reviewer logos, the responsible-gambling
 * notice (18+, safe-play message, help links) and the copyright and licence line.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { PublicSite } from "~/content/public-site";
import { ContentLink } from "~/components/ui/content-link";
import { ContentImage } from "~/components/ui/content-image";

/**
 * The year in Spain, where the site's visitors are. Computed at render: a page kept by the
 * server's page cache keeps the year it was rendered in until the cache is rebuilt (every
 * deploy or restart).
 */
export function copyrightYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("es-ES", { year: "numeric", timeZone: "Europe/Madrid" }).format(
    now,
  );
}

/** A footer link: other sites open in a new tab (rel noopener), the site's own pages in place. */
function FooterLink({ url, children }: { url: string; children: ReactNode }) {
  const external = /^https?:/.test(url);
  return (
    <ContentLink
      href={url}
      urlType={external ? "external" : "internal"}
      target={external ? "_blank" : "_self"}
    >
      {children}
    </ContentLink>
  );
}

export function SiteFooter({ footer, ui }: { footer: PublicSite["footer"]; ui: PublicSite["ui"] }) {
  const { responsible_gambling: rg, restrictions } = footer;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to={footer.logo_link} prefetch="intent">
            <ContentImage image={footer.logo_image} />
          </Link>
          <ul className="socials" aria-label={ui.social_links}>
            {footer.socials.map((social) => (
              <li key={social.url}>
                <a href={social.url} target="_blank" rel="noopener" className="socials__link">
                  <img src={social.image} alt={social.name} width={32} height={32} loading="lazy" />
                  <span className="visually-hidden"> {ui.opens_in_new_tab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        {footer.menus.map((menu) => (
          <nav key={menu.header} className="footer-menu" aria-label={menu.header}>
            <h2 className="footer-menu__title">{menu.header}</h2>
            <ul>
              {menu.links.map((link) => (
                <li key={link.url}>
                  <FooterLink url={link.url}>{link.text}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <section className="responsible" aria-label={ui.responsible_gambling}>
          <p className="responsible__message">
            <span className="age-badge">{rg.age_badge}</span>
            <strong>{rg.message}</strong>
          </p>
          <ul className="responsible__links">
            {rg.links.map((link) => (
              <li key={link.url}>
                <FooterLink url={link.url}>{link.text}</FooterLink>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="site-footer__logos">
        <p className="site-footer__logos-title">{footer.reviewers_title}</p>
        <ul className="reviewers">
          {[...footer.reviewers, restrictions].map((logo) => (
            <li key={logo.url + logo.image}>
              <FooterLink url={logo.url}>
                <img
                  src={logo.image}
                  alt={logo.alt}
                  width={logo.width}
                  height={logo.height}
                  loading="lazy"
                />
              </FooterLink>
            </li>
          ))}
        </ul>
      </div>

      <div className="site-footer__copyright">
        <p>{footer.affiliate_disclosure}</p>
        <p>
          {/* A page cached in one year and hydrated in the next keeps the year it was sent
              with rather than failing hydration. */}
          <span suppressHydrationWarning>© {copyrightYear()}</span> {footer.copyright_text}{" "}
          <FooterLink url={footer.licence_link.url}>{footer.licence_link.text}</FooterLink>
        </p>
      </div>
    </footer>
  );
}
