/** Block 9: the VIP levels at a glance, lowest first. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ButtonRow } from "~/components/ui/button-link";
import { ContentImage } from "~/components/ui/content-image";
import { SectionHeader } from "~/components/ui/section-header";

export function VipPreview({ content }: { content: BlockContent<9> }) {
  const block = content.vip_card_block;
  const id = useId();
  return (
    <section data-block="VipPreview" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={block.header} p={block.p} />
      <ol className="vip-levels">
        {block.levels.map((level) => (
          <li key={level.name} className="vip-level">
            <ContentImage className="vip-level__image" image={level.image} />
            <h3 className="vip-level__name">{level.name}</h3>
            <p className="vip-level__requirement">{level.requirement}</p>
            <p className="vip-level__reward">{level.reward}</p>
          </li>
        ))}
      </ol>
      <ButtonRow buttons={block.button ? [block.button] : []} />
    </section>
  );
}
