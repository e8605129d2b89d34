/** Block 1: the hero with the page's <h1>, lead text, calls to action and illustration. */
import type { BlockContent } from "~/content/schema";
import { AdvertisingNotice } from "~/components/blocks/advertising-notice";
import { ButtonRow } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";

export function MainBlock({ content }: { content: BlockContent<1> }) {
  return (
    <section data-block="MainBlock" className="hero">
      <div className="hero__text">
        <h1 className="hero__title">{content.h1}</h1>
        <p className="hero__lead">{content.p}</p>
        <ButtonRow buttons={content.buttons} />
        <AdvertisingNotice />
      </div>
      <ContentImage
        className="hero__image"
        priority
        image={{
          url: content.img_url,
          alt: content.img_alt,
          width: content.img_width,
          height: content.img_height,
        }}
      />
    </section>
  );
}
