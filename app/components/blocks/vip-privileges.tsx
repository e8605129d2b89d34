/** Block 11: what the VIP programme grants. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ContentImage } from "~/components/ui/content-image";
import { SectionHeader } from "~/components/ui/section-header";

export function VipPrivileges({ content }: { content: BlockContent<11> }) {
  const block = content.vip_roller_block;
  const id = useId();
  return (
    <section data-block="VipPrivileges" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={block.header} p={block.p} />
      <ul className="card-grid card-grid--three">
        {block.privileges.map((privilege) => (
          <li key={privilege.title} className="card card--privilege">
            {privilege.icon ? (
              <ContentImage className="card__badge" image={privilege.icon} />
            ) : null}
            <h3 className="card__title">{privilege.title}</h3>
            <p className="card__text">{privilege.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
