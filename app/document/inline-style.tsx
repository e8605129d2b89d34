/**
 * The site's stylesheet, inlined in the <head> of every document: the first paint needs
 * no request (measured: see the README's Lighthouse figures). The server gives the text
 * through this context (entry.server reads the built file once); the browser gives the
 * text already in the document (entry.client), so hydration sees the same markup and
 * nothing is downloaded or applied twice. The CSP allows it by its hash (see 002).
 */
import { createContext, useContext } from "react";

export const INLINE_STYLE_ID = "app-style";

/** The text of a built stylesheet, by its URL. */
export const StylesheetText = createContext<(href: string) => string>(() => "");

export function InlineStyle({ href }: { href: string }) {
  const textOf = useContext(StylesheetText);
  return <style id={INLINE_STYLE_ID} dangerouslySetInnerHTML={{ __html: textOf(href) }} />;
}

/** In the browser: the stylesheet text the server inlined. */
export function inlinedStylesheet(doc: Document = document): string {
  return doc.getElementById(INLINE_STYLE_ID)?.textContent ?? "";
}
