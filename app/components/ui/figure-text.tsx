/**
 * Text from content in which a figure and its unit ("600 €/día", "0,0005 BTC", "3 días")
 * never part at a line end: each such pair is kept on one line, the rest wraps as usual.
 */
import { Fragment } from "react";

/** A number (with Spanish thousands and decimal marks) and the word right after it. */
const FIGURE_WITH_UNIT = /(\d+(?:[.,]\d+)*\s+[^\s\d()][^\s()]*)/;

export function FigureText({ text }: { text: string }) {
  const parts = text.split(FIGURE_WITH_UNIT);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capture group puts the matches at the odd positions.
        index % 2 === 1 ? (
          <span key={index} className="nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
