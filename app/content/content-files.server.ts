/**
 * Where the content lives and how it is read. Pages are files: every
 * `<content>/pages/*.json` is a page, discovered here, so no code lists them. The
 * directory is `content/` under the working directory, or CONTENT_DIR.
 *
 * Reading is synchronous because it happens once, while the server build loads (and again
 * in development each time a content file changes: server/dev-content.ts).
 */
import type { MovedPath } from "~/redirects/redirects";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { ContentFile } from "./parse-content";
import type { Dimensions } from "./schema/context";

/**
 * The files of the studio's media library (app/studio/media-store.server.ts), which live in
 * the database and not in public/: a path's size, or null when the library has no such file.
 */
export type MediaLookup = (urlPath: string) => Dimensions | null;

export type ContentDirectory = {
  /** Absolute path of the directory holding site.json and pages/. */
  root: string;
  /** Absolute path of public/, where images and other files a link may name live. */
  publicRoot: string;
};

/** The content directory of this process (CONTENT_DIR, else content/) and public/. */
export function contentDirectory(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): ContentDirectory {
  const cwd = process.cwd();
  return {
    root: path.resolve(cwd, environment.CONTENT_DIR || "content"),
    publicRoot: path.resolve(cwd, "public"),
  };
}

/** A file's name as an editor reads it: relative to the working directory when inside it. */
export function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative)
    ? relative.split(path.sep).join("/")
    : file;
}

/** Line and column (1-based) of a character offset, for JSON syntax errors. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `línea ${line}, columna ${column}`;
}

/**
 * JSON.parse's reasons in the editor's words, and whether the mistake is before the place
 * the parser stopped at: a missing comma is noticed at the next value, but belongs after
 * the last one; a trailing comma is noticed at the closing brace, but is the comma.
 */
const SYNTAX_REASONS: Array<{ english: RegExp; spanish: string; before: boolean }> = [
  {
    english: /^Expected ',' or '\}' after property value/,
    spanish: "falta una coma (o la llave de cierre) después de este valor",
    before: true,
  },
  {
    english: /^Expected ',' or '\]' after array element/,
    spanish: "falta una coma (o el corchete de cierre) después de este elemento",
    before: true,
  },
  {
    english: /^Expected double-quoted property name/,
    spanish: "sobra esta coma, o falta el nombre de un campo entre comillas",
    before: true,
  },
  {
    english: /^Unexpected end of JSON input/,
    spanish: "el archivo termina sin cerrar todas sus llaves o corchetes",
    before: false,
  },
  {
    english: /^Bad control character in string literal/,
    spanish: "un texto tiene un salto de línea o un tabulador (escribe \\n entre las comillas)",
    before: false,
  },
  {
    english: /^Unexpected token/,
    spanish: "aquí hay un carácter que no es JSON (¿comillas simples o una coma de más?)",
    before: false,
  },
];

/** Where and what a JSON syntax error is, in Spanish, at the mistake's place. */
function syntaxProblem(text: string, message: string): string {
  const position = /position (\d+)/.exec(message);
  const english = message.replace(/ in JSON at position \d+.*$/, "").replace(/\s*\(line.*$/, "");
  const known = SYNTAX_REASONS.find((reason) => reason.english.test(english));
  let offset = position ? Number(position[1]) : message.includes("end of JSON") ? text.length : -1;
  if (known?.before && offset > 0) {
    offset -= 1;
    while (offset > 0 && /\s/.test(text[offset]!)) offset -= 1;
  }
  const where = offset >= 0 ? ` en la ${lineAndColumn(text, offset)}` : "";
  return `no es JSON válido${where}: ${known?.spanish ?? english}`;
}

/** Parses one JSON file; a syntax error becomes a problem naming the line and column. */
function readJson(file: string, problems: string[]): ContentFile | null {
  const name = displayName(file);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push(`${name}: (archivo): no se puede leer (${code ?? (error as Error).message})`);
    return null;
  }
  try {
    return { file: name, data: JSON.parse(text) as unknown };
  } catch (error) {
    problems.push(`${name}: (archivo): ${syntaxProblem(text, (error as Error).message)}`);
    return null;
  }
}

export type ContentFiles = {
  siteFile: ContentFile | null;
  pageFiles: ContentFile[];
  /** Files that could not be read or are not JSON. */
  problems: string[];
  /** The media library's files the content may name besides public/'s (the studio's). */
  media?: MediaLookup;
  /**
   * The paths pages have left, and where each page is now (from the studio's revisions): a
   * link to one still leads somewhere (a 301), and the site answers it (app/redirects).
   */
  moved?: readonly MovedPath[];
};

/** Reads site.json and every pages/*.json (in file-name order) of a content directory. */
export function readContentFiles(root: string): ContentFiles {
  const problems: string[] = [];
  const siteFile = readJson(path.join(root, "site.json"), problems);
  const pagesRoot = path.join(root, "pages");
  let names: string[] = [];
  try {
    names = readdirSync(pagesRoot, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push(`${displayName(pagesRoot)}: (carpeta): no se puede leer (${code})`);
  }
  const pageFiles: ContentFile[] = [];
  for (const name of names) {
    const file = readJson(path.join(pagesRoot, name), problems);
    if (file) pageFiles.push(file);
  }
  return { siteFile, pageFiles, problems };
}
