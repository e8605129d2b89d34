/** The heading of a block section: optional icon, an <h2> and an optional lead paragraph. */
import type { Image } from "~/content/schema";

import { ContentImage } from "./content-image";

type SectionHeaderProps = {
  id: string;
  header: string;
  p?: string;
  icon?: Image;
};

export function SectionHeader({ id, header, p, icon }: SectionHeaderProps) {
  return (
    <header className="section-header">
      <h2 id={id} className="section-header__title">
        {icon ? <ContentImage className="section-header__icon" image={icon} /> : null}
        {header}
      </h2>
      {p ? <p className="section-header__lead">{p}</p> : null}
    </header>
  );
}
