/**
 * The checks that need more than one file's schema: files on disk, links between pages,
 * and SEO advice. They read the raw JSON (the paths they report are the ones an editor
 * sees in the file) after the schemas accepted it.
 *
 * Problems stop `npm run content:check`, the build and the boot: an image or file that
 * does not exist, an image whose declared size has another shape than the file, an
 * internal link to nothing, two pages with one title or description.
 *
 * Warnings never stop anything; they are advice, the way Yoast gives it: titles and
 * descriptions out of the lengths search engines show, a page nothing links to, an image
 * without alt text, headings that skip a level.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

import { imageSize } from "image-size";

import type { ContentFile } from "./parse-content";
import { formatPath } from "./parse-content";

/** Lengths search results show (Yoast's and Rank Math's advice). */
export const SEO_LIMITS = {
  titleMax: 60,
  descriptionMin: 70,
  descriptionMax: 160,
} as const;

/** How `npm run new-page` marks text still to write; content:check lists what is left. */
export const PLACEHOLDER = "[Por completar";

/** Paths the site answers besides its pages and the files in public/ (see remix.config.js). */
const ROUTE_PATHS = new Set(["/login", "/sing-up", "/sitemap.xml", "/robots.txt"]);
const ROUTE_PREFIXES = ["/go/"];
/** Slugs a visitor reaches by status, not by a link. */
const STATUS_SLUGS = new Set(["/403", "/404"]);

/** Extensions of files a content string names (anything else starting with "/" is a link). */
const FILE_EXTENSION = /\.(svg|png|jpe?g|webp|avif|gif|ico|pdf|txt|xml|json)$/i;
/** Keys whose value is a link (url, link, href, logo_link, btn_show_all_link, canonical_url…). */
const LINK_KEY = /(^|_)(url|link|href)$/;
const HTML_HREF = /<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1/gi;
const HTML_HEADING = /<h([1-6])\b/gi;

/** MainBlock (1), InfoBlock (12) and a TextComponent (14) with header_is_h1 give the <h1>. */
function isH1Block(component: unknown): boolean {
  const { component_id: id, data } = (component ?? {}) as {
    component_id?: unknown;
    data?: { content?: { header_is_h1?: unknown } };
  };
  return id === 1 || id === 12 || (id === 14 && data?.content?.header_is_h1 === true);
}

export type Finding = { file: string; path: string; message: string };
export type CheckResult = { problems: string[]; warnings: string[] };

export const formatFinding = ({ file, path: at, message }: Finding) => `${file}: ${at}: ${message}`;

type Visit = (value: unknown, at: PropertyKey[], key: PropertyKey | undefined) => void;

function walk(value: unknown, visit: Visit, at: PropertyKey[] = []): void {
  visit(value, at, at[at.length - 1]);
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, visit, [...at, index]));
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) walk(item, visit, [...at, key]);
  }
}

