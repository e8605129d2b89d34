/** Block 8: every current promotion with its headline figure and key terms. */
import { useId } from "react";

import { BonusConditions } from "~/components/blocks/advertising-notice";
import type { BlockContent } from "~/content/schema";
import { ButtonLink } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";
import { FigureText } from "~/components/ui/figure-text";
import { SectionHeader } from "~/components/ui/section-header";

export function BonusList({ content }: { content: BlockContent<8> }) {
  const id = useId();
  return (
    <section data-block="BonusList" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={content.header} p={content.p} />
      <ol className="offer-list">
        {content.bonuses.map((bonus) => (
          <li key={bonus.title} className={bonus.image ? "offer offer--with-image" : "offer"}>
            {bonus.image ? <ContentImage className="offer__image" image={bonus.image} /> : null}
            <div className="offer__body">
              <h3 className="offer__title">{bonus.title}</h3>
              <p className="offer__highlight">
                <FigureText text={bonus.highlight} />
              </p>
              <p className="offer__text">{bonus.description}</p>
              {bonus.terms.length > 0 ? (
                <dl className="offer__terms">
                  {bonus.terms.map((term) => (
                    <div key={term.label} className="offer__term">
                      <dt>{term.label}</dt>
                      <dd>
                        <FigureText text={term.value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <BonusConditions validity={bonus.validity} conditions={bonus.conditions} />
              {bonus.button ? <ButtonLink button={bonus.button} /> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
