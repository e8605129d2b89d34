/** Block 6: feature cards with artwork, a title and a description. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ButtonRow } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";
import { SectionHeader } from "~/components/ui/section-header";

export function Cards({ content }: { content: BlockContent<6> }) {
  const id = useId();
  return (
    <section data-block="Cards" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={content.header} p={content.p} icon={content.icon} />
      <ul className="card-grid card-grid--four">
        {content.cards.map((card) => (
          <li key={card.title_card_body} className="card card--feature">
            <ContentImage
              className="card__icon"
              image={{
                url: card.img_url,
                alt: card.img_alt,
                width: card.img_width,
                height: card.img_height,
              }}
            />
            <h3 className="card__title">{card.title_card_body}</h3>
            <p className="card__text">{card.description_card_body}</p>
          </li>
        ))}
      </ul>
      <ButtonRow buttons={content.button ? [content.button] : []} />
    </section>
  );
}
