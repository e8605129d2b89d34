/** A content call to action ("buttons" in docs/decisions/001-product-rules.md): button-styled or a plain text link. */
import type { Button } from "~/content/schema";

import { ContentLink } from "./content-link";

export function ButtonLink({ button }: { button: Button }) {
  const className = button.type === "link" ? "text-link" : `button button--${button.variant}`;
  return (
    <ContentLink
      href={button.url}
      urlType={button.url_type}
      redirectUrl={button.redirect_url}
      target={button.target}
      className={className}
    >
      {button.text}
    </ContentLink>
  );
}

export function ButtonRow({ buttons }: { buttons: readonly Button[] }) {
  if (buttons.length === 0) return null;
  return (
    <div className="button-row">
      {buttons.map((button) => (
        <ButtonLink key={`${button.url}|${button.text}`} button={button} />
      ))}
    </div>
  );
}
