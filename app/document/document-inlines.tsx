/**
 * What the <head> of every document carries inline, given by the server and read back
 * from the document in the browser (so hydration sees the same markup and nothing is
 * downloaded twice):
 * - the site's stylesheet: the first paint needs no request
 *   (docs/decisions/008-bootstrap-after-first-paint.md);
 * - an import map whose `integrity` lists the SHA-384 of every module of the build, so
 *   the browser refuses a module that is not the one this build made (Subresource
 *   Integrity for the modules Remix imports, from a CDN too).
 * The CSP allows both by their hashes (docs/decisions/002-hashes-not-nonces.md).
 */
import { createContext, useContext } from "react";

export const INLINE_STYLE_ID = "app-style";
export const IMPORT_MAP_ID = "app-import-map";

export type DocumentInlineTexts = {
  /** The text of a built stylesheet, by its URL. */
  stylesheet: (href: string) => string;
  /** The import map (JSON) with the build's module integrity. */
  importMap: string;
};

export const DocumentInlines = createContext<DocumentInlineTexts>({
  stylesheet: () => "",
  importMap: "{}",
});

export function InlineStyle({ href }: { href: string }) {
  const { stylesheet } = useContext(DocumentInlines);
  return <style id={INLINE_STYLE_ID} dangerouslySetInnerHTML={{ __html: stylesheet(href) }} />;
}

export function ImportMap() {
  const { importMap } = useContext(DocumentInlines);
  return (
    <script type="importmap" id={IMPORT_MAP_ID} dangerouslySetInnerHTML={{ __html: importMap }} />
  );
}

/** In the browser: the texts the server inlined. */
export function inlinedTexts(doc: Document = document): DocumentInlineTexts {
  const style = doc.getElementById(INLINE_STYLE_ID)?.textContent ?? "";
  const importMap = doc.getElementById(IMPORT_MAP_ID)?.textContent ?? "{}";
  return { stylesheet: () => style, importMap };
}
