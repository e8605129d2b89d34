/**
 * Block 7: questions and answers as native <details> elements, so the accordion works
 * with keyboard, mouse and without JavaScript. Legal pages number their sections, and
 * each section title is a heading of the page's outline (under the block's own <h2>, or
 * an <h2> itself when the block has none).
 * Answers are HTML that passed the content allowlist when the server booted.
 */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";

export function Faq({ content }: { content: BlockContent<7> }) {
  const id = useId();
  const List = content.numbered ? "ol" : "ul";
  const Heading = content.header ? "h3" : "h2";
  return (
    <section
      data-block="Faq"
      className="section faq"
      aria-labelledby={content.header ? id : undefined}
    >
      {content.header ? (
        <h2 id={id} className="section-header__title">
          {content.header}
        </h2>
      ) : null}
      <List className="faq__list">
        {content.items.map((item, index) => (
          <li key={item.question} className="faq__item">
            <details className="faq__details">
              <summary className="faq__question">
                {content.numbered ? <span className="faq__number">{index + 1}.</span> : null}
                {content.numbered ? (
                  <Heading className="faq__heading">{item.question}</Heading>
                ) : (
                  <span>{item.question}</span>
                )}
              </summary>
              <div
                className="faq__answer prose"
                dangerouslySetInnerHTML={{ __html: item.answer }}
              />
            </details>
          </li>
        ))}
      </List>
    </section>
  );
}
