/**
 * Block 2: a promotional banner, with separate artwork for phones and desktops. Its words
 * (badge, headline, button) are text over the artwork, so they change with the offer the
 * banner names; the artwork itself carries none. A banner without words shows the artwork's
 * alt instead (an uploaded banner whose image carries them).
 */
import { BonusConditions } from "~/components/blocks/advertising-notice";
import type { BlockContent } from "~/content/schema";
import { ContentImage } from "~/components/ui/content-image";
import { ContentLink } from "~/components/ui/content-link";

export function PromoImage({ content }: { content: BlockContent<2> }) {
  const { mobile, desktop, headline } = content;
  return (
    <section data-block="PromoImage" className="promo">
      <ContentLink
        className="promo__link"
        href={content.url}
        urlType={content.url_type}
        redirectUrl={content.redirect_url}
        target={content.target}
      >
        <picture>
          {/* The desktop artwork from 768 px, the breakpoint of the words' sizes (app.css). */}
          <source
            media="(min-width: 768px)"
            srcSet={desktop.srcset ?? desktop.url}
            width={desktop.width}
            height={desktop.height}
          />
          {/* The banner follows the hero and is the largest image above the fold on wide
              screens: loaded eagerly, with high priority. With words over it, the artwork
              is decorative: the words name the link. */}
          <ContentImage
            className="promo__image"
            priority
            image={{ ...mobile, alt: headline ? "" : mobile.alt }}
          />
        </picture>
        {headline && (
          <span>
            <small>{content.badge}</small>
            <strong>{headline}</strong>
            <span>{content.button_text}</span>
          </span>
        )}
      </ContentLink>
      <BonusConditions conditions={content.conditions} />
    </section>
  );
}
