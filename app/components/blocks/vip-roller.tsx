/** Block 13: the high-roller offer of the VIP programme. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ButtonRow } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";

export function VipRoller({ content }: { content: BlockContent<13> }) {
  const block = content.vip_roller_block;
  const id = useId();
  return (
    <section data-block="VipRoller" className="section spotlight" aria-labelledby={id}>
      <div className="spotlight__text">
        <h2 id={id} className="section-header__title">
          {block.header}
        </h2>
        <p className="section-header__lead">{block.p}</p>
        <ul className="check-list">
          {block.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <ButtonRow buttons={block.button ? [block.button] : []} />
      </div>
      <ContentImage className="spotlight__image" image={block.image} />
    </section>
  );
}
