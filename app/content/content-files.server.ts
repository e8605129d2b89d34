/**
 * Where the content lives and how it is read. Pages are files: every
 * `<content>/pages/*.json` is a page, discovered here, so no code lists them. The
 * directory is `content/` under the working directory, or CONTENT_DIR.
 *
 * Reading is synchronous because it happens once, while the server build loads (and again
 * in development each time a content file changes: server/dev-content.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { ContentFile } from "./parse-content";

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
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = position ? ` en la ${lineAndColumn(text, Number(position[1]))}` : "";
    const reason = message.replace(/ in JSON at position \d+.*$/, "").replace(/\s*\(line.*$/, "");
    problems.push(`${name}: (archivo): no es JSON válido${where}: ${reason}`);
    return null;
  }
}

export type ContentFiles = {
  siteFile: ContentFile | null;
  pageFiles: ContentFile[];
  /** Files that could not be read or are not JSON. */
  problems: string[];
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