/** The path a link names, without #fragment, ?query or a trailing slash. */
export function linkedPath(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const bare = href.replace(/[?#].*$/, "");
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : "/";
}

type Dimensions = { width: number; height: number };

/** Reads files under public/ once per check run. */
class PublicFiles {
  private readonly exists = new Map<string, boolean>();
  private readonly sizes = new Map<string, Dimensions | null>();
  constructor(private readonly root: string) {}

  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const file = path.join(this.root, decoded);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  has(urlPath: string): boolean {
    let known = this.exists.get(urlPath);
    if (known === undefined) {
      const file = this.resolve(urlPath);
      known = file !== null && (statSync(file, { throwIfNoEntry: false })?.isFile() ?? false);
      this.exists.set(urlPath, known);
    }
    return known;
  }

  /** The file's own width and height, when it has them (raster, or SVG with a size). */
  dimensions(urlPath: string): Dimensions | null {
    if (!this.sizes.has(urlPath)) {
      let size: Dimensions | null = null;
      const file = this.resolve(urlPath);
      if (file && this.has(urlPath)) {
        try {
          const { width, height } = imageSize(readFileSync(file));
          if (width && height) size = { width, height };
        } catch {
          size = null;
        }
      }
      this.sizes.set(urlPath, size);
    }
    return this.sizes.get(urlPath) ?? null;
  }
}

/** Declared and intrinsic shapes differ by more than 2 % (rounding of a few pixels). */
function sameShape(declared: Dimensions, file: Dimensions): boolean {
  const ratio = declared.width / declared.height;
  const actual = file.width / file.height;
  return Math.abs(ratio - actual) / actual <= 0.02;
}

const number = (value: unknown): number | null =>
  typeof value === "number" && value > 0 ? value : null;

/** Images of a content object: {url, width, height, alt}, card art, and game tiles. */
function imagesOf(
  value: unknown,
): { key: string; url: unknown; size: Dimensions | null; altKey: string; alt: unknown }[] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  const object = value as Record<string, unknown>;
  const found = [];
  const pair = (width: unknown, height: unknown) => {
    const w = number(width);
    const h = number(height);
    return w && h ? { width: w, height: h } : null;
  };
  if ("url" in object && "width" in object && "height" in object) {
    found.push({
      key: "url",
      url: object.url,
      size: pair(object.width, object.height),
      altKey: "alt",
      alt: object.alt,
    });
  }
  if ("img_url" in object) {
    found.push({
      key: "img_url",
      url: object.img_url,
      size: pair(object.img_width, object.img_height),
      altKey: "img_alt",
      alt: object.img_alt,
    });
  }
  return found;
}

/**
 * Runs every check over the raw files of content the schemas accepted. `slugs` are the
 * pages' paths.
 */
export function checkContent({
  siteFile,
  pageFiles,
  publicRoot,
}: {
  siteFile: ContentFile;
  pageFiles: ContentFile[];
  publicRoot: string;
}): CheckResult {
  const problems: Finding[] = [];
  const warnings: Finding[] = [];
  const files = new PublicFiles(publicRoot);
  const slugs = new Set(pageFiles.map(({ data }) => (data as { slug: string }).slug));
  /** Pages some other file links to. */
  const linkedFrom = new Map<string, Set<string>>();

  const isRoute = (target: string) =>
    slugs.has(target) ||
    ROUTE_PATHS.has(target) ||
    ROUTE_PREFIXES.some((prefix) => target.startsWith(prefix)) ||
    files.has(target);

  const checkLink = (file: string, at: PropertyKey[], href: string, inHtml: boolean) => {
    const target = linkedPath(href);
    if (target === null) return;
    if (!isRoute(target)) {
      const where = inHtml ? `a link in the HTML to "${href}"` : `"${href}"`;
      problems.push({
        file,
        path: formatPath(at),
        message: `${where} leads to no page of the site (pages: ${[...slugs].sort().join(", ")})`,
      });
      return;
    }
    if (!linkedFrom.has(target)) linkedFrom.set(target, new Set());
    linkedFrom.get(target)!.add(file);
  };

  const checkFile = ({ file, data }: ContentFile) => {
    walk(data, (value, at, key) => {
      if (typeof value === "string") {
        const name = typeof key === "string" ? key : "";
        if (value.includes(PLACEHOLDER)) {
          warnings.push({ file, path: formatPath(at), message: "text still to write" });
        }
        const names = FILE_EXTENSION.test(value.replace(/[?#].*$/, ""));
        if (value.startsWith("/") && !value.startsWith("//") && names) {
          if (!files.has(value.replace(/[?#].*$/, ""))) {
            problems.push({
              file,
              path: formatPath(at),
              message: `"${value}" names no file in public/ (add the file, or fix the path)`,
            });
          }
        } else if (LINK_KEY.test(name) || (name === "slug" && at.includes("hreflang"))) {
          // hreflang alternates are links too: search engines follow them.
          checkLink(file, at, value, false);
        }
        if (value.includes("<")) {
          for (const match of value.matchAll(HTML_HREF)) checkLink(file, at, match[2]!, true);
          const levels = [...value.matchAll(HTML_HEADING)].map((match) => Number(match[1]));
          // Text inside a block sits under the block's own <h2>.
          let previous = 2;
          for (const level of levels) {
            if (level > previous + 1) {
              warnings.push({
                file,
                path: formatPath(at),
                message: `heading <h${level}> follows <h${previous}>: a level is skipped (use <h${previous + 1}>)`,
              });
            }
            previous = level;
          }
        }
        return;
      }
      for (const image of imagesOf(value)) {
        if (typeof image.url !== "string" || !files.has(image.url)) continue;
        const own = files.dimensions(image.url);
        if (image.size && own && !sameShape(image.size, own)) {
          problems.push({
            file,
            path: formatPath([...at, image.key]),
            message:
              `declared ${image.size.width}×${image.size.height} but "${image.url}" is ` +
              `${own.width}×${own.height}: another shape, so the image would be distorted or ` +
              `the page would jump (declare ${own.width}×${own.height} or a size of the same shape)`,
          });
        }
        // Icons and card art sit next to their own heading: an empty alt marks them as decoration.
        const decoration = at[at.length - 1] === "icon" || at.includes("cards");
        if (!decoration && typeof image.alt === "string" && image.alt.trim() === "") {
          warnings.push({
            file,
            path: formatPath([...at, image.altKey]),
            message: `image "${image.url}" has no alt text (describe it, unless it is decoration)`,
          });
        }
      }
      checkGameTiles(file, at, value);
    });
  };

  /** Games (component 4): tiles share tile_width × tile_height. */
  const checkGameTiles = (file: string, at: PropertyKey[], value: unknown) => {
    const block = value as {
      tile_width?: unknown;
      tile_height?: unknown;
      table?: { content?: unknown };
    } | null;
    const width = number(block?.tile_width);
    const height = number(block?.tile_height);
    if (!width || !height || !Array.isArray(block?.table?.content)) return;
    block.table.content.forEach((tile: { image?: unknown; alt?: unknown }, index) => {
      const tileAt = [...at, "table", "content", index];
      if (typeof tile?.image === "string" && files.has(tile.image)) {
        const own = files.dimensions(tile.image);
        if (own && !sameShape({ width, height }, own)) {
          problems.push({
            file,
            path: formatPath([...tileAt, "image"]),
            message: `"${tile.image}" is ${own.width}×${own.height}, another shape than the tiles' ${width}×${height} (tile_width × tile_height)`,
          });
        }
      }
      if (typeof tile?.alt === "string" && tile.alt.trim() === "") {
        warnings.push({
          file,
          path: formatPath([...tileAt, "alt"]),
          message: `image "${String(tile.image)}" has no alt text`,
        });
      }
    });
  };

  checkFile(siteFile);
  const byTitle = new Map<string, string>();
  const byDescription = new Map<string, string>();
  for (const pageFile of pageFiles) {
    checkFile(pageFile);
    const page = pageFile.data as {
      slug: string;
      meta: { title: string; description: string };
      components: unknown[];
    };
    const { file } = pageFile;
    const title = page.meta.title.trim();
    const description = page.meta.description.trim();
    const sameTitle = byTitle.get(title);
    if (sameTitle) {
      problems.push({
        file,
        path: "meta.title",
        message: `the same title as ${sameTitle}: each page needs its own ("${title}")`,
      });
    } else byTitle.set(title, file);
    const sameDescription = byDescription.get(description);
    if (sameDescription) {
      problems.push({
        file,
        path: "meta.description",
        message: `the same description as ${sameDescription}: each page needs its own`,
      });
    } else byDescription.set(description, file);

    if (title.length > SEO_LIMITS.titleMax) {
      warnings.push({
        file,
        path: "meta.title",
        message: `${title.length} characters: search results cut titles after about ${SEO_LIMITS.titleMax}`,
      });
    }
    if (
      description.length < SEO_LIMITS.descriptionMin ||
      description.length > SEO_LIMITS.descriptionMax
    ) {
      warnings.push({
        file,
        path: "meta.description",
        message: `${description.length} characters: aim for ${SEO_LIMITS.descriptionMin} to ${SEO_LIMITS.descriptionMax}, what search results show`,
      });
    }
    const h1Blocks = page.components.filter(isH1Block).length;
    if (h1Blocks !== 1) {
      warnings.push({
        file,
        path: "components",
        message:
          h1Blocks === 0
            ? "no main heading (<h1>): add a MainBlock (1), an InfoBlock (12) or a TextComponent (14) with header_is_h1"
            : `${h1Blocks} blocks make an <h1>: a page has one main heading`,
      });
    }
  }

  for (const { file, data } of pageFiles) {
    const { slug } = data as { slug: string };
    if (slug === "/" || STATUS_SLUGS.has(slug)) continue;
    const sources = linkedFrom.get(slug);
    const fromOthers = sources ? [...sources].some((source) => source !== file) : false;
    if (!fromOthers) {
      warnings.push({
        file,
        path: "slug",
        message: `no other page, menu or footer links to "${slug}": visitors and search engines will hardly find it`,
      });
    }
  }
  return { problems: problems.map(formatFinding), warnings: warnings.map(formatFinding) };
}
