/** Block 14: free text; an optional heading and HTML that passed the content allowlist. */
import type { BlockContent } from "~/content/schema";

export function TextComponent({ content }: { content: BlockContent<14> }) {
  const Heading = content.header_is_h1 ? "h1" : "h2";
  return (
    <section data-block="TextComponent" className="section text-block">
      {content.header ? (
        <Heading className="section-header__title" id={content.anchor}>
          {content.header}
        </Heading>
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: content.html }} />
    </section>
  );
}
