/** Block 12: the heading of a legal page: title, version and dates, introduction. */
import type { BlockContent } from "~/content/schema";

/** "2025-03-10" → "10.03.2025", the way the legal pages print dates. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}.${month}.${year}`;
}

export function InfoBlock({ content }: { content: BlockContent<12> }) {
  return (
    <section data-block="InfoBlock" className="info-block">
      {content.pre_title ? <p className="info-block__pre-title">{content.pre_title}</p> : null}
      <h1 className="info-block__title">{content.title}</h1>
      <dl className="info-block__facts">
        {content.version ? (
          <div>
            <dt>{content.version_label}</dt>
            <dd>{content.version}</dd>
          </div>
        ) : null}
        {content.created ? (
          <div>
            <dt>{content.created_label}</dt>
            <dd>
              <time dateTime={content.created}>{formatDate(content.created)}</time>
            </dd>
          </div>
        ) : null}
        {content.updated ? (
          <div>
            <dt>{content.updated_label}</dt>
            <dd>
              <time dateTime={content.updated}>{formatDate(content.updated)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <div
        className="info-block__description prose"
        dangerouslySetInnerHTML={{ __html: content.description }}
      />
    </section>
  );
}
