/** Block 2: a promotional banner, with separate artwork for phones and desktops. */
import { BonusConditions } from "~/components/blocks/advertising-notice";
import type { BlockContent } from "~/content/schema";
import { ContentImage } from "~/components/ui/content-image";
import { ContentLink } from "~/components/ui/content-link";

/** Breakpoint at which the desktop artwork replaces the phone artwork. */
const DESKTOP_MEDIA = "(min-width: 768px)";

export function PromoImage({ content }: { content: BlockContent<2> }) {
  const { mobile, desktop } = content;
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
          <source
            media={DESKTOP_MEDIA}
            srcSet={desktop.srcset ?? desktop.url}
            width={desktop.width}
            height={desktop.height}
          />
          {/* The banner follows the hero and is the largest image above the fold on wide
              screens: loaded eagerly, with high priority. */}
          <ContentImage
            className="promo__image"
            priority
            image={{ ...mobile, alt: mobile.alt || desktop.alt }}
          />
        </picture>
      </ContentLink>
      <BonusConditions conditions={content.conditions} />
    </section>
  );
}
