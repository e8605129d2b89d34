/**
 * The notice under the first call to action of a page that promotes the brand (it has an
 * affiliate link): the advertising label, 18+, the safe-play message, the link to the
 * offers' conditions and the one to how the site earns money (Real Decreto 958/2020 arts. 7.1, 10.3, 11.3 and 13.4). Texts come
 * from content (site footer: advertising, responsible_gambling).
 */
import { Link } from "@remix-run/react";
import { createContext, useContext } from "react";

import { useSite } from "~/components/layout/site-chrome";

/** True while rendering a promotional page's blocks (app/routes/page.tsx). */
export const PromotionalPage = createContext(false);

export function AdvertisingNotice() {
  const promotional = useContext(PromotionalPage);
  const footer = useSite()?.footer;
  if (!promotional || !footer) return null;
  const { label, conditions, disclosure } = footer.advertising;
  const { age_badge: age, message } = footer.responsible_gambling;
  return (
    <p className="ad-notice">
      <span className="ad-notice__label">{label}</span>
      <span className="age-badge age-badge--small">{age}</span>
      <span>{message}</span>
      {[conditions, disclosure].map((link) => (
        <Link key={link.url} to={link.url} className="ad-notice__conditions">
          {link.text}
        </Link>
      ))}
    </p>
  );
}

/**
 * The conditions beside a bonus claim (art. 13.4): the validity period and the offer's
 * terms line (with its 18+ notice), and the link to the full terms.
 */
export function BonusConditions({
  validity,
  conditions,
  url,
}: {
  validity?: string | undefined;
  conditions?: string | undefined;
  /** Where the full terms are (an offer's own), else the site's conditions link. */
  url?: string;
}) {
  const site = useSite();
  if (!site) return null;
  const link = site.footer.advertising.conditions;
  return (
    <p className="bonus-conditions">
      {validity ? (
        <span>
          {site.ui.validity_label}: {validity}
        </span>
      ) : null}
      {conditions ? <span>{conditions}</span> : null}
      <Link to={url ?? link.url}>{link.text}</Link>
    </p>
  );
}
