/** Block 5: bonus cards, each with artwork, a title and a list of terms. */
import { useId } from "react";

import { BonusConditions } from "~/components/blocks/advertising-notice";
import type { BlockContent } from "~/content/schema";
import { ButtonRow } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";
import { FigureText } from "~/components/ui/figure-text";
import { SectionHeader } from "~/components/ui/section-header";

export function Bonuses({ content }: { content: BlockContent<5> }) {
  const id = useId();
  return (
    <section data-block="Bonuses" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={content.header} p={content.p} icon={content.icon} />
      <ul className="card-grid">
        {content.bonuses.map((bonus) => (
          <li key={bonus.title_card_body} className="card card--bonus">
            <ContentImage
              className="card__image"
              image={{
                url: bonus.img_url,
                alt: bonus.img_alt,
                width: bonus.img_width,
                height: bonus.img_height,
              }}
            />
            <h3 className="card__title">{bonus.title_card_body}</h3>
            <ul className="check-list">
              {bonus.list_items.map((item) => (
                <li key={item}>
                  <FigureText text={item} />
                </li>
              ))}
            </ul>
            <BonusConditions validity={bonus.validity} conditions={bonus.conditions} />
          </li>
        ))}
      </ul>
      <ButtonRow buttons={content.buttons} />
    </section>
  );
}
