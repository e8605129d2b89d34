/** Block 4: a grid of game tiles with provider and hover text, and a "show all" link. */
import { useId } from "react";

import type { BlockContent } from "~/content/schema";
import { ContentImage } from "~/components/ui/content-image";
import { ContentLink } from "~/components/ui/content-link";
import { SectionHeader } from "~/components/ui/section-header";

/**
 * A tile as written in the block. The parser has put each game's name, studio and artwork
 * in place of a tile that names it (`game`: app/content/record-pages.ts).
 */
type Tile = BlockContent<4>["table"]["content"][number];
type WrittenTile = Tile & Required<Pick<Tile, "name" | "alt" | "image" | "provider">>;

export function Games({ content }: { content: BlockContent<4> }) {
  const id = useId();
  const icon = content.icon_url
    ? { url: content.icon_url, alt: content.icon_alt, width: 32, height: 32 }
    : undefined;
  return (
    <section data-block="Games" className="section" aria-labelledby={id}>
      <SectionHeader id={id} header={content.header_title} icon={icon} />
      <ul className="games-grid">
        {(content.table.content as WrittenTile[]).map((game) => (
          <li key={game.name} className="game-tile">
            <ContentLink
              className="game-tile__link"
              href={game.link}
              urlType={game.url_type}
              redirectUrl={game.redirect_link}
              target={game.target_link}
            >
              {/* The tile's name and studio follow as its text: the artwork is decorative,
                  so a screen reader says the name once. */}
              <ContentImage
                className="game-tile__image"
                image={{
                  url: game.image,
                  alt: "",
                  width: content.tile_width,
                  height: content.tile_height,
                }}
              />
              <span className="game-tile__hover" aria-hidden="true">
                {content.hover_text}
              </span>
              <span className="game-tile__name">{game.name}</span>
              <span className="game-tile__provider">{game.provider}</span>
            </ContentLink>
          </li>
        ))}
      </ul>
      <div className="button-row button-row--center">
        <ContentLink
          className="button button--secondary"
          href={content.btn_show_all_link}
          urlType={content.btn_show_all_url_type}
          redirectUrl={content.btn_show_all_redirect_link}
          target={content.btn_show_all_target_link}
        >
          {content.btn_show_all_text}
        </ContentLink>
      </div>
    </section>
  );
}
